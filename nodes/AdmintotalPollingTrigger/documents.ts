import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pollItems } from '../shared/cfdi';
import { PAGE_SIZE, fetchPage } from '../shared/tenant/lists';
import { addDays, isDay, later, todayIn, writtenDay } from './calendar';
import type { DocumentEvent } from './events';
import { LIST_ORDERS, type ListOrder, newestFirst, recognise } from './listOrder';
import { forgetUnreadable } from './memory';
import { SeenIds } from './seenIds';
import type { Tenant } from '../shared/tenant/tenant';
import { readWholeList } from './overlappingPages';
import { type WindowRead, readAfterEdge, readBeforeEdge } from './windowReads';

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
	/** The first day followed: later records not in `days` are new; an earlier one was never looked for, so it is remembered, not reported. */
	from: string;
	/** Day → the IDs in the list at the end of the last poll (see seenIds.ts), in the list's order. */
	days: Record<string, string>;
	/** Polls since the whole window was last read. */
	polls?: number;
	/** The order the list came in at the last whole read (listOrder.ts); absent: by ID, as every memory written before it was. */
	order?: ListOrder;
	/** The record at the list's growing end at the last poll (windowReads.ts); absent: the newest ID for an ID order. */
	edge?: number;
}

/** Follows no day yet (a first activation): after every day there is. */
const NO_DAY = '9999-12-31';
/** The whole window is read again at least every this many polls, at most once a day at one poll a minute (see wholeReadDue). */
const MIN_POLLS_BETWEEN_WHOLE_READS = 10;
const MAX_POLLS_BETWEEN_WHOLE_READS = 1_440;
/** Triggers that have said in n8n's log what a list in an order they cannot name costs (once per trigger and process). */
const toldUnnamed = new Set<string>();

/**
 * One poll: the records of followed days (from today minus `daysBack`) whose ID it did not know. It reads only past the
 * remembered edge (windowReads.ts) unless the edge moved, the order is unnamed, the window changed or a whole read is due
 * (a record landing while another leaves keeps every position); then it reads the whole window and remembers what it read.
 * `count` is never trusted; a page that cannot be read fails the poll, which then reports and remembers nothing.
 */
export async function pollDocuments(tenant: Tenant<IPollFunctions>, poll: DocumentPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const { context } = tenant;
	const { event } = poll;
	const firstDay = addDays(todayIn(context.getTimezone()), -poll.daysBack);
	const filters = { ...poll.filters, ...(event.cancelledOnly ? { cancelado: 1 } : {}) };
	const read = windowRead(tenant, poll, { ...filters, desde: firstDay });
	const fingerprint = JSON.stringify(filters);
	const saved = readSaved(context, memory[event.name], fingerprint);
	const seen = saved?.seen ?? new SeenIds();
	const kept = seen.keepFrom(firstDay);
	const followedFrom = saved ? later(saved.from, firstDay) : NO_DAY;
	const polls = saved?.polls ?? 0;
	const order = saved?.order ?? 'id';
	const edge = saved?.edge ?? implicitEdge(order, kept);

	// Days the window gained (Look Back widened, the timezone or the clock moved back) hold records the memory never knew, anywhere in the list.
	const widened = saved !== undefined && firstDay < saved.from;
	// Days that left it (the day turned) may have had records re-dated forward, still listed: only a whole read tells them from new ones.
	const narrowed = kept.size < seen.size;
	const cheap = edge !== undefined && kept.has(edge) && order !== 'unnamed' && !widened && !narrowed && !wholeReadDue(polls, kept.size);
	let records = cheap ? await (newestFirst(order) ? readBeforeEdge : readAfterEdge)(read, kept, edge) : undefined;
	const whole = records === undefined;
	let listed = order;
	// Listed by a whole read before the last one only: one may have moved behind the last (overlappingPages.ts).
	let earlierOnly: IDataObject[] = [];
	if (records === undefined) {
		const window = await readWholeList(read);
		({ records, earlierOnly } = window);
		listed = recognise(records, read.idOf, order);
		if (listed === 'unnamed') tellUnnamedOnce(context, event, window.pages);
	}

	const known = whole ? new SeenIds() : kept;
	const fresh: IDataObject[] = [];
	for (const record of [...records, ...earlierOnly]) {
		const id = read.idOf(record);
		const day = dayFiled(record, firstDay);
		if (!seen.has(id) && day >= followedFrom) fresh.push(record);
		known.add(id, day);
	}
	const edgeNow = listed === 'unnamed' ? undefined : newestFirst(listed) ? records[0] : records.at(-1);
	const edgeId = edgeNow === undefined ? undefined : read.idOf(edgeNow);
	memory[event.name] = {
		filters: fingerprint,
		from: firstDay,
		days: known.save(),
		polls: whole ? 0 : polls + 1,
		// Only what an ID order does not imply is written: a memory in ID order reads as before.
		...(listed !== 'id' ? { order: listed } : {}),
		...(edgeId !== implicitEdge(listed, known) ? { edge: edgeId } : {}),
	} satisfies SavedDocuments;
	if (fresh.length === 0) return null;
	return [await itemsOf(context, poll, fresh)];
}

