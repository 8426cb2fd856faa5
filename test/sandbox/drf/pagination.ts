import type { ListEnvelope } from '../schemas/common';

/**
 * DRF's LimitOffsetPagination to the letter: bad `limit`/`offset` ignored, absolute `next`/`previous` links that keep
 * every other parameter, re-encoded in sorted order as DRF's replace_query_param does.
 */

export type PageSize = { default: number; max: number };

/** Python's int() on a query value: surrounding blanks allowed, no decimals. */
function positiveInt(text: string | undefined, strict: boolean, cutoff?: number): number | undefined {
	if (text === undefined || !/^\s*[+-]?\d+\s*$/.test(text)) return undefined;
	const value = Number(text.trim());
	if (value < 0 || (strict && value === 0)) return undefined;
	return cutoff !== undefined ? Math.min(value, cutoff) : value;
}

/** One page of `items`, with links to the neighbouring pages built from the request's origin, path and query. */
export function paginate<T>(items: readonly T[], request: { origin: string; path: string; rawQuery: string }, size: PageSize): ListEnvelope<T> {
	const query = new URLSearchParams(request.rawQuery);
	const limit = positiveInt(query.getAll('limit').at(-1), true, size.max) ?? size.default;
	const offset = positiveInt(query.getAll('offset').at(-1), false) ?? 0;
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
function withParams(rawQuery: string, changes: Record<string, string | null>): string {
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
function quotePlus(text: string): string {
	let out = '';
	for (const byte of Buffer.from(text, 'utf8')) {
		const char = String.fromCharCode(byte);
		if (/[A-Za-z0-9_.~-]/.test(char)) out += char;
		else if (char === ' ') out += '+';
		else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}
