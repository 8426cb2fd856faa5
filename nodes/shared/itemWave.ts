import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PreSendAction } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

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
 * The engine starts every item's checks in one synchronous loop, so by the next macrotask all of
 * them have begun (with request batching this holds per batch).
 */

interface Wave {
	/** Checks begun and not yet finished, over all items of the run. */
	checking: number;
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
		wave = { checking: 0, failedChecks: false, sending: 0, written: new Map(), idle: [] };
		waves.set(key, wave);
	}
	return wave;
}

function wakeIfIdle(wave: Wave) {
	if (wave.checking === 0 && wave.sending === 0) wave.idle.splice(0).forEach((resume) => resume());
}

/** Waits until no item is checking (or, with `sending`, sending either), across a macrotask boundary. */
async function settle(wave: Wave, { sending = false } = {}) {
	const busy = () => wave.checking > 0 || (sending && wave.sending > 0);
	for (;;) {
		// The next pre-send step of an item starts in a microtask; after a macrotask it has started.
		await sleep(0);
		if (!busy()) return;
		await new Promise<void>((resume) => wave.idle.push(resume));
	}
}

/** Wraps a pre-send check so that it counts in its run's wave. */
export function checkedWithAllItems(action: PreSendAction): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const wave = waveOf(this, true);
		if (!wave) return await action.call(this, requestOptions);
		wave.checking++;
		let passed = false;
		try {
			const checked = await action.call(this, requestOptions);
			passed = true;
			return checked;
		} finally {
			if (!passed) wave.failedChecks = true;
			wave.checking--;
			wakeIfIdle(wave);
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
		wakeIfIdle(wave);
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
