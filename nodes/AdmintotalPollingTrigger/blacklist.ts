import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isJsonObject } from '../../tenant/json';
import { readBlacklistType } from '../AdmintotalBlacklist/blacklistType';
import { blacklistVerdict, entryRfc } from '../AdmintotalBlacklist/verdict';
import { fetchPage, readList } from '../shared/transport/list';
import { lookUpEach } from '../shared/transport/lookups';

const PATH = '/listanegra/';
const BY_RFC = { parameter: 'rfc', keyOf: entryRfc };

export interface BlacklistPoll {
	/** Normalized RFCs to watch; empty: the whole list. */
	rfcs: string[];
	parallel: number;
}

/**
 * What the static data holds for the blacklist event: which RFCs were watched (`*` for the whole
 * list) and, per type, the RFCs listed with it (the gravest type when an RFC has several entries),
 * comma-separated: about 14 bytes per listed RFC.
 */
interface SavedBlacklist {
	scope: string;
	types: Record<string, string>;
}

/**
 * One poll of SAT's 69-B list: with RFCs, one `?rfc=` lookup each (every page, as Check RFC reads
 * them); without, the whole list, pages side by side. An RFC that newly appears, or whose gravest
 * type changed, since the last good poll is output once, with its type before and after and Check
 * RFC's verdict. An RFC watched for the first time (the first activation, or added to the list of
 * RFCs) is only remembered. An RFC that leaves the list is forgotten, not reported.
 */
export async function pollBlacklist(context: IPollFunctions, poll: BlacklistPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const entries = await readEntries(context, poll);
	const current = new Map<string, ReturnType<typeof blacklistVerdict>>();
	for (const [rfc, listed] of entries) {
		const verdict = blacklistVerdict(rfc, listed);
		if (verdict.listed) current.set(rfc, verdict);
	}
	const saved = memory.blacklist as SavedBlacklist | undefined;
	const before = saved ? readTypes(saved.types) : new Map<string, string>();
	const watchedBefore = saved === undefined ? new Set<string>() : saved.scope === '*' ? undefined : new Set(saved.scope.split(',').filter(Boolean));
	const changes: IDataObject[] = [];
	for (const [rfc, verdict] of current) {
		if (watchedBefore !== undefined && !watchedBefore.has(rfc)) continue;
		const previous = before.get(rfc);
		if (previous === typeKey(verdict.tipo)) continue;
		changes.push(changeItem(verdict, previous));
	}
	memory.blacklist = { scope: poll.rfcs.length === 0 ? '*' : [...poll.rfcs].sort().join(','), types: saveTypes(current) } satisfies SavedBlacklist;
	if (changes.length === 0) return null;
	return [changes.map((json) => ({ json }))];
}

/** Fetch Test Event: the first listed entry among the RFCs (or of the whole list), as a change would show it; nothing remembered. */
export async function sampleBlacklistChange(context: IPollFunctions, poll: BlacklistPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const saved = memory.blacklist as SavedBlacklist | undefined;
	const before = saved ? readTypes(saved.types) : new Map<string, string>();
	let entries: Map<string, IDataObject[]>;
	if (poll.rfcs.length > 0) entries = await readEntries(context, poll);
	else {
		const first = (await fetchPage(context, PATH, { limit: 1 })).results[0];
		if (first === undefined) return null;
		entries = new Map([[entryRfc(first), [first]]]);
	}
	for (const [rfc, listed] of entries) {
		const verdict = blacklistVerdict(rfc, listed);
		if (verdict.listed) return [[{ json: changeItem(verdict, before.get(rfc)) }]];
	}
	return null;
}

async function readEntries(context: IPollFunctions, poll: BlacklistPoll): Promise<Map<string, IDataObject[]>> {
	const request = { method: 'GET' as const, url: PATH, qs: {} };
	if (poll.rfcs.length === 0) {
		const byRfc = new Map<string, IDataObject[]>();
		for (const entry of await readList(context, request, 0, { parallel: poll.parallel })) {
			const rfc = entryRfc(entry);
			byRfc.set(rfc, [...(byRfc.get(rfc) ?? []), entry]);
		}
		return byRfc;
	}
	const answers = await lookUpEach(context, request, BY_RFC, poll.rfcs, poll.parallel, 0);
	const byRfc = new Map<string, IDataObject[]>();
	for (const [rfc, answer] of answers) {
		// One RFC that cannot be read fails the poll: "not listed" is never concluded from a failure.
		if (answer instanceof Error) throw answer;
		byRfc.set(rfc, answer);
	}
	return byRfc;
}

function changeItem(verdict: ReturnType<typeof blacklistVerdict>, previous: string | undefined): IDataObject {
	const tipoBefore = previous === undefined ? null : /^\d+$/.test(previous) ? Number(previous) : previous;
	const labelBefore = tipoBefore === null ? null : readBlacklistType(tipoBefore).tipoLabel;
	return {
		rfc: verdict.rfc,
		change: tipoBefore === null ? 'added' : 'changed',
		tipoBefore,
		tipoLabelBefore: labelBefore,
		tipo: verdict.tipo,
		tipoLabel: verdict.tipoLabel,
		nombre: verdict.nombre,
		blocking: verdict.blocking,
		meaning: verdict.meaning,
		checkDigitValid: verdict.checkDigitValid,
	};
}

function typeKey(tipo: unknown): string {
	return typeof tipo === 'string' || typeof tipo === 'number' ? String(tipo) : JSON.stringify(tipo);
}

function readTypes(saved: unknown): Map<string, string> {
	const types = new Map<string, string>();
	if (!isJsonObject(saved)) return types;
	for (const [tipo, rfcs] of Object.entries(saved)) {
		if (typeof rfcs === 'string') for (const rfc of rfcs.split(',')) if (rfc !== '') types.set(rfc, tipo);
	}
	return types;
}

function saveTypes(current: Map<string, ReturnType<typeof blacklistVerdict>>): Record<string, string> {
	const byType: Record<string, string[]> = {};
	for (const [rfc, verdict] of current) (byType[typeKey(verdict.tipo)] ??= []).push(rfc);
	const saved: Record<string, string> = {};
	for (const tipo of Object.keys(byType).sort()) saved[tipo] = byType[tipo].sort().join(',');
	return saved;
}
