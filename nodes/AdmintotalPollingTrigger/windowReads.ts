import type { IDataObject } from 'n8n-workflow';

import { fetchPage } from '../shared/tenant/lists';
import { type ListRead, joined, readOverlapping } from './overlappingPages';
import type { SeenIds } from './seenIds';

/**
 * The cheap reads of a window: if nothing came or left among the known records, the edge (the record listed last, or first when
 * newest first) stands where the memory puts it and all beyond it is new; they check exactly that and else give up (undefined).
 */
export type WindowRead = Required<ListRead>;

/** A list that grows at its end: the edge stands at offset (known − 1), and everything after it is new. */
export async function readAfterEdge(read: WindowRead, known: SeenIds, edge: number): Promise<IDataObject[] | undefined> {
	const { pages } = await readOverlapping(read, { offset: known.size - 1 });
	const records = joined(pages, read.idOf)?.records;
	if (records === undefined || records.length === 0 || read.idOf(records[0]) !== edge) return undefined;
	return records.slice(1).some((record) => known.has(read.idOf(record))) ? undefined : records;
}

/** Newest first: the pages up to the edge are new, then the known records, the last of them asked at its offset to check the length. */
export async function readBeforeEdge(read: WindowRead, known: SeenIds, edge: number): Promise<IDataObject[] | undefined> {
	const isKnown = (record: IDataObject) => known.has(read.idOf(record));
	const { pages, complete } = await readOverlapping(read, { offset: 0, until: (records) => records.some(isKnown) });
	const records = joined(pages, read.idOf)?.records;
	const at = records?.findIndex(isKnown) ?? -1;
	if (records === undefined || at < 0 || read.idOf(records[at]) !== edge || records.slice(at + 1).some((record) => !isKnown(record))) return undefined;
	const length = at + known.size;
	if (complete) return records.length === length ? records : undefined;
	// More records than new and known together, and the list goes on: some landed among the known.
	if (records.length >= length) return undefined;
	const tail = await fetchPage(read.tenant, read.path, { ...read.qs, limit: 2, offset: length - 1 });
	return tail.results.length === 1 && isKnown(tail.results[0]) && tail.next === null ? records : undefined;
}
