/**
 * The scripted model's part in "ask whether a customer is on the SAT blacklist"
 * (examples/ask-sat-blacklist-agent.json). Turn 1: it reads the customer's name and RFC from the
 * question and calls both tools, with the argument names it finds in the tool schemas n8n sent.
 * Turn 2: it answers from the tool results it was sent back, and from nothing else.
 */
import type { ChatMessage, ChatRequest, Script, ScriptedReply } from './scriptedModel';
import { textOf } from './scriptedModel';

/** Tool names as n8n derives them from the node names of the example. */
export const EXAMPLE_TOOLS = { checkRfc: 'Check_RFC', salesNotes: 'Recent_Sales_Notes' } as const;

const RFC_IN_TEXT = /\b[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}\b/i;
/** "… customer DISTRIBUIDORA LA ESPERANZA (RFC …" */
const CUSTOMER_IN_TEXT = /customer\s+(.+?)\s*\(/i;

export type ToolItems = Array<Record<string, unknown>>;

export function satBlacklistScript(tools: { checkRfc: string; salesNotes: string } = EXAMPLE_TOOLS): Script {
	return (request: ChatRequest): ScriptedReply => {
		const results = toolResults(request.messages);
		if (results.size === 0) {
			const question = textOf([...request.messages].reverse().find((message) => message.role === 'user') ?? { role: 'user', content: '' });
			const rfc = RFC_IN_TEXT.exec(question)?.[0].toUpperCase();
			const customer = CUSTOMER_IN_TEXT.exec(question)?.[1];
			if (!rfc || !customer) throw new Error(`the script needs a customer name and an RFC in the question, got: ${question}`);
			return {
				toolCalls: [
					{ name: tools.checkRfc, arguments: { [argumentOf(request, tools.checkRfc, /rfc/i)]: rfc } },
					{ name: tools.salesNotes, arguments: { [argumentOf(request, tools.salesNotes, /name/i)]: customer } },
				],
			};
		}
		const verdict = results.get(tools.checkRfc)?.[0];
		const notes = results.get(tools.salesNotes);
		if (!verdict || !notes) throw new Error(`tool results missing: got ${[...results.keys()].join(', ')}`);
		return { content: blacklistAnswer(verdict, notes) };
	};
}

/** The final answer, worded from the Check RFC verdict and the sales notes the tools returned. */
export function blacklistAnswer(verdict: Record<string, unknown>, notes: ToolItems): string {
	const listing = verdict.listed
		? `${String(verdict.rfc)} is on SAT's 69-B list as ${String(verdict.tipoLabel ?? `type ${String(verdict.tipo)}`)}`
		: `${String(verdict.rfc)} is not on SAT's 69-B list`;
	const decision = verdict.blocking ? 'Blocking: do not invoice or pay this customer until it is resolved.' : 'Not blocking.';
	const folios = notes.map((note) => String(note.folio_completo ?? note.folio)).join(', ');
	return `${listing}. ${decision} ${String(verdict.meaning)} Latest sales notes: ${folios || 'none'}.`;
}

/** The name of the schema property whose name matches, so the script passes what n8n asks for. */
function argumentOf(request: ChatRequest, toolName: string, pattern: RegExp): string {
	const tool = request.tools?.find((candidate) => candidate.function.name === toolName);
	if (!tool) throw new Error(`no tool ${toolName} among ${request.tools?.map((candidate) => candidate.function.name).join(', ') ?? 'none'}`);
	const name = Object.keys(tool.function.parameters?.properties ?? {}).find((key) => pattern.test(key));
	if (!name) throw new Error(`tool ${toolName} has no parameter matching ${pattern}`);
	return name;
}

/** Tool results by tool name: each tool message's content parsed into the items the node output. */
export function toolResults(messages: ChatMessage[]): Map<string, ToolItems> {
	const toolOfCall = new Map<string, string>();
	for (const message of messages) for (const call of message.tool_calls ?? []) toolOfCall.set(call.id, call.function.name);
	const results = new Map<string, ToolItems>();
	for (const message of messages) {
		if (message.role !== 'tool' || !message.tool_call_id) continue;
		const name = toolOfCall.get(message.tool_call_id) ?? message.name ?? '';
		results.set(name, itemsOf(textOf(message)));
	}
	return results;
}

function itemsOf(content: string): ToolItems {
	let parsed: unknown;
	try {
		parsed = JSON.parse(content);
	} catch {
		return [{ text: content }];
	}
	const list = Array.isArray(parsed) ? parsed : [parsed];
	return list.map((entry) => (entry && typeof entry === 'object' && 'json' in entry ? (entry as { json: Record<string, unknown> }).json : (entry as Record<string, unknown>)));
}
