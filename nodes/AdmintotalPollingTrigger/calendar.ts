import { dayIn } from '../shared/fields/grammars';

// Days as `desde` takes them (YYYY-MM-DD); "today" is in the workflow's timezone, which should be the tenant's.
const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

export function todayIn(timezone: string, now = Date.now()): string {
	// `now` is a real instant, so it always has a day.
	return dayIn(new Date(now), timezone) as string;
}

export function addDays(day: string, days: number): string {
	const [year, month, date] = day.split('-').map(Number);
	return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The later of two days. */
export function later(a: string, b: string): string {
	return a > b ? a : b;
}

/** The day as the API wrote it ("2026-03-10T23:30:00-06:00" is the 10th), as Admintotal compares `desde` with it. */
export function writtenDay(value: unknown): string | undefined {
	return typeof value === 'string' ? ISO_DAY.exec(value)?.[0] : undefined;
}

/** A day as the memory writes it (YYYY-MM-DD). */
export function isDay(value: unknown): value is string {
	return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}
