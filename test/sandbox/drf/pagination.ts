import type { ListEnvelope } from '../schemas/common';

/**
 * DRF's LimitOffsetPagination, reproduced to the letter: `limit` (default and maximum from the
 * options), `offset`, bad values ignored, and absolute `next`/`previous` links that keep every
 * other parameter of the request, re-encoded in sorted order as DRF's replace_query_param does.
 */

export interface PageSize {
	default: number;
	max: number;
}

export interface PageRequest {
	/** Origin of the links, e.g. http://127.0.0.1:8765. */
	origin: string;
	/** Path as received, without the query. */
	path: string;
	/** The raw query string (without '?'). */
	rawQuery: string;
}

/** Python's int() on a query value: surrounding blanks allowed, no decimals. */
function positiveInt(text: string | null, strict: boolean, cutoff?: number): number | null {
	if (text === null || !/^\s*[+-]?\d+\s*$/.test(text)) return null;
	const value = Number(text.trim());
	if (value < 0 || (strict && value === 0)) return null;
	return cutoff !== undefined ? Math.min(value, cutoff) : value;
}

export function pageWindow(rawQuery: string, size: PageSize): { limit: number; offset: number } {
	const query = new URLSearchParams(rawQuery);
	const limit = positiveInt(query.has('limit') ? lastValue(query, 'limit') : null, true, size.max) ?? size.default;
	const offset = positiveInt(query.has('offset') ? lastValue(query, 'offset') : null, false) ?? 0;
	return { limit, offset };
}

function lastValue(query: URLSearchParams, key: string): string {
	const values = query.getAll(key);
	return values[values.length - 1];
}

export function paginate<T>(items: readonly T[], request: PageRequest, size: PageSize): ListEnvelope<T> {
	const { limit, offset } = pageWindow(request.rawQuery, size);
	const count = items.length;
	const results = count === 0 || offset > count ? [] : items.slice(offset, offset + limit);
	const link = (changes: Record<string, string | null>) => `${request.origin}${request.path}?${withParams(request.rawQuery, changes)}`;
	const next = offset + limit >= count ? null : link({ limit: String(limit), offset: String(offset + limit) });
	let previous: string | null = null;
	if (offset > 0) {
		previous = offset - limit <= 0 ? link({ limit: String(limit), offset: null }) : link({ limit: String(limit), offset: String(offset - limit) });
	}
	return { count, next, previous, results: [...results] };
}

/** Replaces (or with null removes) parameters and re-encodes the query sorted by name. */
export function withParams(rawQuery: string, changes: Record<string, string | null>): string {
	const params = new Map<string, string[]>();
	for (const [key, value] of new URLSearchParams(rawQuery)) {
		params.set(key, [...(params.get(key) ?? []), value]);
	}
	for (const [key, value] of Object.entries(changes)) {
		if (value === null) params.delete(key);
		else params.set(key, [value]);
	}
	return [...params.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.flatMap(([key, values]) => values.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
		.join('&');
}

/** Python's urllib.parse.quote_plus: unreserved characters stay, space becomes '+'. */
export function quotePlus(text: string): string {
	let out = '';
	for (const byte of Buffer.from(text, 'utf8')) {
		const char = String.fromCharCode(byte);
		if (/[A-Za-z0-9_.~-]/.test(char)) out += char;
		else if (char === ' ') out += '+';
		else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}
