import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DrfPage } from './answer';
import { isTooLarge } from './errors';
import { Tenant } from './tenant';
import { sendRequest } from './request';

/** Integrators page the catalogue at 100; a list whose page of 100 is over MAX_ANSWER_BYTES asks smaller pages from then on (readPage). */
export const PAGE_SIZE = 100;

/** How a list is read. */
export interface ListReading {
	/** How many records at most (the node's Limit); undefined: every record. */
	maxRecords?: number;
	/** Pages asked at once at most once the first page gives `count` (each takes a lane of the run's budget, which decides how many go); 1 follows the `next` links one by one. */
	parallel: number;
}

interface List {
	tenant: Tenant;
	itemIndex: number;
	reading: ListReading;
	/** The first page's request as the operation built it, page size included; each later page sets its own address. */
	request: IHttpRequestOptions;
	/** Records asked a page: PAGE_SIZE, or less once a page's answer was too large. */
	pageSize: number;
}

interface Page {
	body: DrfPage;
	/** The page's absolute address, as it was asked. */
	url: URL;
	/** Where the page starts in the list, when its address says so (offset links). */
	offset: number | undefined;
	/** "page at offset N", for errors. */
	label: string;
	/** The `limit` it was asked with, when its address has one. */
	limit: number | undefined;
}

/** A list whose first page has been read: how many more pages it has (when its `count` says), and the way to read them. */
export interface OpenList {
	pagesLeft: number | undefined;
	allRecords: () => Promise<IDataObject[]>;
}

/** A page that disagrees with the rest (records added or deleted meanwhile, or a server fault): the list is read once more. */
class Disagreement extends Error {
	constructor(
		readonly problem: string,
		readonly page: string,
	) {
		super(problem);
	}
}

/** Every record of a list, or just enough for Limit, each once: the list as it was, or an error. */
export async function readList(tenant: Tenant, first: IHttpRequestOptions, itemIndex: number, reading: ListReading): Promise<IDataObject[]> {
	return await (await openList(tenant, first, itemIndex, reading)).allRecords();
}

/**
 * Reads a list's first page; the rest go side by side by offset when it gives `count` and offset links, else by `next`, and an
 * empty page ends them. Out come every record `count` promised, each once: a disagreeing page makes the list be read again, and
 * a second fails the node naming the page, so nothing is output short, doubled or from another list.
 */
export async function openList(tenant: Tenant, first: IHttpRequestOptions, itemIndex: number, reading: ListReading): Promise<OpenList> {
	const list = listOf(tenant, first, itemIndex, reading);
	const firstPage = await readPage(list, undefined, 0);
	const plan = offsetPlan(firstPage, list.reading.maxRecords);
	const done = !firstPage.body.next || (reading.maxRecords !== undefined && firstPage.body.results.length >= reading.maxRecords);
	return { pagesLeft: done ? 0 : plan?.pages, allRecords: async () => await readWhole(list, firstPage) };
}

/** GET one page of a list (the Polling Trigger's Fetch Test Event). */
export async function fetchPage(tenant: Tenant, path: string, qs: IDataObject = {}): Promise<DrfPage> {
	const response = await sendRequest(tenant, { method: 'GET', url: path, qs }, { page: pageLabel(qs.offset), expect: 'page' });
	return response.body as DrfPage;
}

/** Where the API cannot search, a dropdown reads on to a screenful of matches: an empty first page would read as "no results". */
const SCREENFUL = 20;
const MAX_PAGES_PER_SEARCH = 10;

/** A "From list" dropdown over an API list, one page per scroll, searchable; its pages read and checked as every list's. */
export function searchList({ path, label, searchParam }: { path: string; label: (record: IDataObject) => string; searchParam?: string }) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const wanted = (filter ?? '').trim().toLowerCase();
		const searchHere = wanted !== '' && !searchParam;
		const offset = Number(paginationToken ?? 0) || 0;
		const qs = { ...(filter && searchParam ? { [searchParam]: filter } : {}), offset };
		const list = listOf(await Tenant.open(this), { method: 'GET', url: path, qs }, 0, { parallel: 1 });
		const results: INodeListSearchResult['results'] = [];
		let page = await readPage(list, undefined, offset);
		for (let pages = 1; ; pages++) {
			const options = page.body.results.map((record) => ({ name: label(record), value: String(record.id) }));
			results.push(...(searchHere ? options.filter((option) => option.name.toLowerCase().includes(wanted)) : options));
			const next = page.body.next && page.body.results.length > 0 ? nextLink(page) : undefined;
			if (!next) return { results };
			const nextOffset = offsetIn(next) ?? (page.offset ?? 0) + page.body.results.length;
			if (!searchHere || results.length >= SCREENFUL || pages >= MAX_PAGES_PER_SEARCH) return { results, paginationToken: String(nextOffset) };
			page = await readPage(list, next, nextOffset);
		}
	};
}

