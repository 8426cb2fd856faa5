import type { ICredentialDataDecryptedObject, IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { foreignLinkMessage, resolveNextLink } from '../../../credentials/tenant';
import type { DrfPage } from './answers';
import type { SlowDown } from './parallel';
import { inParallel } from './parallel';
import type { RequestContext } from './request';
import { readCredential, sendRequest } from './request';

/** Page size asked of the API: integrators page the catalogue at 100 and the service accepts it. */
export const PAGE_SIZE = 100;
/** Pages read at once by default (see the README): about twice as fast as one by one, and gentle on the tenant. */
export const DEFAULT_PARALLEL_REQUESTS = 4;
export const MAX_PARALLEL_REQUESTS = 10;

export interface ListSize {
	/** How many records at most; undefined for Return All. */
	limit?: number;
	/** Pages read at once once the first page gives `count`; 1 follows the `next` links one by one. */
	parallel: number;
}

interface List {
	context: IExecuteSingleFunctions;
	credentials: ICredentialDataDecryptedObject;
	apiBase: string;
	itemIndex: number;
	size: ListSize;
	/** The first page's request, with the page size asked. */
	start: IHttpRequestOptions;
}

interface Page {
	body: DrfPage;
	/** "page at offset N", for errors. */
	label: string;
}

/** A list whose first page has been read: how many more pages it has (when its `count` says), and the way to read them. */
export interface OpenList {
	pagesLeft: number | undefined;
	readAll: () => Promise<IDataObject[]>;
}

/** Every record of a list (Return All) or just enough for Limit. */
export async function readList(context: IExecuteSingleFunctions, first: IHttpRequestOptions, itemIndex: number, size: ListSize): Promise<IDataObject[]> {
	return await (await openList(context, first, itemIndex, size)).readAll();
}

/**
 * Reads a list's first page. The rest is read side by side by offset when the first page gives
 * `count` and offset links (Parallel Requests above 1), else by following `next` on the tenant's
 * origin. Pages read side by side must each hold what `count` promised; when one does not, the list
 * changed meanwhile and is read again link by link, so no record is missed or output twice.
 */
export async function openList(context: IExecuteSingleFunctions, first: IHttpRequestOptions, itemIndex: number, size: ListSize): Promise<OpenList> {
	const start = { ...first, qs: { ...(first.qs ?? {}), limit: pageSizeFor(size.limit, 0) } };
	const list: List = { context, ...(await readCredential(context)), itemIndex, size, start };
	const firstPage = await readPage(list, start);
	const { next, results } = firstPage.body;
	const plan = offsetPlan(list, firstPage);
	const pagesLeft = !next || (size.limit !== undefined && results.length >= size.limit) ? 0 : plan?.pages;
	if (!plan || size.parallel < 2) return { pagesLeft, readAll: async () => await followNext(list, firstPage) };
	return {
		pagesLeft,
		readAll: async () => (await readOffsetPages(list, firstPage, plan)) ?? (await followNext(list, await readPage(list, start))),
	};
}

/** GET one page of a list (for dropdowns and lifecycle hooks that are not declarative). */
export async function fetchPage(context: RequestContext, path: string, qs: IDataObject = {}): Promise<DrfPage> {
	const response = await sendRequest(context, { method: 'GET', url: path, qs }, { page: pageLabel({ url: path, qs }), expect: 'page' });
	return response.body as DrfPage;
}

async function readPage(list: List, request: IHttpRequestOptions, onRateLimited?: SlowDown): Promise<Page> {
	const label = pageLabel(request);
	const response = await sendRequest(list.context, request, { itemIndex: list.itemIndex, page: label, expect: 'page', onRateLimited, credentials: list.credentials });
	return { body: response.body as DrfPage, label };
}

/**
 * Follows `next` links from the first page. A link already visited, or more records than the API's
 * `count`, stops the list with an error: a looping server must not fill memory or hand out one
 * record many times. A `count` that changes on the way is logged: records may have moved between pages.
 */
async function followNext(list: List, firstPage: Page): Promise<IDataObject[]> {
	const { context, apiBase, itemIndex, size } = list;
	const visited = new Set<string>([pageKey(`${apiBase}${list.start.url ?? ''}`, list.start.qs)]);
	const records: IDataObject[] = [];
	const counts: unknown[] = [];
	let page = firstPage;
	for (;;) {
		const { results, next, count } = page.body;
		records.push(...results);
		if (counts.length === 0 || counts[counts.length - 1] !== count) counts.push(count);
		const loop = (problem: string) => new NodeOperationError(context.getNode(), `Admintotal's list did not end: ${problem} (${page.label})`, {
			itemIndex,
			description: 'The list was stopped so that no record is output twice; nothing was output. This is a fault of the server or of a proxy in front of it.',
		});
		if (typeof count === 'number' && records.length > count) throw loop(`it sent more records than the ${count} it announced`);
		if (!next || (size.limit !== undefined && records.length >= size.limit)) {
			if (size.limit !== undefined) records.splice(size.limit);
			if (counts.length > 1) noteChangedList(list, counts);
			return records;
		}
		if (results.length === 0) throw loop('an empty page pointed to another page');
		const url = tenantLink(list, next);
		// Only ask for what Limit still needs, so the last page is not larger than necessary.
		if (url.searchParams.has('limit')) url.searchParams.set('limit', String(pageSizeFor(size.limit, records.length)));
		const key = pageKey(url.toString());
		if (visited.has(key)) throw loop('its next link pointed to a page already read');
		visited.add(key);
		page = await readPage(list, { ...list.start, url: url.toString(), qs: {} });
	}
}

interface OffsetPlan {
	/** The first page's `next` link, whose offset and limit each page sets. */
	link: URL;
	offset: number;
	/** The API's page size, as its `next` link gives it. */
	step: number;
	/** Records wanted: `count`, or Limit when smaller. */
	wanted: number;
	pages: number;
}

/** Offset pages can be asked side by side only when `count` is known and `next` is an offset link right after the first page. */
function offsetPlan(list: List, first: Page): OffsetPlan | undefined {
	const { count, next, results } = first.body;
	if (!next || typeof count !== 'number' || !Number.isSafeInteger(count)) return undefined;
	const wanted = list.size.limit === undefined ? count : Math.min(count, list.size.limit);
	if (results.length >= wanted) return undefined;
	const link = tenantLink(list, next);
	const offset = Number(link.searchParams.get('offset'));
	const step = Number(link.searchParams.get('limit'));
	if (offset !== results.length || !Number.isSafeInteger(step) || step < 1) return undefined;
	return { link, offset, step, wanted, pages: Math.ceil((wanted - offset) / step) };
}

/** The pages after the first, side by side, in the API's order; undefined when the list changed while read. */
async function readOffsetPages(list: List, first: Page, plan: OffsetPlan): Promise<IDataObject[] | undefined> {
	const pages: IDataObject[][] = [first.body.results];
	const unchanged = await inParallel(plan.pages, list.size.parallel, async (index, slowDown) => {
		const offset = plan.offset + index * plan.step;
		const expected = Math.min(plan.step, plan.wanted - offset);
		const url = new URL(plan.link);
		url.searchParams.set('offset', String(offset));
		url.searchParams.set('limit', String(pageSizeFor(list.size.limit, offset)));
		const { body } = await readPage(list, { ...list.start, url: url.toString(), qs: {} }, slowDown);
		pages[index + 1] = body.results;
		// A page is what its offset promised only when it links on to the very next offset (a server ignoring offset would repeat itself).
		const end = offset + body.results.length;
		return body.count === first.body.count && body.results.length === expected && offsetOf(list, body.next) === (end < (first.body.count ?? 0) ? end : undefined);
	});
	return unchanged ? pages.flat() : undefined;
}

function offsetOf(list: List, link: string | null): number | undefined {
	if (!link) return undefined;
	try {
		return Number(new URL(link, list.apiBase).searchParams.get('offset') ?? Number.NaN);
	} catch {
		return Number.NaN;
	}
}

function noteChangedList(list: List, counts: unknown[]) {
	list.context.logger.warn(
		`Admintotal's list changed while it was read (count ${counts.map(String).join(' → ')}): records may be missing or output twice. ` +
			`Node "${list.context.getNode().name}", item ${list.itemIndex}.`,
	);
}

function pageSizeFor(maxResults: number | undefined, received: number): number {
	return maxResults === undefined ? PAGE_SIZE : Math.max(1, Math.min(PAGE_SIZE, maxResults - received));
}

/** A `next` link, only on the tenant's origin. */
function tenantLink(list: List, next: string): URL {
	const resolved = resolveNextLink(next, list.apiBase);
	if (resolved === undefined) {
		throw new NodeOperationError(list.context.getNode(), foreignLinkMessage(next), {
			itemIndex: list.itemIndex,
			description: 'Check that the Base URL in the credential is the address Admintotal uses for your tenant.',
		});
	}
	return new URL(resolved);
}

/** A page's identity: its address and query without `limit` (which Limit rewrites), in a stable order. */
function pageKey(url: string, qs: IDataObject = {}): string {
	const parsed = new URL(url);
	for (const [name, value] of Object.entries(qs)) if (value !== undefined) parsed.searchParams.set(name, String(value));
	parsed.searchParams.delete('limit');
	parsed.searchParams.sort();
	return parsed.toString();
}

/** "page at offset N", read from the request the way the API reads it. */
function pageLabel(request: Pick<IHttpRequestOptions, 'url' | 'qs'>): string {
	let offset = request.qs?.offset;
	if (offset === undefined && request.url) {
		try {
			offset = new URL(request.url, 'http://relative.invalid').searchParams.get('offset') ?? undefined;
		} catch {
			offset = undefined;
		}
	}
	return `page at offset ${offset === undefined || offset === null || offset === '' ? 0 : String(offset)}`;
}
