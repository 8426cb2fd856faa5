import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pollItems } from '../shared/cfdi';
import { PAGE_SIZE, fetchPage } from '../shared/tenant/lists';
import { addDays, isDay, later, todayIn, writtenDay } from './calendar';
import type { DocumentEvent } from './events';
import { forgetUnreadable } from './memory';
import { readOverlapping } from './overlappingPages';
import { SeenIds } from './seenIds';
import type { Tenant } from '../shared/tenant/tenant';

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
	from: string;
	/** Day → the IDs in the list at the end of the last poll (see seenIds.ts), in the list's order. */
	days: Record<string, string>;
	/** Polls since the whole window was last read. */
	polls?: number;
}

/** Follows no day yet (a first activation): after every day there is. */
const NO_DAY = '9999-12-31';
/** A whole read that finds the list shifted between two pages is tried this many times before the poll fails. */
const WHOLE_READ_ATTEMPTS = 3;
/** The whole window is read again at least every this many polls, at most once a day at one poll a minute (see wholeReadDue). */
const MIN_POLLS_BETWEEN_WHOLE_READS = 10;
const MAX_POLLS_BETWEEN_WHOLE_READS = 1_440;

/**
 * One poll of a list: reads it from the first day of the window (today in the workflow's timezone,
 * minus `daysBack`) and outputs the records of followed days whose ID it did not know.
 *
 * The memory holds the IDs the list held at the end of the last poll, and the list is in ID order,
 * so the newest of them stands at offset (their number − 1) if nothing before it came or went. A
 * poll reads from there: when that record is the newest known, every record after it is read (one
 * request when there is none). When it is not (a record landed before it, or left), the poll reads
 * the whole window, and the IDs it read become the memory. `count` is never trusted. Pages overlap
 * by one record, so a read whose pages shifted is seen and read again; a record that lands before
 * the newest in the same interval in which another leaves keeps the positions unchanged, which the
 * whole read, due at most every wholeReadDue polls, finds. A page that cannot be read fails the poll,
 * which then reports nothing and remembers nothing.
 */
export async function pollDocuments(tenant: Tenant<IPollFunctions>, poll: DocumentPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const { context } = tenant;
	const { event } = poll;
	const firstDay = addDays(todayIn(context.getTimezone()), -poll.daysBack);
	const filters = { ...poll.filters, ...(event.cancelledOnly ? { cancelado: 1 } : {}) };
	const qs = { ...filters, desde: firstDay };
	const fingerprint = JSON.stringify(filters);
	const saved = readSaved(context, memory[event.name], fingerprint);
	const seen = saved?.seen ?? new SeenIds();
	const kept = seen.keepFrom(firstDay);
	const followedFrom = saved ? later(saved.from, firstDay) : NO_DAY;
	const polls = saved?.polls ?? 0;

	const newest = kept.newest();
	// Days the window gained (Look Back widened, the timezone or the clock moved back) hold records the memory never knew, anywhere in the list.
	const widened = saved !== undefined && firstDay < saved.from;
	// Days that left it (the day turned) may have had records re-dated forward, still listed: only a whole read tells them from new ones.
	const narrowed = kept.size < seen.size;
	let records = newest === undefined || widened || narrowed || wholeReadDue(polls, kept.size) ? undefined : await readPast(tenant, poll, qs, kept.size - 1, newest);
	const whole = records === undefined;
	records ??= await readWhole(tenant, poll, qs);

	const known = whole ? new SeenIds() : kept;
	const fresh: IDataObject[] = [];
	for (const record of records) {
		const id = idOf(context, record, event);
		const day = dayFiled(record, firstDay);
		if (!seen.has(id) && day >= followedFrom) fresh.push(record);
		known.add(id, day);
	}
	memory[event.name] = { filters: fingerprint, from: firstDay, days: known.save(), polls: whole ? 0 : polls + 1 } satisfies SavedDocuments;
	if (fresh.length === 0) return null;
	return [await itemsOf(context, poll, fresh)];
}

/** What a poll outputs for its new records: Simplify's shape, and the stamped CFDI as a file when asked. */
async function itemsOf(context: IPollFunctions, poll: DocumentPoll, records: IDataObject[]): Promise<INodeExecutionData[]> {
	return await pollItems(context, poll.event.cfdi, records, poll.simplify ? poll.event.simplify : undefined);
}

/**
 * The whole window is read again every so many polls, so that a record landing before the newest
 * while another leaves (the positions unchanged) is found: as many polls as the window has pages
 * (about one request more per poll on average), from 10 polls for a small list to one a day for
 * a large one (100,000 notes a day: every 1,440 polls).
 */