function listOf(tenant: Tenant, first: IHttpRequestOptions, itemIndex: number, reading: ListReading): List {
	// Every later page is this list: the link each page gives is checked with its answer (answer.ts).
	const list: List = { tenant, itemIndex, reading, request: first, pageSize: PAGE_SIZE };
	list.request = { ...first, qs: { ...first.qs, limit: pageSizeFor(list, 0) } };
	return list;
}

async function readWhole(list: List, firstPage: Page): Promise<IDataObject[]> {
	const first = await attempt(list, firstPage);
	if (!(first instanceof Disagreement)) return first;
	const second = await attempt(list, await readPage(list, undefined, firstPage.offset));
	if (!(second instanceof Disagreement)) return second;
	throw new NodeOperationError(list.tenant.context.getNode(), `Admintotal's list came back incomplete or changed twice: ${second.problem} (${second.page})`, {
		itemIndex: list.itemIndex,
		description:
			'The list was read twice and a page disagreed with the rest both times. Nothing was output, so no short or doubled list is passed on. ' +
			'If records are being added or deleted right now, run it again later; otherwise this is a fault of the server or of a proxy in front of it.',
	});
}

/** One read of the whole list, or the disagreement that stopped it. */
async function attempt(list: List, firstPage: Page): Promise<IDataObject[] | Disagreement> {
	let failure: unknown;
	try {
		checkPage(firstPage, firstPage);
		return wholeRecords(await readPages(list, firstPage), list.reading.maxRecords);
	} catch (error) {
		failure = error;
	}
	if (failure instanceof Disagreement) return failure;
	throw failure;
}

/** The pages after the first: side by side by offset when the first page allows it, else link by link. */
async function readPages(list: List, firstPage: Page): Promise<Page[]> {
	const plan = offsetPlan(firstPage, list.reading.maxRecords);
	return plan && list.reading.parallel > 1 ? await readOffsetPages(list, firstPage, plan) : await followNext(list, firstPage);
}

/** Follows `next` links from the first page, each checked before it is asked; an empty page ends them. */
async function followNext(list: List, firstPage: Page): Promise<Page[]> {
	const pages = [firstPage];
	const visited = new Set<string>([pageKey(firstPage.url)]);
	const { maxRecords } = list.reading;
	const { count } = firstPage.body;
	let page = firstPage;
	let received = page.body.results.length;
	while (page.body.next && page.body.results.length > 0 && (maxRecords === undefined || received < maxRecords)) {
		const url = nextLink(page);
		// Only ask for what Limit still needs, so the last page is not larger than necessary.
		if (url.searchParams.has('limit')) url.searchParams.set('limit', String(pageSizeFor(list, received)));
		const key = pageKey(url);
		if (visited.has(key)) throw new Disagreement('its next link points to a page already read', page.label);
		visited.add(key);
		page = await readPage(list, url, offsetIn(url));
		checkPage(firstPage, page);
		pages.push(page);
		received += page.body.results.length;
		// A server that keeps pointing on must not fill memory.
		if (count !== undefined && received > count) throw new Disagreement(`it sent more records than the ${count} count promised`, page.label);
	}
	return pages;
}

interface OffsetPlan {
	/** The first page's `next` link, whose offset and limit each page sets. */
	link: URL;
	offset: number;
	/** The API's page size, as its `next` link gives it. */
	step: number;
	pages: number;
}

/** Offset pages can be asked side by side only when `count` is known and `next` is an offset link right after the first page. */
function offsetPlan(first: Page, maxRecords: number | undefined): OffsetPlan | undefined {
	const { count, next, results } = first.body;
	if (!next || typeof count !== 'number' || results.length === 0) return undefined;
	const wanted = maxRecords === undefined ? count : Math.min(count, maxRecords);
	const end = (first.offset ?? 0) + results.length;
	if (end >= wanted) return undefined;
	const link = nextLink(first);
	const offset = offsetIn(link);
	const step = Number(link.searchParams.get('limit'));
	if (offset !== end || !Number.isSafeInteger(step) || step < 1) return undefined;
	return { link, offset, step, pages: Math.ceil((wanted - offset) / step) };
}

/**
 * The pages after the first, side by side in the API's order, at most PAGES_AHEAD beyond those that came back full; the first
 * that disagrees stops the others, and one empty or without `next` ends the list there, whatever `count` promised.
 */
