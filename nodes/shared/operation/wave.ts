import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, PreSendAction } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { WriteEffect } from '../transport/errors';
import { unknownWriteOf } from '../transport/errors';

/**
 * n8n checks and starts a declarative node's items side by side, in one pass, then waits for them
 * all. The items whose checks start in the same pass form a wave:
 * - no item of a wave is sent before every item of the wave is checked, and none is sent when one
 *   was refused: the node then fails with that item's error (under On Error: Continue each item
 *   stands alone instead);
 * - a wave's lookups are asked together (Check RFC), each item getting its own answer or error;
 * - when a write fails, its error names the records the node run created before it, and the writes
 *   whose outcome is unknown (the transport marks their errors).
 *
 * A wave closes at n8n's next timer, when the pass is over. Nothing counts the input and nothing
 * outlives the pass, so Execute Once, Retry On Fail and loops need no special case and no item
 * waits for one that never starts. Batching starts each batch in a pass of its own: each batch is a
 * wave, and a batch already sent is not held back by a wrong item in a later one. When n8n itself
 * stops the pass at an item (an expression it cannot evaluate), the items it started before are
 * sent, as in n8n's own nodes (see the README).
 */

export interface Wave {
	open: boolean;
	/** Checks started and not ended. */
	checking: number;
	/** A check failed (not under On Error: Continue): no item of the wave is sent. */
	refused: boolean;
	/** Values the wave's items look up, noted by their checks. */
	lookups: Set<string>;
	answers?: Promise<Map<string, IDataObject[] | Error>>;
	idle: Array<() => void>;
}

/** One node run: its open wave, and what its writes did (its writes are never tried twice: see define.ts). */
interface Run {
	wave?: Wave;
	sending: number;
	/** Items whose write was done, with the created record's ID ('' when the answer has none). */
	written: Map<number, string>;
	/** Items whose write failed in a way that may have left it done (a 5xx, a lost answer). */
	unknown: Map<number, WriteEffect>;
	idle: Array<() => void>;
}

/** Keyed by the run's execute data, which all its items share. */
const runs = new WeakMap<object, Run>();

function runOf(context: IExecuteSingleFunctions): Run {
	const key = (context.getExecuteData?.() as object | undefined) ?? {};
	let run = runs.get(key);
	if (!run) {
		run = { sending: 0, written: new Map(), unknown: new Map(), idle: [] };
		runs.set(key, run);
	}
	return run;
}

async function until(idle: Array<() => void>, done: () => boolean) {
	while (!done()) await new Promise<void>((resume) => idle.push(resume));
}

function wake(idle: Array<() => void>) {
	idle.splice(0).forEach((resume) => resume());
}

/** Joins the open wave, or opens one; called first thing in an item's check, before n8n's pass goes on. */
function join(context: IExecuteSingleFunctions): Wave {
	const run = runOf(context);
	if (!run.wave?.open) {
		const wave: Wave = { open: true, checking: 0, refused: false, lookups: new Set(), idle: [] };
		run.wave = wave;
		void sleep(0).then(() => {
			wave.open = false;
			wake(wave.idle);
		});
	}
	return run.wave;
}

/** An operation's check of one item, told the wave the item joined. */
export type WaveCheck = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions, wave: Wave) => Promise<IHttpRequestOptions>;

/** Wraps an operation's check of an item so that it counts in its wave. */
export function checkedInWave(check: WaveCheck): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const wave = join(this);
		wave.checking++;
		let failure: unknown;
		try {
			return await check.call(this, requestOptions, wave);
		} catch (error) {
			failure = error;
			if (!this.continueOnFail()) wave.refused = true;
		} finally {
			wave.checking--;
			wake(wave.idle);
		}
		if (!this.continueOnFail()) await noteWhatWasWritten(runOf(this), failure, this.getItemIndex());
		throw failure;
	};
}

