import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DrfPage } from '../shared/tenant/answer';
import { PAGE_SIZE, PAGES_AHEAD, fetchPage, inParallel } from '../shared/tenant/lists';
import type { Tenant } from '../shared/tenant/tenant';

/** A poll reads at most this many pages (5,000,000 records): a server that points on forever must not fill memory. */
const MAX_PAGES = 50_000;
/** A whole read whose pages do not join is tried this many times before the poll fails. */
const WHOLE_READ_ATTEMPTS = 3;

/** A list a poll reads. */
export interface ListRead {
	tenant: Tenant<IPollFunctions>;
	path: string;
	qs: IDataObject;
	parallel: number;
	/** "Admintotal's list of sales notes", for errors. */
	name: string;
	/** Records are told apart by ID, and a page listing an ID twice contradicts itself; without (SAT's entries have none), by their whole content. */
	idOf?: (record: IDataObject) => number;
}

/**
 * A list read from `offset` while the tenant may change it, each page starting on the last record of the one before, so a shift
 * shows. `count` only says how many pages may go side by side; the read ends at a page without `next` (whose address is never
 * followed) or the first page `until` accepts. `complete`: the last page read ended the list.
 */
export async function readOverlapping(read: ListRead, { offset, until }: { offset: number; until?: (records: IDataObject[]) => boolean }): Promise<{ pages: IDataObject[][]; complete: boolean }> {
	const { tenant, path, qs, parallel } = read;
	const { context } = tenant;
	const at = async (start: number) => await fetchPage(tenant, path, { ...qs, limit: PAGE_SIZE, ...(start > 0 ? { offset: start } : {}) });
	const first = await at(offset);
	const pages = [first.results];
	// The server's page size (it may serve fewer than asked), less the record each page repeats.
	const step = first.results.length - 1;
	let more = first.next !== null && first.results.length > 0;
	if (until?.(first.results)) return { pages, complete: !more };
	if (more && step < 1) throw new NodeOperationError(context.getNode(), "Admintotal's list came in pages of one record, which cannot be joined to tell whether the list moved while it was read");
	let next = offset + step;
	const take = (page: DrfPage) => {
		if (pages.length >= MAX_PAGES) throw new NodeOperationError(context.getNode(), `Admintotal's list went on for more than ${MAX_PAGES} pages; the poll stopped reading it`);
		pages.push(page.results);
		more = page.next !== null && page.results.length > 0;
		next += step;
	};
	if (more && typeof first.count === 'number' && parallel > 1 && until === undefined) {
		const planned = Math.min(MAX_PAGES, Math.max(0, Math.ceil((first.count - 1 - next) / step)));
		const side: DrfPage[] = [];
		const readSide = async (index: number) => {
			side[index] = await at(next + index * step);
			return side[index].next !== null && side[index].results.length > 0;
		};
		await inParallel(planned, parallel, readSide, PAGES_AHEAD);
		for (const page of side) {
			if (!more || page === undefined) break;
			take(page);
		}
	}
	while (more) {
		const page = await at(next);
		take(page);
		if (until?.(page.results)) break;
	}
	return { pages, complete: !more };
}

/**
 * Every record, from pages that joined (a read that shifted forward or contradicts itself is read again), and the pages it took.
 * Records that landed behind a read may be a known one moved there from ahead, which that read missed: the list is read once more,
 * and when records landed behind that read too (a busy tenant), `earlierOnly` has those only the read before listed.
 */
export async function readWholeList(read: ListRead): Promise<{ records: IDataObject[]; earlierOnly: IDataObject[]; pages: number }> {
	let pagesRead = 0;
	let earlier: IDataObject[] | undefined;
	for (let failed = 0; failed < WHOLE_READ_ATTEMPTS; ) {
		const { pages } = await readOverlapping(read, { offset: 0 });
		pagesRead += pages.length;
		const join = joined(pages, read.idOf);
		if (join === undefined) failed++;
		else if (join.landedBehind && earlier === undefined) earlier = join.records;
		else return { records: join.records, earlierOnly: join.landedBehind ? notIn(join.records, earlier ?? [], read.idOf) : [], pages: pagesRead };
	}
	throw new NodeOperationError(read.tenant.context.getNode(), `${read.name} moved while it was read, ${WHOLE_READ_ATTEMPTS} times`, {
		description: 'Records came or left while its pages were read, or a page listed one twice, so one could have been missed. Nothing was reported or remembered; the next poll reads it again.',
	});
}

/** Records are the same by ID, or by their whole content when they have none. */
const keyOf = (idOf?: (record: IDataObject) => number) => (record: IDataObject) => (idOf ? idOf(record) : JSON.stringify(record));

/** The records of `earlier` that `records` does not list. */
function notIn(records: IDataObject[], earlier: IDataObject[], idOf?: (record: IDataObject) => number): IDataObject[] {
	const key = keyOf(idOf);
	const listed = new Set(records.map(key));
	return earlier.filter((record) => !listed.has(key(record)));
}

/**
 * The records of overlapping pages, each once, or undefined when a page neither starts on a record read nor holds the one the
 * page before ended on (one may have slipped between), or lists an ID twice (leaving one out). A page starting further back, or
 * on records before the one it takes up from, is joined: records landed behind the reading (`landedBehind`), new ones or one moved
 * there from ahead.
 */
export function joined(pages: IDataObject[][], idOf?: (record: IDataObject) => number): { records: IDataObject[]; landedBehind: boolean } | undefined {
	const key = keyOf(idOf);
	const records: IDataObject[] = [];
	const read = new Set<unknown>();
	let landedBehind = false;
	for (const [index, page] of pages.entries()) {
		const keys = page.map(key);
		// A page takes up from the record the page before ended on; records ahead of that one in it landed behind the reading.
		const resumes = index > 0 ? keys.indexOf(key(pages[index - 1].at(-1) as IDataObject)) : 0;
		if ((index > 0 && (page.length === 0 || (!read.has(keys[0]) && resumes < 0))) || (idOf && new Set(keys).size < keys.length)) return undefined;
		if (resumes !== 0) landedBehind = true;
		for (const [at, id] of keys.entries()) {
			if (read.has(id)) continue;
			read.add(id);
			records.push(page[at]);
		}
	}
	return { records, landedBehind };
}