async function readOffsetPages(list: List, firstPage: Page, plan: OffsetPlan): Promise<Page[]> {
	const slots: Page[][] = [];
	let end = Infinity;
	const readSlot = async (index: number) => {
		const start = plan.offset + index * plan.step;
		const slotEnd = Math.min(start + plan.step, list.reading.maxRecords ?? Infinity);
		const slot: Page[] = (slots[index] = []);
		for (let offset = start; ; ) {
			const url = new URL(plan.link);
			url.searchParams.set('offset', String(offset));
			// Pages smaller than the API's step (answers that were too large) read the step's records in turn.
			url.searchParams.set('limit', String(list.pageSize < plan.step ? Math.min(slotEnd - offset, pageSizeFor(list, offset)) : pageSizeFor(list, offset)));
			const page = await readPage(list, url, offset);
			checkPage(firstPage, page);
			slot.push(page);
			const read = page.body.results.length;
			if (read === 0 || !page.body.next) end = Math.min(end, index);
			if (index >= end) return false;
			if (offset + read >= slotEnd || read < (page.limit ?? read)) return true;
			offset += read;
		}
	};
	await inParallel(plan.pages, list.reading.parallel, readSlot, PAGES_AHEAD);
	return [firstPage, ...slots.slice(0, end + 1).flat()];
}

/** What one page can tell alone: the same `count` as the first, and a next link that starts right after it. */
function checkPage(firstPage: Page, page: Page) {
	const { count, next, results } = page.body;
	if (count !== firstPage.body.count) throw new Disagreement(`count changed from ${String(firstPage.body.count)} to ${String(count)}`, page.label);
	if (!next) return;
	if (results.length === 0) throw new Disagreement('an empty page points to another page', page.label);
	const nextOffset = offsetIn(nextLink(page));
	if (page.offset !== undefined && nextOffset !== undefined && nextOffset !== page.offset + results.length) {
		throw new Disagreement(`its next link goes to offset ${nextOffset}, but the page ends at ${page.offset + results.length}`, page.label);
	}
}

/** The pages' records in order, once each, as many as `count` promised (or Limit asked). */
function wholeRecords(pages: Page[], maxRecords: number | undefined): IDataObject[] {
	const records: IDataObject[] = [];
	const ids = new Set<string>();
	for (const page of pages) {
		for (const record of page.body.results) {
			const id = record.id;
			if (typeof id === 'number' || typeof id === 'string') {
				if (ids.has(String(id))) throw new Disagreement(`record ID ${String(id)} came twice`, page.label);
				ids.add(String(id));
			}
			records.push(record);
		}
	}
	const last = pages[pages.length - 1];
	const { count } = pages[0].body;
	if (count !== undefined) {
		const wanted = maxRecords === undefined ? count : Math.min(count, maxRecords);
		if (records.length > count) throw new Disagreement(`it sent more records than the ${count} count promised`, last.label);
		if (records.length < wanted) throw new Disagreement(`it ended after ${records.length} of the ${count} records count promised`, last.label);
	}
	if (maxRecords !== undefined) records.splice(maxRecords);
	return records;
}

/**
 * One page: the first as the operation asked it (`url` undefined), a later one at its list's address. An answer over the bound
 * is asked again with half its `limit`, as the list's pages are from then on; a single record past it, or no `limit`, fails.
 */
async function readPage(list: List, url: URL | undefined, offset: number | undefined): Promise<Page> {
	const label = pageLabel(offset);
	const asked = url === undefined ? list.request.qs?.limit : url.searchParams.get('limit');
	let limit = typeof asked === 'number' || (typeof asked === 'string' && /^\d+$/.test(asked)) ? Number(asked) : undefined;
	for (;;) {
		const sized = url && new URL(url);
		if (sized && limit !== undefined) sized.searchParams.set('limit', String(limit));
		const request = sized ? { ...list.request, url: sized.toString(), qs: {} } : { ...list.request, qs: { ...list.request.qs, limit } };
		let failure: unknown;
		try {
			const response = await sendRequest(list.tenant, request, { itemIndex: list.itemIndex, page: label, expect: 'page', followsNext: true });
			return { body: response.body as DrfPage, url: new URL(response.url), offset, label, limit };
		} catch (error) {
			failure = error;
		}
		const smaller = isTooLarge(failure) && limit !== undefined && limit > 1;
		// Not asked again: a failure of the run like any other (request.ts leaves a page too large to the list).
		if (!smaller && isTooLarge(failure)) list.tenant.budget.failed();
		if (!smaller) throw failure;
		limit = Math.ceil((limit as number) / 2);
		list.pageSize = Math.min(list.pageSize, limit);
	}
}

/** A page's `next` link, checked with its answer: on the tenant's origin and on the list that was asked (answer.ts). */
function nextLink(page: Page): URL {
	return new URL(page.body.next as string);
}

function offsetIn(url: URL): number | undefined {
	const offset = url.searchParams.get('offset');
	return offset !== null && /^\d+$/.test(offset) ? Number(offset) : undefined;
}

