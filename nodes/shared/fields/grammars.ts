// What a value may look like, once per kind: a grammar turns a raw value into what the API receives, undefined for "not given",
// or calls `fail` with the problem and its fix in plain words (the reader names the field and the item).

export type Fail = (problem: string, fix?: string) => never;

/** `timezone`: the workflow's, for the day of a JavaScript Date. */
export interface GrammarContext {
	fail: Fail;
	timezone: string;
}

export type Grammar<T> = (raw: unknown, context: GrammarContext) => T | undefined;

/** How a value is quoted in an error, cut short. */
export function shown(raw: unknown, length = 40): string {
	let text: string;
	if (typeof raw === 'string') text = raw;
	else if (raw instanceof Date) text = Number.isNaN(raw.getTime()) ? 'Invalid Date' : raw.toISOString();
	else {
		try {
			text = JSON.stringify(raw) ?? String(raw);
		} catch {
			text = String(raw);
		}
	}
	return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function isBlank(raw: unknown): boolean {
	return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

/** Text or a finite number as trimmed text, '' when blank; objects, arrays and booleans would be sent as "[object Object]", "A,B", "true". */
export function scalarText(raw: unknown, fail: Fail): string {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number') {
		if (!Number.isFinite(raw)) fail(`must be a number, got ${String(raw)}`);
		return String(raw);
	}
	const kind = Array.isArray(raw) ? 'a list' : typeof raw === 'object' ? 'an object' : `a ${typeof raw}`;
	return fail(`must be text or a number, got ${kind} (${shown(raw)})`, 'Map a single value, e.g. {{ $json.name }}, not a whole object or list.');
}

export const text: Grammar<string> = (raw, { fail }) => scalarText(raw, fail) || undefined;

/** The name of an output field (a binary property): text that is not a name every object already has, such as `__proto__`. */
export const outputFieldName: Grammar<string> = (raw, context) => {
	const name = text(raw, context);
	if (name !== undefined && name in Object.prototype) context.fail(`cannot be "${name}", a name every object already has`, 'Choose another name, e.g. cfdi.');
	return name;
};

/** IDs, folios, warehouses: whole numbers from 1 up to 2^53 - 1 (a 0 left in a filter would silently match nothing). */
export const wholeNumber: Grammar<number> = (raw, { fail }) => {
	const written = scalarText(raw, fail);
	if (written === '') return undefined;
	const fix = 'Enter the numeric ID as Admintotal shows it, e.g. 42.';
	if (!/^\d+$/.test(written) || Number(written) === 0) fail(`must be a whole number greater than 0, got "${shown(written)}"`, fix);
	// Above this a JavaScript number is rounded, and another record's ID would be sent.
	if (!Number.isSafeInteger(Number(written))) fail(`is too large to be an ID (${shown(written)}); the largest is ${Number.MAX_SAFE_INTEGER}`, fix);
	return Number(written);
};

/** A count the user asks for (Limit): required, from 1 up. */
export const positiveCount: Grammar<number> = (raw, context) => {
	const count = wholeNumber(raw, context);
	return count ?? context.fail(`must be a whole number of 1 or more, got "${shown(raw)}"`);
};

/** A count with an upper bound (Parallel Requests); blank leaves the default. */
export function countUpTo(max: number): Grammar<number> {
	return (raw, context) => {
		const count = wholeNumber(raw, context);
		if (count !== undefined && count > max) context.fail(`must be from 1 to ${max}, got ${count}`);
		return count;
	};
}

/** Amounts are 0 or more unless `negative`; quantities and rates are `positive` (above zero). */
export interface DecimalRules {
	negative?: boolean;
	positive?: boolean;
}

/** Admintotal's amounts are Django decimal columns; more digits than these cannot be stored. */
const MAX_DIGITS = 18;
const MAX_DECIMALS = 10;

/** An amount exactly as written, as decimal text ("1250.50" stays "1250.50"). */
export function decimal({ negative = false, positive = false }: DecimalRules = {}): Grammar<string> {
	return (raw, { fail }) => {
		const written = scalarText(raw, fail).replace(/^\+/, '');
		if (written === '') return undefined;
		const match = /^-?(\d+)(?:\.(\d+))?$/.exec(written);
		if (!match) return fail(`must be a plain decimal number, got "${shown(written)}"`, 'Write it like 1250.50: digits, one dot for decimals, no currency sign or thousands separator.');
		const [, whole, fraction = ''] = match;
		if (whole.replace(/^0+(?=\d)/, '').length + fraction.length > MAX_DIGITS || fraction.length > MAX_DECIMALS) {
			fail(`has too many digits ("${shown(written)}")`, `Use at most ${MAX_DIGITS} digits, ${MAX_DECIMALS} of them after the dot.`);
		}
		if (!negative && written.startsWith('-')) fail(`must not be negative, got "${written}"`);
		if (positive && Number(written) <= 0) fail(`must be greater than 0, got "${written}"`);
		return written;
	};
}

/** A decimal the API types as a JSON number, sent only when the number is exactly the text written. */
export function exactNumber(rules: DecimalRules = {}): Grammar<number> {
	const asDecimal = decimal(rules);
	return (raw, context) => {
		const written = asDecimal(raw, context);
		if (written === undefined) return undefined;
		const number = Number(written);
		if (canonical(String(number)) !== canonical(written)) context.fail(`has more digits than can be sent exactly ("${written}")`, 'Round it to at most 15 significant digits.');
		return number;
	};
}

function canonical(decimalText: string): string {
	const negative = decimalText.startsWith('-');
	const [whole, fraction = ''] = decimalText.replace('-', '').split('.');
	const trimmed = fraction.replace(/0+$/, '');
	const result = `${whole.replace(/^0+(?=\d)/, '')}${trimmed ? `.${trimmed}` : ''}`;
	return negative && result !== '0' ? `-${result}` : result;
}

// ---------------------------------------------------------------- dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2})|[+-](\d{2}))?)?$/i;

export function isCalendarDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isLuxon(value: unknown): value is { isValid: boolean; toISODate(): string | null; toISO(): string | null } {
	const candidate = value as { toISODate?: unknown; isValid?: unknown } | null;
	return typeof candidate === 'object' && candidate !== null && typeof candidate.toISODate === 'function' && typeof candidate.isValid === 'boolean';
}

/** The day an instant falls on in `timezone` (YYYY-MM-DD): the one formatter of days. */
export function dayIn(date: Date, timezone: string): string | undefined {
	if (Number.isNaN(date.getTime())) return undefined;
	try {
		// en-CA writes dates as YYYY-MM-DD.
		return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
	} catch {
		return date.toISOString().slice(0, 10);
	}
}

const MAX_OFFSET_MINUTES = 14 * 60;

/** The calendar day of a value: a written date keeps its own ("2024-05-31T23:30:00-06:00" is the 31st), a Date (an instant) is taken in `timezone`. */
export function dayOf(value: unknown, timezone: string): string | undefined {
	if (value instanceof Date) return dayIn(value, timezone);
	if (isLuxon(value)) return value.isValid ? (value.toISODate() ?? undefined) : undefined;
	if (typeof value !== 'string') return undefined;
	const match = ISO_DATE.exec(value.trim());
	if (!match) return undefined;
	const [, year, month, day, hours, minutes, seconds, , offsetHours, offsetMinutes = '0', bareOffsetHours] = match;
	if (!isCalendarDate(Number(year), Number(month), Number(day))) return undefined;
	if (hours !== undefined && (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59)) return undefined;
	// Offsets in use run from -12:00 to +14:00, so one past ±14:00 (+14:30 as well as +15:00) is a typo, not a place.
	const offset = Number(offsetHours ?? bareOffsetHours ?? 0) * 60 + Number(offsetMinutes);
	if (Number(offsetMinutes) > 59 || offset > MAX_OFFSET_MINUTES) return undefined;
	return `${year}-${month}-${day}`;
}

const DATE_FIX = 'Pick a date, or use an expression that gives one, such as 2024-05-31, 2024-05-31T10:00:00-06:00 or {{ $today }}.';

const DAY_FIX = `${DATE_FIX} It is sent as YYYY-MM-DD.`;

export const date: Grammar<string> = (raw, { fail, timezone }) => {
	if (isBlank(raw)) return undefined;
	return dayOf(raw, timezone) ?? fail(`must be a date, got "${shown(raw)}"`, DAY_FIX);
};

/** A moment as ISO 8601: a written date-time keeps its time and offset; a Date or Luxon value is written in full. */
export const dateTime: Grammar<string> = (raw, { fail, timezone }) => {
	if (isBlank(raw)) return undefined;
	const day = dayOf(raw, timezone) ?? fail(`must be a date, got "${shown(raw)}"`, DATE_FIX);
	if (typeof raw === 'string') return raw.trim();
	if (isLuxon(raw)) return raw.toISO() ?? day;
	return day;
};

// ---------------------------------------------------------------- lists, emails, codes

/** Several values typed with commas or new lines (or `separators`), or an array from an expression; repeats removed. */
export function list(entry: Grammar<string | number> = text, separators = /[,\n]/): Grammar<Array<string | number>> {
	return (raw, context) => {
		const parts = Array.isArray(raw) ? raw : scalarText(raw, context.fail).split(separators);
		const values = parts.map((part) => entry(part, context)).filter((value): value is string | number => value !== undefined);
		const unique = [...new Set(values)];
		return unique.length ? unique : undefined;
	};
}

export const email: Grammar<string> = (raw, context) => {
	const written = text(raw, context);
	if (written !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(written)) context.fail(`is not an email address ("${shown(written)}")`);
	return written;
};

/** A dropdown code, from the dropdown or an expression: only the listed codes, compared as text. */
export function oneOf<Code extends string | number>(codes: readonly Code[], among = 'the choices'): Grammar<Code> {
	return (raw, { fail }) => {
		const written = scalarText(raw, fail);
		if (written === '') return undefined;
		// A plain array search: a code such as "constructor" matches nothing, unlike a key lookup in an object.
		const code = codes.find((candidate) => String(candidate) === written);
		return code ?? fail(`"${shown(written, 20)}" is not in ${among}`, `Use one of: ${codes.join(', ')}.`);
	};
}

/** On/off switches given by expression: true, false, "true" or "false". */
export const boolean: Grammar<boolean> = (raw, { fail }) => {
	if (raw === undefined || raw === null || raw === '') return undefined;
	if (raw === true || raw === 'true') return true;
	if (raw === false || raw === 'false') return false;
	return fail(`must be true or false, got "${shown(raw)}"`);
};

// ---------------------------------------------------------------- RFC

/** SAT RFC: 3 letters (company) or 4 (person), date YYMMDD, 3-character homoclave. */
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z0-9]{3})$/;

