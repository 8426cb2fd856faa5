import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { PAGE_SIZE, fetchPage } from './list';

interface SearchableList {
	path: string;
	label: (record: IDataObject) => string;
	/** Query parameter the API filters on; without one the page is filtered here. */
	searchParam?: string;
}

/**
 * Where the API cannot search, a search reads on through the pages until it has a screenful of
 * matches: the editor asks for more only when the user scrolls, so an empty first page would read
 * as "no results" while the match sits on page 3.
 */
const SCREENFUL = 20;
const MAX_PAGES_PER_SEARCH = 10;

/** A "From list" dropdown over an API list, one page per scroll, searchable. */
export function searchList({ path, label, searchParam }: SearchableList) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const wanted = (filter ?? '').trim().toLowerCase();
		const searchHere = wanted !== '' && !searchParam;
		let offset = Number(paginationToken ?? 0) || 0;
		const results: INodeListSearchResult['results'] = [];
		for (let pages = 1; ; pages++) {
			const qs: IDataObject = { limit: PAGE_SIZE, offset };
			if (filter && searchParam) qs[searchParam] = filter;
			const page = await fetchPage(this, path, qs);
			const options = page.results.map((record) => ({ name: label(record), value: String(record.id) }));
			results.push(...(searchHere ? options.filter((option) => option.name.toLowerCase().includes(wanted)) : options));
			offset += page.results.length;
			const more = page.next !== null && page.results.length > 0;
			if (!more) return { results };
			if (!searchHere || results.length >= SCREENFUL || pages >= MAX_PAGES_PER_SEARCH) return { results, paginationToken: String(offset) };
		}
	};
}
