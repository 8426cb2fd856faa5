import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from '../shared/records';

// What Admintotal delivers, checked before any workflow starts: the value, or a reason the sender gets with 400; nothing throws.

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Admintotal sends at most this many products in one price/stock delivery. */
export const MAX_ROWS_PER_DELIVERY = 50;

/** A double holds 15 significant digits exactly: longer values are refused, not rounded (JSON numbers judged as written). */
const MAX_SIGNIFICANT_DIGITS = 15;

/** Admintotal's bodies are a few levels deep; n8n copies values recursively, and 10,000 levels overflow the stack. */
export const MAX_NESTING = 32;

const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The media type (lower case, no parameters), n8n's body (parsed only for application/json), and the bytes n8n keeps (body-parser.ts). */
export interface ReceivedBody {
	contentType: string | undefined;
	body: unknown;
	rawBody: Buffer | undefined;
}

/** The document, and the body as sent to read its JSON numbers as written. */
export interface JsonDocument {
	value: unknown;
	text: string;
}

export interface PriceStockRow {
	sku: string;
	/** The row exactly as delivered. */
	delivered: IDataObject;
	price: number;
	cost: number;
	stock: number;
}

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = <T>(reason: string): Checked<T> => ({ ok: false, reason });

/** A delivery's JSON: n8n parses only application/json, so JSON sent as text/plain or untyped is parsed here. */
export function readJsonDocument(received: ReceivedBody): Checked<JsonDocument> {
	const raw = received.rawBody !== undefined ? received.rawBody.toString('utf8') : typeof received.body === 'string' ? received.body : '';
	// As n8n 2.41 does before parsing a JSON body.
	const text = raw.replace(/^\uFEFF/, '');
	let document: unknown;
	if (received.contentType === 'application/json' && received.body !== undefined && typeof received.body !== 'string') {
		document = received.body;
	} else {
		if (text.trim() === '') return refuse('The body is empty: expected JSON');
		try {
			document = JSON.parse(text) as unknown;
		} catch (error) {
			return refuse(`The body is not valid JSON (${(error as Error).message})`);
		}
	}
	return nestedDeeperThan(document, MAX_NESTING) ? refuse(`The body is nested more than ${MAX_NESTING} levels deep`) : ok({ value: document, text });
}

/** The document with every JSON number as its written text (JSON.parse rounds 0.1000000000000000055 to 0.1); undefined when unreadable. */
function withNumbersAsWritten(text: string): unknown {
	let quoted = '';
	let copiedTo = 0;
	for (let at = 0; at < text.length; at++) {
		const char = text[at];
		if (char === '"') {
			// Strings are copied as they are, escapes included; digits in them are not numbers.
			for (at++; at < text.length && text[at] !== '"'; at++) if (text[at] === '\\') at++;
		} else if (char === '-' || (char >= '0' && char <= '9')) {
			let end = at + 1;
			while (end < text.length && /[\d.eE+-]/.test(text[end])) end++;
			quoted += `${text.slice(copiedTo, at)}"${text.slice(at, end)}"`;
			copiedTo = end;
			at = end - 1;
		}
	}
	try {
		return JSON.parse(quoted + text.slice(copiedTo)) as unknown;
	} catch {
		return undefined;
	}
}

/** Walks the document without recursion, so any depth can be measured. */
function nestedDeeperThan(document: unknown, limit: number): boolean {
	const pending: Array<[unknown, number]> = [[document, 1]];
	while (pending.length > 0) {
		const [value, depth] = pending.pop()!;
		if (typeof value !== 'object' || value === null) continue;
		if (depth > limit) return true;
		for (const child of Object.values(value)) pending.push([child, depth + 1]);
	}
	return false;
}

/** A decimal written as text ("189.50", "-3"), as a number; no separators, exponents or "NaN" (a parsed number is already rounded). */
export function decimalValue(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (!DECIMAL_TEXT.test(text) || significantDigits(text) > MAX_SIGNIFICANT_DIGITS) return undefined;
	const number = Number(text);
	// "-0" and "0" are the same quantity.
	return number === 0 ? 0 : number;
}

