import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fetchPage } from '../shared/tenant/lists';
import type { Tenant } from '../shared/tenant/tenant';
import { readOverlapping } from './overlappingPages';
import type { SeenIds } from './seenIds';

/**
 * The ways a poll reads its window of a list. The memory holds the IDs the list held at the end of
 * the last poll and its edge: the record listed last (a list that grows at its end) or first (a list
 * with the newest first). If nothing came or left among the known records, the edge stands where
 * the memory puts it and every record on its far side is new: the cheap reads check exactly that
 * and give up (undefined) when it does not hold; the poll then reads the whole window. Pages overlap
 * by one record, so a read whose pages shifted is seen.
 */
export interface WindowRead {
	tenant: Tenant<IPollFunctions>;
	path: string;
	qs: IDataObject;
	parallel: number;
	/** "sales note", for messages. */
	record: string;
	idOf: (record: IDataObject) => number;
}

/** A whole read that finds the list shifted between two pages is tried this many times before the poll fails. */
const WHOLE_READ_ATTEMPTS = 3;

/** A list that grows at its end: the edge stands at offset (known − 1), and everything after it is new. */
export async function readAfterEdge(read: WindowRead, known: SeenIds, edge: number): Promise<IDataObject[] | undefined> {
	const { pages } = await readOverlapping(read.tenant, read.path, read.qs, { offset: known.size - 1, parallel: read.parallel });
	const records = joined(pages, read.idOf);
	if (records === undefined || records.length === 0 || read.idOf(records[0]) !== edge) return undefined;
	return records.slice(1).some((record) => known.has(read.idOf(record))) ? undefined : records;
}

/**
 * A list with the newest first: everything before the edge is new, and the known records follow it,
 * so the list holds (new + known) records. The first pages are read up to the edge; the last known
 * record is then asked at its offset (one request, unless those pages ended the list).
 */
export async function readBeforeEdge(read: WindowRead, known: SeenIds, edge: number): Promise<IDataObject[] | undefined> {
	const isKnown = (record: IDataObject) => known.has(read.idOf(record));
	const { pages, complete } = await readOverlapping(read.tenant, read.path, read.qs, { offset: 0, parallel: 1, until: (records) => records.some(isKnown) });
	const records = joined(pages, read.idOf);
	const at = records?.findIndex(isKnown) ?? -1;
	if (records === undefined || at < 0 || read.idOf(records[at]) !== edge || records.slice(at + 1).some((record) => !isKnown(record))) return undefined;
	const length = at + known.size;
	if (complete) return records.length === length ? records : undefined;
	// More records than new and known together, and the list goes on: some landed among the known.
	if (records.length >= length) return undefined;
	const tail = await fetchPage(read.tenant, read.path, { ...read.qs, limit: 2, offset: length - 1 });
	return tail.results.length === 1 && isKnown(tail.results[0]) && tail.next === null ? records : undefined;
}

/** Every record of the window, from pages that did not shift while read, and how many pages that took; the poll fails when they shift every time. */
export async function readWhole(read: WindowRead): Promise<{ records: IDataObject[]; pages: number }> {
	let pagesRead = 0;
	for (let attempt = 0; attempt < WHOLE_READ_ATTEMPTS; attempt++) {
		const { pages } = await readOverlapping(read.tenant, read.path, read.qs, { offset: 0, parallel: read.parallel });
		pagesRead += pages.length;
		const records = joined(pages, read.idOf);
		if (records !== undefined) return { records, pages: pagesRead };
	}
	throw new NodeOperationError(read.tenant.context.getNode(), `Admintotal's list of ${read.record}s moved while it was read, ${WHOLE_READ_ATTEMPTS} times`, {
		description: 'Records left the list while its pages were read, so a record could have been missed. Nothing was reported or remembered; the next poll reads it again.',
	});
}

/**
 * The records of overlapping pages in the list's order, each once, or undefined when the pages do
 * not join: a page starts on a record not read yet (records left meanwhile, and one may have
 * slipped between the pages). A page that starts further back is fine: records landed behind the
 * reading, and what follows is whole. Any order the list keeps while it is read joins.
 */
function joined(pages: IDataObject[][], idOf: (record: IDataObject) => number): IDataObject[] | undefined {
	const records: IDataObject[] = [];
	const read = new Set<number>();
	for (const [index, page] of pages.entries()) {
		if (index > 0 && (page.length === 0 || !read.has(idOf(page[0])))) return undefined;
		for (const record of page) {
			const id = idOf(record);
			if (read.has(id)) continue;
			read.add(id);
			records.push(record);
		}
	}
	return records;
}