/** The records to ask for after `received`: the list's page size, or what Limit still needs. */
function pageSizeFor(list: List, received: number): number {
	const { maxRecords } = list.reading;
	return maxRecords === undefined ? list.pageSize : Math.max(1, Math.min(list.pageSize, maxRecords - received));
}

/** A page's identity: its address and query without `limit` (which Limit rewrites), in a stable order. */
function pageKey(url: URL): string {
	const key = new URL(url);
	key.searchParams.delete('limit');
	key.searchParams.sort();
	return key.toString();
}

function pageLabel(offset: unknown): string {
	return `page at offset ${offset === undefined || offset === null || offset === '' ? 0 : String(offset)}`;
}

/** Records looked up in a list by one query parameter, e.g. blacklist entries by `?rfc=`. */
export interface Lookup {
	parameter: string;
	/** The value a record answers for, written as the looked-up values are (a normalized RFC). */
	keyOf: (record: IDataObject) => string;
}

/** Below this many round trips of lookups, the list's first page (a round trip of its own) cannot pay off often enough. */
export const PROBE_FROM_TRIPS = 3;

/**
 * The records answering each value of many lookups of one list (a run of Check RFC), in the fewest round trips: each distinct
 * value by its parameter, or the whole list once when fewer (read as Get Many, so both give the same records). The first page
 * that tells the list's size is asked only from PROBE_FROM_TRIPS round trips and never `oneByOne` (an answer that must not depend
 * on the rest of the list). A failed lookup is its value's error; a failed read of the list, every value's.
 */
export async function lookUpEach(
	tenant: Tenant,
	request: IHttpRequestOptions,
	lookup: Lookup,
	values: string[],
	itemIndex: number,
	{ oneByOne = false } = {},
): Promise<Map<string, IDataObject[] | Error>> {
	// Round trips are counted with the lanes the run has now (a run starts with few); as many are
	// started as the budget may grow to, and how many reach the tenant at once is its call.
	const lanes = tenant.budget.lanes;
	const width = tenant.budget.ceiling;
	const distinct = [...new Set(values)];
	const answers = new Map<string, IDataObject[] | Error>(distinct.map((value) => [value, []]));
	const lookupTrips = Math.ceil(distinct.length / lanes);
	if (!oneByOne && lookupTrips >= PROBE_FROM_TRIPS) {
		const qs = { ...request.qs };
		delete qs[lookup.parameter];
		try {
			const whole = await openList(tenant, { ...request, qs }, itemIndex, { parallel: width });
			const listTrips = whole.pagesLeft === undefined ? Infinity : Math.ceil(whole.pagesLeft / lanes);
			if (listTrips < lookupTrips || (listTrips === lookupTrips && (whole.pagesLeft ?? Infinity) < distinct.length)) {
				for (const record of await whole.allRecords()) (answers.get(lookup.keyOf(record)) as IDataObject[] | undefined)?.push(record);
				return answers;
			}
		} catch (error) {
			return new Map(distinct.map((value) => [value, error as Error]));
		}
	}
	await inParallel(distinct.length, width, async (index) => {
		const value = distinct[index];
		try {
			const query = { ...request.qs, [lookup.parameter]: value };
			answers.set(value, await readList(tenant, { ...request, qs: query }, itemIndex, { parallel: 1 }));
		} catch (error) {
			answers.set(value, error as Error);
		}
		return true;
	});
	return answers;
}

/**
 * Pages planned from `count` (nothing backs it) asked beyond those back full: a count of 10^12 over 137 records costs at most this
 * many, and a list as long as it says has one more page in flight per full page (twice as many each round trip).
 */
export const PAGES_AHEAD = 20;

/**
 * Runs `task(0)` … `task(count - 1)` in order, at most `width` at a time and `ahead` beyond the tasks that answered `true`. After a
 * failure or a `false` none starts; the earliest failure is thrown once the running ones end, naming the first page that failed.
 */
export async function inParallel(count: number, width: number, task: (index: number) => Promise<boolean>, ahead = Infinity): Promise<boolean> {
	let [started, running, succeeded, stopped] = [0, 0, 0, false];
	let failure: { index: number; error: unknown } | undefined;
	return await new Promise<boolean>((resolve, reject) => {
		const fill = () => {
			for (; !stopped && started < count && running < Math.max(1, Math.min(width, ahead + succeeded)); running++) {
				const index = started++;
				const failed = (error: unknown) => {
					if (!failure || index < failure.index) failure = { index, error };
					stopped = true;
				};
				const ended = () => {
					running--;
					fill();
				};
				void task(index).then((going) => (going ? succeeded++ : (stopped = true)), failed).finally(ended);
			}
			if (running === 0 && failure) reject(failure.error);
			else if (running === 0) resolve(!stopped);
		};
		fill();
	});
}
