import type { IPollFunctions } from 'n8n-workflow';

/** Unreadable memory (a hand-edited import) is neither trusted nor fatal: the trigger starts over as at activation, saying so in n8n's log. */
export function forgetUnreadable(context: IPollFunctions, what: string): undefined {
	const message = `Admintotal Polling Trigger "${context.getNode().name}" could not read its memory of ${what}; it starts over as at a first activation, reporting nothing already there`;
	context.logger.warn(message, { workflowId: context.getWorkflow().id, node: context.getNode().name });
	return undefined;
}
