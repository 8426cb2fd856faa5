/** Mexico City time (UTC-6 all year since 2022) as Admintotal writes it, by hand so the machine's TZ does not matter. */

export const MEXICO_OFFSET = '-06:00';
const OFFSET_MS = -6 * 3600 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of Mexico City at `ms`, as a Date whose UTC fields hold the local values. */
function mexicoWallClock(ms: number): Date {
	return new Date(ms + OFFSET_MS);
}

export function isoTimestamp(ms: number): string {
	const d = mexicoWallClock(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
		`T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${MEXICO_OFFSET}`
	);
}

export function isoDate(ms: number): string {
	return isoTimestamp(ms).slice(0, 10);
}

/** Midnight of a YYYY-MM-DD date in Mexico City, in epoch ms. */
export function dateToMs(date: string, hour = 0, minute = 0, second = 0): number {
	const [y, m, d] = date.split('-').map(Number);
	return Date.UTC(y, m - 1, d, hour, minute, second) - OFFSET_MS;
}

export function addDays(date: string, days: number): string {
	return isoDate(dateToMs(date, 12) + days * 86400000);
}

/** True for a real calendar date in YYYY-MM-DD form (2026-02-30 is not). */
export function isValidDate(text: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
	const [y, m, d] = text.split('-').map(Number);
	const probe = new Date(Date.UTC(y, m - 1, d));
	return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** Work orders show dates as DD/MM/YYYY in their list output. */
export function toDayMonthYear(date: string): string {
	const [y, m, d] = date.split('-');
	return `${d}/${m}/${y}`;
}

/** Parses an ISO 8601 date or date-time; a missing offset means Mexico City time. */
export function parseIsoDateTime(text: string): number | null {
	if (isValidDate(text)) return dateToMs(text);
	const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
	if (!match || !isValidDate(match[1])) return null;
	const [, date, hh, mm, ss = '0', zone] = match;
	if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
	const [y, mo, d] = date.split('-').map(Number);
	const local = Date.UTC(y, mo - 1, d, Number(hh), Number(mm), Number(ss));
	if (!zone) return local - OFFSET_MS;
	if (zone === 'Z') return local;
	const sign = zone.startsWith('-') ? -1 : 1;
	const digits = zone.slice(1).replace(':', '');
	const offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60000;
	return local - offsetMs;
}
