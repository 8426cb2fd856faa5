/**
 * A read's next link or redirect may only move within what was asked: the same endpoint with the
 * same filters. Only the paging parameters may change; anything else would output other records
 * (users as ledger accounts) or send what the user never chose (`cancelado=1`, a key).
 */
const PAGING_PARAMETERS = new Set(['limit', 'offset', 'page', 'cursor']);

export type Departure = { leaves: 'endpoint'; path: string } | { leaves: 'filters'; names: string[] };

/** How `to` departs from the list `from` asked, or undefined when it is the same list. Both are absolute URLs. */
export function departureFrom(from: URL, to: URL): Departure | undefined {
	if (withoutTrailingSlash(to.pathname) !== withoutTrailingSlash(from.pathname)) return { leaves: 'endpoint', path: to.pathname };
	const asked = filtersOf(from);
	const linked = filtersOf(to);
	const names = [...new Set([...asked.keys(), ...linked.keys()])].filter((name) => asked.get(name) !== linked.get(name)).sort();
	return names.length > 0 ? { leaves: 'filters', names } : undefined;
}

function filtersOf(url: URL): Map<string, string> {
	const filters = new Map<string, string>();
	for (const name of new Set(url.searchParams.keys())) {
		if (!PAGING_PARAMETERS.has(name)) filters.set(name, url.searchParams.getAll(name).join('\u0000'));
	}
	return filters;
}

function withoutTrailingSlash(path: string): string {
	return path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The address a request goes to, with its query, as the HTTP client builds it. */
export function requestUrl(apiBase: string, url: string | undefined, qs: Record<string, unknown> = {}): URL {
	const target = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url ?? '') ? (url as string) : `${apiBase}${url ?? ''}`);
	for (const [name, value] of Object.entries(qs)) {
		if (value !== undefined && value !== null) target.searchParams.set(name, String(value));
	}
	return target;
}