/** Only a–z and ñ are upper-cased: toUpperCase() turns ß into SS and ı into I, which would look up another RFC. */
export function normalizeRfc(value: unknown): string {
	const written = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	return written.trim().replace(/[a-zñ]/g, (letter) => letter.toUpperCase()).replace(/[\s-]/g, '');
}

/** Why a value is not an RFC, or undefined when it is one. */
export function rfcProblem(value: string): string | undefined {
	const match = RFC_PATTERN.exec(value);
	if (!match) {
		return `"${shown(value)}" is not an RFC: expected 3 letters (company) or 4 (person), 6 digits of date (YYMMDD) and 3 characters, e.g. ABC680524P76`;
	}
	const [, , year, month, day] = match;
	// YY is 19YY or 20YY; both centuries have the same leap years except 1900, and 2000 is one.
	if (!isCalendarDate(2000 + Number(year), Number(month), Number(day))) return `"${value}" has an impossible date (${year}${month}${day})`;
	return undefined;
}

export const rfc: Grammar<string> = (raw, { fail }) => {
	const written = normalizeRfc(scalarText(raw, fail));
	if (written === '') return undefined;
	const problem = rfcProblem(written);
	if (problem === undefined) return written;
	return fail('is not a valid RFC', `The RFC ${problem}. Check it on the taxpayer's Constancia de Situación Fiscal; spaces, dashes and lower case are accepted.`);
};