/** How this poll reads its list. */
function windowRead(tenant: Tenant<IPollFunctions>, poll: DocumentPoll, qs: IDataObject): WindowRead {
	return { tenant, path: poll.event.path, qs, parallel: poll.parallel, name: `Admintotal's list of ${poll.event.record}s`, idOf: (record) => idOf(tenant.context, record, poll.event) };
}

/** The edge a list in ID order has (the newest ID, last or first); other orders write it. */
function implicitEdge(order: ListOrder, known: SeenIds): number | undefined {
	return order === 'id' || order === '-id' ? known.newest() : undefined;
}

/** A list in an order the trigger cannot name is read whole at every poll: said once in n8n's log, with what a poll costs. */
function tellUnnamedOnce(context: IPollFunctions, event: DocumentEvent, pages: number) {
	const key = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	if (toldUnnamed.has(key)) return;
	toldUnnamed.add(key);
	context.logger.warn(
		`Admintotal Polling Trigger "${context.getNode().name}": Admintotal lists its ${event.record}s neither by ID nor by date, so every poll reads the whole window and compares it with what it remembers (${pages} request${pages === 1 ? '' : 's'} this poll, where a list by ID or by date takes 1 or 2); nothing is missed, it only costs more`,
		{ workflowId: context.getWorkflow().id, node: context.getNode().name },
	);
}

/** What a poll outputs for its new records: Simplify's shape, and the stamped CFDI as a file when asked. */
async function itemsOf(context: IPollFunctions, poll: DocumentPoll, records: IDataObject[]): Promise<INodeExecutionData[]> {
	return await pollItems(context, poll.event.cfdi, records, poll.simplify ? poll.event.simplify : undefined);
}

/** A whole read every as many polls as the window has pages (about one request more a poll), from 10 up to once a day. */
function wholeReadDue(polls: number, known: number): boolean {
	const every = Math.min(MAX_POLLS_BETWEEN_WHOLE_READS, Math.max(MIN_POLLS_BETWEEN_WHOLE_READS, Math.ceil(known / PAGE_SIZE)));
	return polls + 1 >= every;
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
		(memory.polls === undefined || (Number.isSafeInteger(memory.polls) && memory.polls >= 0)) &&
		(memory.order === undefined || LIST_ORDERS.includes(memory.order)) &&
		(memory.edge === undefined || Number.isSafeInteger(memory.edge));
	if (!readable) return forgetUnreadable(context, 'the sales documents it has reported');
	if (memory.filters !== fingerprint) return undefined;
	// A memory from before `from` was kept followed its whole window.
	return { ...(memory as SavedDocuments), from: memory.from ?? '0000-01-01', seen };
}

/**
 * Fetch Test Event: the newest record by ID with the poll's filters, nothing remembered. In a list by ID it is at one of the
 * two ends; otherwise it is the newest of the window read whole (or of the ends when the window is empty).
 */
export async function newestDocument(tenant: Tenant<IPollFunctions>, poll: DocumentPoll): Promise<INodeExecutionData[][] | null> {
	const { context } = tenant;
	const qs = { ...poll.filters, ...(poll.event.cancelledOnly ? { cancelado: 1 } : {}) };
	const first = await fetchPage(tenant, poll.event.path, { ...qs, limit: PAGE_SIZE });
	const ends = [...first.results];
	if (first.next !== null && typeof first.count === 'number' && first.count > ends.length) {
		ends.push(...(await fetchPage(tenant, poll.event.path, { ...qs, limit: PAGE_SIZE, offset: Math.max(ends.length, first.count - PAGE_SIZE) })).results);
	}
	const id = (record: IDataObject) => idOf(context, record, poll.event);
	let candidates = ends;
	if (!['id', '-id'].includes(recognise(ends, id, 'id'))) {
		const firstDay = addDays(todayIn(context.getTimezone()), -poll.daysBack);
		const window = (await readWholeList(windowRead(tenant, poll, { ...qs, desde: firstDay }))).records;
		if (window.length > 0) candidates = window;
	}
	const newest = candidates.reduce<IDataObject | undefined>((best, record) => (best === undefined || id(record) > id(best) ? record : best), undefined);
	if (newest === undefined) return null;
	return [await itemsOf(context, poll, [newest])];
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
