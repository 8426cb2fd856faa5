import { isJsonObject } from '../../tenant/json';

/**
 * The IDs a poll has seen (reported, or known at the first activation), filed under the day the
 * record is dated, kept only for the days the poll still reads. This is what the workflow's static
 * data holds for the sales note and order events, so it is written compactly: per day, the IDs in
 * ascending order as base-36 steps from the previous one, a run of consecutive IDs as `step.count`.
 * Consecutive IDs (every note of the tenant) cost a few bytes for a whole day; IDs spread by a
 * filter (one series of several) cost about 2 bytes each. Measured in test/nodes/pollingTrigger/memory.test.ts.
 */
export type SavedDays = Record<string, string>;

export class SeenIds {
	private readonly dayOf = new Map<number, string>();

	static read(saved: unknown): SeenIds {
		const seen = new SeenIds();
		if (!isJsonObject(saved)) return seen;
		for (const [day, ids] of Object.entries(saved)) {
			if (typeof ids === 'string') for (const id of decodeIds(ids)) seen.add(id, day);
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

	/** Forgets the days before `firstDay`: the poll no longer reads them, so their IDs cannot come back. */
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

export function decodeIds(text: string): number[] {
	const ids: number[] = [];
	let previous = 0;
	for (const token of text.split(',')) {
		if (token === '') continue;
		const [step, run = '0'] = token.split('.');
		const first = previous + parseInt(step, 36);
		const count = parseInt(run, 36);
		if (!Number.isSafeInteger(first) || !Number.isSafeInteger(count)) continue;
		for (let offset = 0; offset <= count; offset++) ids.push(first + offset);
		previous = first + count;
	}
	return ids;
}