function notANumber(written: unknown): string {
	const tooPrecise = typeof written === 'string' && DECIMAL_TEXT.test(written.trim());
	return tooPrecise ? `has more than ${MAX_SIGNIFICANT_DIGITS} significant digits, which would not arrive exactly` : 'is not a number';
}

function significantDigits(decimal: string): number {
	const [whole, fraction = ''] = decimal.replace(/^[+-]/, '').split('.');
	return `${whole}${fraction.replace(/0+$/, '')}`.replace(/^0+/, '').length;
}

/** A price/stock delivery: a JSON array of up to 50 `{ sku, precio, costo, stock }` rows. */
export function priceStockRows({ value: document, text }: JsonDocument): Checked<PriceStockRow[]> {
	if (!Array.isArray(document)) {
		if (isJsonObject(document) && 'codigo' in document) {
			return refuse('Expected a list of price and stock changes but got one product: is this URL configured for "Creación de productos" in Admintotal?');
		}
		return refuse(`Expected a JSON array of price and stock rows, got ${describe(document)}`);
	}
	if (document.length > MAX_ROWS_PER_DELIVERY) return refuse(`${document.length} rows in one delivery; Admintotal sends at most ${MAX_ROWS_PER_DELIVERY}`);
	let asWritten: unknown;
	// Read once, and only when a row holds a JSON number.
	const writtenNumber = (index: number, field: string): unknown => {
		asWritten ??= withNumbersAsWritten(text) ?? null;
		return Array.isArray(asWritten) && isJsonObject(asWritten[index]) ? asWritten[index][field] : undefined;
	};
	const rows: PriceStockRow[] = [];
	for (const [index, entry] of document.entries()) {
		const where = `Row ${index + 1}`;
		if (!isJsonObject(entry)) return refuse(`${where} is ${describe(entry)}, not an object`);
		const sku = codeOf(entry.sku);
		if (sku === undefined) return refuse(`${where} has no sku`);
		const numbers: Record<'precio' | 'costo' | 'stock', number> = { precio: 0, costo: 0, stock: 0 };
		for (const field of ['precio', 'costo', 'stock'] as const) {
			const delivered = entry[field];
			if (delivered === undefined) return refuse(`${where} (sku ${quote(sku)}) has no ${field}`);
			// A JSON number is judged as written, by the same rules as text.
			const written = typeof delivered === 'number' ? writtenNumber(index, field) : delivered;
			if (typeof delivered === 'number' && typeof written !== 'string') return refuse(`${where} (sku ${quote(sku)}): ${field} could not be read as written in the body`);
			const number = decimalValue(written);
			if (number === undefined) {
				const shown = typeof delivered === 'number' ? cut(String(written)) : quote(delivered);
				return refuse(`${where} (sku ${quote(sku)}): ${field} ${shown} ${notANumber(written)}`);
			}
			numbers[field] = number;
		}
		rows.push({ sku, delivered: entry, price: numbers.precio, cost: numbers.costo, stock: numbers.stock });
	}
	return ok(rows);
}

/** A product-created delivery: one full product object with its `codigo`. */
export function createdProduct(document: unknown): Checked<IDataObject> {
	if (Array.isArray(document)) {
		return refuse('Expected one product but got a list: is this URL configured for "Actualización de precios y existencias" in Admintotal?');
	}
	if (!isJsonObject(document)) return refuse(`Expected one product object, got ${describe(document)}`);
	if (codeOf(document.codigo) === undefined) return refuse('The product has no codigo');
	return ok(document);
}

/** A row's item: every delivered field, plus `price` and `cost` as numbers; `stock` (English in the API too) becomes a number. */
export function priceStockItem(row: PriceStockRow): IDataObject {
	return { ...row.delivered, price: row.price, cost: row.cost, stock: row.stock };
}

function codeOf(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	return value.trim();
}

function describe(value: unknown): string {
	return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function quote(value: unknown): string {
	return cut(JSON.stringify(value) ?? String(value));
}

function cut(text: string): string {
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
