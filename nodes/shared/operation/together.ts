import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * Lookups answered together (Check RFC): each item notes in its check the value it looks up, and the
 * first item to send asks for every value noted so far in one round; an item whose value came too
 * late for a round asks in the next one. A round is asked a moment after it opens, once the checks
 * n8n started alongside have noted their values (all of the run's, unless Batching spaces them out).
 * Nothing waits for an item that never reaches its check (n8n may fail it before, under On Error:
 * Continue), so no run can hang here.
 */

interface Round {
	asked: Set<string>;
	answer: Promise<unknown>;
}

interface Run {
	/** Values noted and not yet asked. */
	waiting: Set<string>;
	round?: Promise<Round>;
}

/** One per node run, keyed by the run's execute data (shared by all its items). */
const runs = new WeakMap<object, Run>();

function runOf(context: IExecuteSingleFunctions): Run | undefined {
	const key = context.getExecuteData?.() as object | undefined;
	if (key === undefined) return undefined;
	let run = runs.get(key);
	if (!run) {
		run = { waiting: new Set() };
		runs.set(key, run);
	}
	return run;
}

/** Notes, in an item's check, the value it will look up. */
export function enlist(context: IExecuteSingleFunctions, value: string) {
	runOf(context)?.waiting.add(value);
}

async function openRound<T>(run: Run, ask: (values: string[]) => Promise<T>): Promise<Round> {
	await sleep(0);
	const asked = run.waiting;
	run.waiting = new Set();
	run.round = undefined;
	return { asked, answer: ask([...asked]) };
}

/** The answer of the round that asked `own`, shared with every item asked in the same round. */
export async function answerTogether<T>(context: IExecuteSingleFunctions, own: string, ask: (values: string[]) => Promise<T>): Promise<T> {
	const run = runOf(context);
	if (!run) return await ask([own]);
	for (;;) {
		const round = await (run.round ??= openRound(run, ask));
		if (round.asked.has(own)) return (await round.answer) as T;
		run.waiting.add(own);
	}
}
