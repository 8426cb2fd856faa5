/**
 * Fixed-point decimals on bigint: money comes as strings of fixed places ("40.2003"), and a node checking
 * total = subtotal + iva must see what a Django Decimal gives, not a float drifting in the last place.
 */

/** Internal scale: 10 places is enough for 4-place prices times 4-place quantities rounded to 6. */
const PLACES = 10;
const SCALE = 10n ** BigInt(PLACES);

export type Decimal = bigint;

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses "12", "12.50", 12.5; returns null for anything that is not a plain decimal. */
export function parseDecimal(value: string | number): Decimal | null {
	let text: string;
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return null;
		text = value.toFixed(PLACES);
	} else {
		text = value.trim();
	}
	const match = DECIMAL_TEXT.exec(text);
	if (!match) return null;
	const [, sign, whole, fraction = ''] = match;
	const scaled = BigInt(whole) * SCALE + BigInt((fraction + '0'.repeat(PLACES)).slice(0, PLACES));
	return sign === '-' ? -scaled : scaled;
}

export function decimal(value: string | number): Decimal {
	const parsed = parseDecimal(value);
	if (parsed === null) throw new Error(`not a decimal: ${String(value)}`);
	return parsed;
}

/** Rounds half away from zero, like Decimal.quantize(ROUND_HALF_UP). */
export function roundTo(value: Decimal, places: number): Decimal {
	const step = 10n ** BigInt(PLACES - places);
	const half = step / 2n;
	const magnitude = value < 0n ? -value : value;
	const rounded = ((magnitude + half) / step) * step;
	return value < 0n ? -rounded : rounded;
}

export function multiply(a: Decimal, b: Decimal): Decimal {
	const product = a * b;
	const magnitude = product < 0n ? -product : product;
	const scaled = (magnitude + SCALE / 2n) / SCALE;
	return product < 0n ? -scaled : scaled;
}

export function sum(values: Decimal[]): Decimal {
	return values.reduce((total, value) => total + value, 0n);
}

/** a × percent / 100, e.g. the 16 % IVA of a line. */
export function percentOf(a: Decimal, percent: number): Decimal {
	return multiply(a, decimal(percent) / 100n);
}

/** Renders with exactly `places` decimals, the way DRF renders a DecimalField. */
export function formatDecimal(value: Decimal, places: number): string {
	const rounded = roundTo(value, places);
	const negative = rounded < 0n;
	const magnitude = negative ? -rounded : rounded;
	const whole = magnitude / SCALE;
	const fraction = (magnitude % SCALE).toString().padStart(PLACES, '0').slice(0, places);
	return `${negative ? '-' : ''}${whole}${places > 0 ? '.' + fraction : ''}`;
}

export function toNumber(value: Decimal, places = 6): number {
	return Number(formatDecimal(value, places));
}

/** Rounds half away from zero for the products' JSON numbers; plain floats on purpose (fast, and a float anyway). */
export function roundNumber(value: number, places = 2): number {
	const factor = 10 ** places;
	const scaled = Math.abs(value) * factor;
	const rounded = Math.round(scaled + scaled * Number.EPSILON) / factor;
	return value < 0 ? -rounded : rounded;
}
