import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pollItems } from '../shared/cfdiFile';
import type { ChangingList } from '../shared/transport/list';
import { fetchPage, readChangingList } from '../shared/transport/list';
import { addDays, later, todayIn, writtenDay } from './calendar';
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
	/**
	 * The first day the memory follows: every record of it and of later days not in `days` is new.
	 * A record of an earlier day was never looked for (the window widened, or the clock or the
	 * timezone moved it back), so finding it is not news: it is remembered, not reported.
	 */
	from?: string;
	/** Day → IDs seen (see seenIds.ts). */
	days: Record<string, string>;
}

/** Follows no day yet (a first activation): after every day there is. */
const NO_DAY = '9999-12-31';

/**
 * One poll of a list: reads it from the first day of the window (today in the workflow's timezone,
 * minus `daysBack`) and outputs the records of followed days whose ID was not seen yet.
 *
 * The list is in ID order and new records come at its end, so the poll first reads the pages past
 * the records the memory holds: a poll with nothing new costs one request, one with a few new
 * records about one more per 100 records. Only when those pages hold fewer new IDs than the list's
 * `count` says (a record landed earlier: a transaction committed late, or the window widened) is the
 * whole window read. Records added or removed while the poll reads can shift a page: a record is
 * then read twice (its ID is seen once) or missed, and a missed one is reported by a later poll,
 * since the count still says so. Only a page that cannot be read fails the poll, which then reports
 * nothing and remembers nothing.
 */
export async function pollDocuments(context: IPollFunctions, poll: DocumentPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const { event } = poll;
	const firstDay = addDays(todayIn(context.getTimezone()), -poll.daysBack);
	const filters = { ...poll.filters, ...(event.cancelledOnly ? { cancelado: 1 } : {}) };
	const request = { method: 'GET' as const, url: event.path, qs: { ...filters, desde: firstDay } };
	const fingerprint = JSON.stringify(filters);
	const saved = memory[event.name] as SavedDocuments | undefined;
	const kept = saved?.filters === fingerprint ? saved : undefined;
	const seen = SeenIds.read(kept?.days).keepFrom(firstDay);
	const followedFrom = kept ? later(kept.from ?? firstDay, firstDay) : NO_DAY;

	const fresh: IDataObject[] = [];
	const take = (records: IDataObject[]) => {
		for (const record of records) {
			const id = idOf(context, record, event);
			if (seen.has(id)) continue;
			const day = dayFiled(record, firstDay);
			seen.add(id, day);
			if (day >= followedFrom) fresh.push(record);
		}
	};
	const known = seen.size;
	const foundAll = (list: ChangingList) => list.count !== undefined && seen.size >= list.count;
	let read = await readChangingList(context, request, { offset: known, parallel: poll.parallel });
	take(read.records);
	if (known > 0 && !foundAll(read)) {
		read = await readChangingList(context, request, { offset: 0, parallel: poll.parallel });
		take(read.records);
	}
	// A read that found every record the count announced (without a count: a read of the whole
	// list by its next links) follows the whole window from now on.
	const whole = read.count === undefined || foundAll(read);
	memory[event.name] = { filters: fingerprint, from: whole ? firstDay : later(followedFrom, firstDay), days: seen.save() } satisfies SavedDocuments;
	if (fresh.length === 0) return null;
	return [await pollItems(context, event.cfdi, fresh, poll.simplify ? event.simplify : undefined)];
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
	return [await pollItems(context, poll.event.cfdi, [newest], poll.simplify ? poll.event.simplify : undefined)];
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
