import { isJsonObject } from '../shared/records';

/**
 * The IDs a poll knows, filed under their record's day while the poll still reads it. Saved compactly in static data: per day,
 * ascending base-36 steps from the previous ID, a run as `step.count` (a whole day of consecutive IDs costs a few bytes, IDs
 * spread by a filter about 2 bytes each; test/nodes/pollingTrigger/memory.test.ts).
 */
export type SavedDays = Record<string, string>;

/** More IDs than a poll's window can hold (366 days of cancellations, two days of 100,000 notes): a memory that says more is damaged. */
export const MAX_REMEMBERED_IDS = 1_000_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TOKENS = /^(?:[0-9a-z]{1,11}(?:\.[0-9a-z]{1,11})?(?:,[0-9a-z]{1,11}(?:\.[0-9a-z]{1,11})?)*)?$/;

export class SeenIds {
	private readonly dayOf = new Map<number, string>();

	/** The IDs of a saved memory, or undefined when it cannot be read (not days of tokens, IDs that are not IDs, more than any window holds). */
	static fromSaved(saved: unknown): SeenIds | undefined {
		if (!isJsonObject(saved)) return undefined;
		const seen = new SeenIds();
		let budget = MAX_REMEMBERED_IDS;
		for (const [day, tokens] of Object.entries(saved)) {
			if (!DAY.test(day) || typeof tokens !== 'string') return undefined;
			const ids = decodeIds(tokens, budget);
			if (ids === undefined) return undefined;
			budget -= ids.length;
			for (const id of ids) seen.add(id, day);
		}
		return seen;
	}

	get size(): number {
		return this.dayOf.size;
	}

	has(id: number): boolean {
		return this.dayOf.has(id);
	}

	add(id: number, day: string) {
		this.dayOf.set(id, day);
	}

	/** The highest ID, undefined when there is none. */
	newest(): number | undefined {
		let newest: number | undefined;
		for (const id of this.dayOf.keys()) if (newest === undefined || id > newest) newest = id;
		return newest;
	}

	/** The IDs of the days from `firstDay` on: those the poll still reads. */
	keepFrom(firstDay: string): SeenIds {
		const kept = new SeenIds();
		for (const [id, day] of this.dayOf) if (day >= firstDay) kept.add(id, day);
		return kept;
	}

	save(): SavedDays {
		const byDay = new Map<string, number[]>();
		for (const [id, day] of this.dayOf) {
			const ids = byDay.get(day) ?? [];
			ids.push(id);
			byDay.set(day, ids);
		}
		const saved: SavedDays = {};
		for (const day of [...byDay.keys()].sort()) saved[day] = encodeIds(byDay.get(day) as number[]);
		return saved;
	}
}

export function encodeIds(ids: number[]): string {
	const sorted = [...new Set(ids)].sort((a, b) => a - b);
	const tokens: string[] = [];
	let previous = 0;
	for (let index = 0; index < sorted.length; ) {
		let run = 0;
		while (index + run + 1 < sorted.length && sorted[index + run + 1] === sorted[index + run] + 1) run++;
		const step = (sorted[index] - previous).toString(36);
		tokens.push(run > 0 ? `${step}.${run.toString(36)}` : step);
		previous = sorted[index + run];
		index += run + 1;
	}
	return tokens.join(',');
}

/** A day's IDs, at most `budget`; undefined when not tokens or past the budget (a run is measured before it is expanded). */
export function decodeIds(text: string, budget = MAX_REMEMBERED_IDS): number[] | undefined {
	if (!TOKENS.test(text)) return undefined;
	const ids: number[] = [];
	let previous = 0;
	for (const token of text === '' ? [] : text.split(',')) {
		const [step, run = '0'] = token.split('.');
		const first = previous + parseInt(step, 36);
		const count = parseInt(run, 36);
		if (ids.length + count + 1 > budget || !Number.isSafeInteger(first + count)) return undefined;
		for (let offset = 0; offset <= count; offset++) ids.push(first + offset);
		previous = first + count;
	}
	return ids;
}
