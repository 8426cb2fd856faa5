import type { IPollFunctions } from 'n8n-workflow';

/**
 * Memory that cannot be read (a hand-edited import, a truncated static data) is neither trusted nor
 * fatal: the trigger starts over as at a first activation (nothing already there is reported) and
 * says so in n8n's log. Returns undefined, the memory it starts from.
 */
export function forgetUnreadable(context: IPollFunctions, what: string): undefined {
	context.logger.warn(`Admintotal Polling Trigger "${context.getNode().name}" could not read its memory of ${what}; it starts over as at a first activation, reporting nothing already there`, {
		workflowId: context.getWorkflow().id,
		node: context.getNode().name,
	});
	return undefined;
}
