import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PreSendAction } from 'n8n-workflow';

/**
 * n8n runs a declarative node's items side by side: item 0's request leaves as soon as item 0's
 * input is checked. Without this module a wrong value in item 2 stopped the node after items 0 and
 * 1 had already created their records, which then appeared nowhere in the output.
 *
 * - Every item's checks finish first; when one item is wrong, no item sends anything and the node
 *   fails with that item's error.
 * - When the API refuses one write, the error lists the items that were created meanwhile, so a
 *   user knows what to skip before running again.
 * Under "On Error: Continue" each item stands alone and reports itself, as n8n users expect.
 *
 * A wave knows how many items the run has, so an item sends only once every item's check has
 * ended. Every operation has exactly one check (defineOperation attaches it), so each item counts
 * once. An item whose check never starts means the engine failed the node before it: nothing sends.
 */

interface Wave {
	/** Items whose check has not ended yet. */
	unchecked: number;
	failedChecks: boolean;
	/** Items whose requests are on their way. */
	sending: number;
	/** What each accepted write created, by item index. */
	written: Map<number, string>;
	idle: Array<() => void>;
}

/** One wave per node run, keyed by the run's execute data (shared by all its items). */
const waves = new WeakMap<object, Wave>();

function waveOf(context: IExecuteSingleFunctions, create = false): Wave | undefined {
	const key = context.getExecuteData?.() as object | undefined;
	if (key === undefined || context.continueOnFail()) return undefined;
	let wave = waves.get(key);
	if (!wave && create) {
		const data = context.getExecuteData().data;
		const items = (data.main ?? data.ai_tool)?.[0]?.length ?? 1;
		wave = { unchecked: items, failedChecks: false, sending: 0, written: new Map(), idle: [] };
		waves.set(key, wave);
	}
	return wave;
}

function wake(wave: Wave) {
	wave.idle.splice(0).forEach((resume) => resume());
}

/** Waits until every item is checked (or failed a check) and, with `sending`, no item is sending. */
async function settle(wave: Wave, { sending = false } = {}) {
	const busy = () => (wave.unchecked > 0 && !wave.failedChecks) || (sending && wave.sending > 0);
	while (busy()) await new Promise<void>((resume) => wave.idle.push(resume));
}

/** Wraps an operation's check of an item so that it counts in its run's wave. */
export function checkedWithAllItems(action: PreSendAction): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const wave = waveOf(this, true);
		if (!wave) return await action.call(this, requestOptions);
		let passed = false;
		try {
			const checked = await action.call(this, requestOptions);
			passed = true;
			return checked;
		} finally {
			if (!passed) wave.failedChecks = true;
			wave.unchecked--;
			// Waiting items can only go on once every check has ended, or one failed: waking them earlier costs a pass over all of them per item.
			if (wave.unchecked === 0 || wave.failedChecks) wake(wave);
		}
	};
}

/**
 * Sends one item's requests once every item is checked: `send` is not called (and nothing comes
 * out) when another item's input was wrong, because the node then fails with that item's error.
 * A failed write gets a note naming the items of the run that were created before it failed.
 */
export async function sendWithAllItems(
	context: IExecuteSingleFunctions,
	write: boolean,
	send: () => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	const wave = waveOf(context);
	if (!wave) return await send();
	await settle(wave);
	if (wave.failedChecks) return [];
	wave.sending++;
	let failure: unknown;
	try {
		const items = await send();
		if (write) wave.written.set(context.getItemIndex(), createdIdOf(items));
		return items;
	} catch (error) {
		failure = error;
	} finally {
		wave.sending--;
		if (wave.sending === 0) wake(wave);
	}
	if (write) {
		await settle(wave, { sending: true });
		noteWhatWasWritten(failure, wave.written);
	}
	throw failure;
}

function createdIdOf(items: INodeExecutionData[]): string {
	const id = (items[0]?.json as IDataObject | undefined)?.id;
	return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
}

function noteWhatWasWritten(error: unknown, written: Map<number, string>) {
	if (written.size === 0 || error === null || typeof error !== 'object') return;
	const entries = [...written.entries()].sort(([a], [b]) => a - b);
	const list = entries.map(([item, id]) => (id ? `item ${item} (ID ${id})` : `item ${item}`)).join(', ');
	const note =
		`Already done in Admintotal before this failure: ${list}. They are not in the node's output because the node stopped; ` +
		'leave them out before running again, or set On Error to Continue to get every item\'s result.';
	const described = error as { description?: string | null };
	described.description = described.description ? `${described.description}\n${note}` : note;
}
