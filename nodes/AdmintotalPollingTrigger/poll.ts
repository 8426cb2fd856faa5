import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizeRfc, rfcProblem } from '../shared/fields/grammars';
import { DEFAULT_PARALLEL_REQUESTS, MAX_PARALLEL_REQUESTS } from '../shared/transport/list';
import type { BlacklistPoll } from './blacklist';
import { pollBlacklist, sampleBlacklistChange } from './blacklist';
import type { DocumentPoll } from './documents';
import { newestDocument, pollDocuments } from './documents';
import type { EventName } from './events';
import { DEFAULT_LOOK_BACK_DAYS, DOCUMENT_EVENTS, MAX_LOOK_BACK_DAYS } from './events';

/**
 * Polls of one trigger running in this process. n8n starts a poll on every tick even while the last
 * one still runs (a slow tenant, a long list); two polls reading the same memory would report the
 * same records twice, so a tick that finds its trigger still polling does nothing: the running poll,
 * or the next tick, reports what is new.
 */
const running = new Set<string>();

/**
 * One poll. The static data is read once and changed only after every list was read completely;
 * a poll that fails throws (n8n records the error) and leaves it as the last good poll left it, so
 * the next poll reports everything since then. Fetch Test Event (manual mode) returns the newest
 * record and changes nothing.
 */
export async function runPoll(context: IPollFunctions, memoryOf: () => IDataObject): Promise<INodeExecutionData[][] | null> {
	const event = context.getNodeParameter('event') as EventName;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const parallel = wholeNumber(context, options.parallelRequests ?? DEFAULT_PARALLEL_REQUESTS, 'Parallel Requests', 1, MAX_PARALLEL_REQUESTS);
	const manual = context.getMode() === 'manual';
	const poll = event === 'blacklistChanged' ? blacklistPoll(context, parallel) : documentPoll(context, event, parallel);

	if (manual) {
		return 'rfcs' in poll ? await sampleBlacklistChange(context, poll, { ...memoryOf() }) : await newestDocument(context, poll);
	}
	const key = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	if (running.has(key)) return null;
	running.add(key);
	try {
		const memory = memoryOf();
		// Work on a copy: the static data changes only once the poll has read everything. Only the
		// current event is kept; another event's memory would be stale by the time it is chosen again.
		const stateKey = 'rfcs' in poll ? 'blacklist' : poll.event.name;
		const staged: IDataObject = stateKey in memory ? { [stateKey]: memory[stateKey] } : {};
		const items = 'rfcs' in poll ? await pollBlacklist(context, poll, staged) : await pollDocuments(context, poll, staged);
		for (const name of Object.keys(memory)) if (name !== stateKey) delete memory[name];
		memory[stateKey] = staged[stateKey];
		return items;
	} finally {
		running.delete(key);
	}
}

function documentPoll(context: IPollFunctions, event: Exclude<EventName, 'blacklistChanged'>, parallel: number): DocumentPoll {
	const definition = DOCUMENT_EVENTS[event];
	if (definition === undefined) throw new NodeOperationError(context.getNode(), `Unknown event "${String(event)}"`);
	const given = context.getNodeParameter('filters', {}) as IDataObject;
	const filters: IDataObject = {};
	if (given.clientId !== undefined && given.clientId !== '') filters.cliente = wholeNumber(context, given.clientId, 'Client ID', 1, Number.MAX_SAFE_INTEGER);
	const series = typeof given.series === 'string' || typeof given.series === 'number' ? String(given.series).trim() : '';
	if (series !== '') filters.serie = series;
	const daysBack =
		definition.daysBack ?? wholeNumber(context, context.getNodeParameter('lookBackDays', DEFAULT_LOOK_BACK_DAYS), 'Look Back (Days)', 1, MAX_LOOK_BACK_DAYS);
	return { event: definition, daysBack, filters, simplify: context.getNodeParameter('simplify', true) !== false, parallel };
}

function blacklistPoll(context: IPollFunctions, parallel: number): BlacklistPoll {
	const raw = context.getNodeParameter('rfcs', '') as unknown;
	const written = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\n;]/) : [raw];
	const rfcs = new Set<string>();
	for (const value of written) {
		const rfc = normalizeRfc(value);
		if (rfc === '') continue;
		const problem = rfcProblem(rfc);
		if (problem !== undefined) {
			throw new NodeOperationError(context.getNode(), `RFCs to Watch: ${problem}`, {
				description: 'Correct or remove it; nothing was read. Spaces, dashes and lower case are accepted.',
			});
		}
		rfcs.add(rfc);
	}
	return { rfcs: [...rfcs], parallel };
}

function wholeNumber(context: IPollFunctions, raw: unknown, field: string, min: number, max: number): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) return value;
	throw new NodeOperationError(context.getNode(), `${field} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
}
