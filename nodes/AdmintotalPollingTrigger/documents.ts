import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shapeRecord } from '../shared/operation/simplify';
import { fetchPage, openList } from '../shared/transport/list';
import { addDays, todayIn, writtenDay } from './calendar';
import type { DocumentEvent } from './events';
import { SeenIds } from './seenIds';

export interface DocumentPoll {
	event: DocumentEvent;
	daysBack: number;
	/** The list's filters as the API names them (`cliente`, `serie`). */
	filters: IDataObject;
	simplify: boolean;
	parallel: number;
}

/** What the static data holds for a list event. */
interface SavedDocuments {
	/** The filters the IDs were seen with: other filters start over, like a first activation. */
	filters: string;
	/** Day → IDs seen (see seenIds.ts). */
	days: Record<string, string>;
}

/**
 * One poll of a list: reads it from the first day still open (today in the workflow's timezone,
 * minus `daysBack`) and outputs the records whose ID was not seen yet. When the list's `count`
 * equals the IDs remembered for those days and its first page holds only known IDs, nothing is new
 * and the poll has cost one request. Otherwise every page is read (or the poll fails, reporting
 * nothing and remembering nothing). The first poll only remembers.
 */
export async function pollDocuments(context: IPollFunctions, poll: DocumentPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const { event } = poll;
	const firstDay = addDays(todayIn(context.getTimezone()), -poll.daysBack);
	const filters = { ...poll.filters, ...(event.cancelledOnly ? { cancelado: 1 } : {}) };
	const request = { method: 'GET' as const, url: event.path, qs: { ...filters, desde: firstDay } };
	const fingerprint = JSON.stringify(filters);
	const saved = memory[event.name] as SavedDocuments | undefined;
	const known = saved?.filters === fingerprint ? SeenIds.read(saved.days).keepFrom(firstDay) : undefined;

	const list = await openList(context, request, 0, { parallel: poll.parallel });
	const nothingNew = known !== undefined && list.count === known.size && list.firstRecords.every((record) => known.has(idOf(context, record, event)));
	const records = nothingNew ? [] : await list.readAll();

	const seen = known ?? new SeenIds();
	const fresh: IDataObject[] = [];
	for (const record of records) {
		const id = idOf(context, record, event);
		if (seen.has(id)) continue;
		seen.add(id, dayFiled(record, firstDay));
		fresh.push(record);
	}
	// Only now, with the whole list read: a failed poll leaves the memory as the last good one left it.
	memory[event.name] = { filters: fingerprint, days: seen.save() } satisfies SavedDocuments;
	if (known === undefined || fresh.length === 0) return null;
	return [fresh.map((record) => ({ json: poll.simplify ? shapeRecord(record, event.simplify) : record }))];
}

/**
 * Fetch Test Event: the newest record (the list is in ID order), with the poll's filters, whatever
 * its date, so a user can map fields. Two requests (the size, then the last record); nothing remembered.
 */
export async function newestDocument(context: IPollFunctions, poll: DocumentPoll): Promise<INodeExecutionData[][] | null> {
	const qs = { ...poll.filters, ...(poll.event.cancelledOnly ? { cancelado: 1 } : {}) };
	const first = await fetchPage(context, poll.event.path, { ...qs, limit: 1 });
	const count = first.count ?? first.results.length;
	const last = count > 1 ? (await fetchPage(context, poll.event.path, { ...qs, limit: 1, offset: count - 1 })).results : first.results;
	const newest = last[last.length - 1] ?? first.results[0];
	if (newest === undefined) return null;
	return [[{ json: poll.simplify ? shapeRecord(newest, poll.event.simplify) : newest }]];
}

/** A record is filed under its own day, or the first day read when the API dated it earlier (so it is kept as long as it can come back). */
function dayFiled(record: IDataObject, firstDay: string): string {
	const day = writtenDay(record.fecha);
	return day !== undefined && day > firstDay ? day : firstDay;
}

function idOf(context: IPollFunctions, record: IDataObject, event: DocumentEvent): number {
	const id = typeof record.id === 'string' && /^\d+$/.test(record.id) ? Number(record.id) : record.id;
	if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
	throw new NodeOperationError(context.getNode(), `Admintotal sent a ${event.record} without a numeric ID, so it cannot be reported exactly once`, {
		description: `The record came as ${JSON.stringify(record).slice(0, 200)}. Nothing was reported and the next poll reads the list again.`,
	});
}