function wholeReadDue(polls: number, known: number): boolean {
	const every = Math.min(MAX_POLLS_BETWEEN_WHOLE_READS, Math.max(MIN_POLLS_BETWEEN_WHOLE_READS, Math.ceil(known / PAGE_SIZE)));
	return polls + 1 >= every;
}

/** The records after the newest known, when it still stands where the memory puts it; undefined when the list moved. */
async function readPast(tenant: Tenant<IPollFunctions>, poll: DocumentPoll, qs: IDataObject, offset: number, newest: number): Promise<IDataObject[] | undefined> {
	const pages = await readOverlapping(tenant, poll.event.path, qs, { offset, parallel: poll.parallel });
	return continuous(tenant.context, poll.event, pages, newest);
}

/** Every record of the window, from pages that did not shift while read; the poll fails when they shift every time. */
async function readWhole(tenant: Tenant<IPollFunctions>, poll: DocumentPoll, qs: IDataObject): Promise<IDataObject[]> {
	const { context } = tenant;
	for (let attempt = 0; attempt < WHOLE_READ_ATTEMPTS; attempt++) {
		const records = continuous(context, poll.event, await readOverlapping(tenant, poll.event.path, qs, { offset: 0, parallel: poll.parallel }), undefined);
		if (records !== undefined) return records;
	}
	throw new NodeOperationError(context.getNode(), `Admintotal's list of ${poll.event.record}s moved while it was read, ${WHOLE_READ_ATTEMPTS} times`, {
		description: 'Records left the list while its pages were read, so a record could have been missed. Nothing was reported or remembered; the next poll reads it again.',
	});
}

/**
 * The records of overlapping pages in ID order, each once, or undefined when the pages do not
 * join: the first does not start on `anchor` (the newest known), or a page starts past the last
 * record before it (records left meanwhile, and one may have slipped between the pages). A page
 * that starts before it is fine: records landed behind the reading, and what follows is whole.
 */
function continuous(context: IPollFunctions, event: DocumentEvent, pages: IDataObject[][], anchor: number | undefined): IDataObject[] | undefined {
	const records: IDataObject[] = [];
	let last = anchor;
	for (const [index, page] of pages.entries()) {
		const ids = page.map((record) => idOf(context, record, event));
		if (ids.some((id, at) => at > 0 && id <= ids[at - 1])) throw outOfOrder(context, event);
		if (index === 0 && anchor !== undefined && ids[0] !== anchor) return undefined;
		if (index > 0 && last !== undefined && (ids.length === 0 || ids[0] > last)) return undefined;
		for (const [at, id] of ids.entries()) {
			if (last !== undefined && id <= last) continue;
			records.push(page[at]);
			last = id;
		}
	}
	return records;
}

/** The memory of this event with its IDs, when it is for these filters; damaged memory is forgotten, saying so in n8n's log. */
function readSaved(context: IPollFunctions, saved: unknown, fingerprint: string): (SavedDocuments & { seen: SeenIds }) | undefined {
	if (saved === undefined) return undefined;
	const memory = saved as Partial<SavedDocuments>;
	const seen = typeof memory === 'object' && memory !== null ? SeenIds.fromSaved(memory.days) : undefined;
	const readable =
		seen !== undefined &&
		typeof memory.filters === 'string' &&
		(memory.from === undefined || isDay(memory.from)) &&
		(memory.polls === undefined || (Number.isSafeInteger(memory.polls) && memory.polls >= 0));
	if (!readable) return forgetUnreadable(context, 'the sales documents it has reported');
	if (memory.filters !== fingerprint) return undefined;
	// A memory from before `from` was kept followed its whole window.
	return { ...(memory as SavedDocuments), from: memory.from ?? '0000-01-01', seen };
}

/**
 * Fetch Test Event: the newest record (the list is in ID order), with the poll's filters, whatever
 * its date, so a user can map fields. Two requests (the size, then the last record); nothing remembered.
 */
export async function newestDocument(tenant: Tenant<IPollFunctions>, poll: DocumentPoll): Promise<INodeExecutionData[][] | null> {
	const qs = { ...poll.filters, ...(poll.event.cancelledOnly ? { cancelado: 1 } : {}) };
	const first = await fetchPage(tenant, poll.event.path, { ...qs, limit: 1 });
	const count = first.count ?? first.results.length;
	const last = count > 1 ? (await fetchPage(tenant, poll.event.path, { ...qs, limit: 1, offset: count - 1 })).results : first.results;
	const newest = last[last.length - 1] ?? first.results[0];
	if (newest === undefined) return null;
	return [await itemsOf(tenant.context, poll, [newest])];
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

function outOfOrder(context: IPollFunctions, event: DocumentEvent): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Admintotal's list of ${event.record}s is not in ID order`, {
		description: 'The trigger finds new records by their place in the list, which Admintotal keeps in ID order. Nothing was reported or remembered.',
	});
}