/** Notes, in an item's check, the value it will look up. */
export function noteLookup(wave: Wave, value: string) {
	wave.lookups.add(value);
}

/**
 * Sends one item's requests once its wave is checked: nothing is sent (and nothing comes out) when
 * another item of the wave was refused, because the node then fails with that item's error.
 */
export async function sendInWave(
	context: IExecuteSingleFunctions,
	wave: Wave,
	write: boolean,
	send: () => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	await until(wave.idle, () => !wave.open && wave.checking === 0);
	if (wave.refused) return [];
	const run = runOf(context);
	run.sending++;
	let failure: unknown;
	try {
		const items = await send();
		if (write) run.written.set(context.getItemIndex(), createdIdOf(items));
		return items;
	} catch (error) {
		failure = error;
		// Noted before this send counts as ended, so any error of the run that lists the others sees it.
		const effect = write ? unknownWriteOf(error) : undefined;
		if (effect) run.unknown.set(context.getItemIndex(), effect);
	} finally {
		run.sending--;
		wake(run.idle);
	}
	if (write && !context.continueOnFail()) await noteWhatWasWritten(run, failure, context.getItemIndex());
	throw failure;
}

/**
 * An item's answer among its wave's lookups, asked once for all of them by `ask`. A value whose
 * lookup failed gives its items that error, each naming its own item.
 */
export async function lookUpInWave(
	context: IExecuteSingleFunctions,
	wave: Wave,
	value: string,
	ask: (values: string[]) => Promise<Map<string, IDataObject[] | Error>>,
): Promise<IDataObject[]> {
	wave.answers ??= ask([...wave.lookups]);
	const answer = (await wave.answers).get(value) ?? [];
	if (answer instanceof Error) throw ownError(answer, context.getItemIndex());
	return answer;
}

/** The same error, naming another item (the one whose answer it is). */
function ownError(error: Error, itemIndex: number): Error {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const own = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as typeof error;
	own.context = { ...error.context, itemIndex };
	if (typeof own.description === 'string') own.description = own.description.replace(/\bitem \d+\)$/, `item ${itemIndex})`);
	return own;
}

function createdIdOf(items: INodeExecutionData[]): string {
	const id = (items[0]?.json as IDataObject | undefined)?.id;
	return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
}

/**
 * Once the run's other writes have ended, the error lists what they did: the items done, with their
 * IDs, and those whose outcome is unknown, so that running again creates nothing twice. An error
 * whose own outcome is the only unknown already says so in its message.
 */
async function noteWhatWasWritten(run: Run, error: unknown, itemIndex: number) {
	await until(run.idle, () => run.sending === 0);
	if (error === null || typeof error !== 'object') return;
	const othersUnknown = [...run.unknown.keys()].some((item) => item !== itemIndex);
	if (run.written.size === 0 && !othersUnknown) return;
	const lines: string[] = [];
	if (run.written.size > 0) {
		const done = [...run.written.entries()].sort(([a], [b]) => a - b).map(([item, id]) => (id ? `item ${item} (ID ${id})` : `item ${item}`));
		lines.push(`Already done in Admintotal before this failure: ${done.join(', ')}.`);
	}
	if (run.unknown.size > 0) {
		const unknown = [...run.unknown.entries()].sort(([a], [b]) => a - b);
		lines.push(`Outcome unknown: ${unknown.map(([item]) => `item ${item}`).join(', ')} may have been ${unknown[0][1]}; check Admintotal before running again.`);
		lines.push(
			"They are not in the node's output because the node stopped. Before running again, leave out the items done and those you find in Admintotal, " +
				"or set On Error to Continue to get every item's result.",
		);
	} else {
		lines.push("They are not in the node's output because the node stopped; leave them out before running again, or set On Error to Continue to get every item's result.");
	}
	const note = lines.join('\n');
	const described = error as { description?: string | null };
	described.description = described.description ? `${described.description}\n${note}` : note;
}
