import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { apiValuesOf } from '../shared/fields/field';
import { boolean, countUpTo, list, oneOf, rfc } from '../shared/fields/grammars';
import { ValueReader } from '../shared/fields/reader';
import { parallelRequestsOf } from '../shared/operation/settings';
import type { BlacklistPoll } from './blacklist';
import { pollBlacklist, sampleBlacklistChange } from './blacklist';
import type { DocumentPoll } from './documents';
import { newestDocument, pollDocuments } from './documents';
import type { DocumentEvent, EventName } from './events';
import { DEFAULT_LOOK_BACK_DAYS, DOCUMENT_EVENTS, DOCUMENT_FILTERS, MAX_LOOK_BACK_DAYS } from './events';
import { Tenant } from '../shared/tenant/tenant';

/** Triggers polling in this process: n8n ticks even while a poll runs, and two polls on one memory would report records twice. */
const running = new Set<string>();

/** One poll: the static data changes only once every list was read whole, so after a failure the next poll reports everything since the last good one. */
export async function runPoll(context: IPollFunctions, memoryOf: () => IDataObject): Promise<INodeExecutionData[][] | null> {
	// Parameters are read and checked as every operation's are (fields/reader.ts), naming the field.
	const reader = ValueReader.ofPoll(context);
	const event = reader.read('event', 'Event', oneOf<EventName>(['blacklistChanged', ...(Object.keys(DOCUMENT_EVENTS) as EventName[])]), { required: true }) as EventName;
	const parallel = parallelRequestsOf(reader);
	const manual = context.getMode() === 'manual';
	const poll = event === 'blacklistChanged' ? blacklistPoll(reader, parallel) : await documentPoll(reader, DOCUMENT_EVENTS[event], parallel);

	// The poll's way to the tenant: its pages and lookups share Parallel Requests.
	const tenant = await Tenant.open(context, { ceiling: parallel });
	if (manual) {
		return 'rfcs' in poll ? await sampleBlacklistChange(tenant, poll, { ...memoryOf() }) : await newestDocument(tenant, poll);
	}
	const key = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	if (running.has(key)) return null;
	running.add(key);
	try {
		const memory = memoryOf();
		// Only the current event is kept: another event's memory would be stale by the time it is chosen again.
		const stateKey = 'rfcs' in poll ? 'blacklist' : poll.event.name;
		const staged: IDataObject = stateKey in memory ? { [stateKey]: memory[stateKey] } : {};
		const items = 'rfcs' in poll ? await pollBlacklist(tenant, poll, staged) : await pollDocuments(tenant, poll, staged);
		for (const name of Object.keys(memory)) if (name !== stateKey) delete memory[name];
		memory[stateKey] = staged[stateKey];
		return items;
	} finally {
		running.delete(key);
		tenant.tellPace();
	}
}

async function documentPoll(reader: ValueReader, definition: DocumentEvent, parallel: number): Promise<DocumentPoll> {
	const filters = await apiValuesOf([DOCUMENT_FILTERS], reader);
	const daysBack = definition.daysBack ?? reader.read('lookBackDays', 'Look Back (Days)', countUpTo(MAX_LOOK_BACK_DAYS)) ?? DEFAULT_LOOK_BACK_DAYS;
	return { event: definition, daysBack, filters, simplify: reader.read('simplify', 'Simplify', boolean) !== false, parallel };
}

/** RFCs to Watch: a list from an expression, or text separated by commas, semicolons or lines; each checked as Check RFC checks one. */
function blacklistPoll(reader: ValueReader, parallel: number): BlacklistPoll {
	const rfcs = reader.read('rfcs', 'RFCs to Watch', list(rfc, /[,\n;]/)) ?? [];
	return { rfcs: rfcs.map(String), parallel };
}
