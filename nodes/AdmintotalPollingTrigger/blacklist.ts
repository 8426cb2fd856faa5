import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isJsonObject } from '../shared/records';
import { readBlacklistType } from '../shared/blacklist/blacklistType';
import type { BlacklistVerdict } from '../shared/blacklist/verdict';
import { BLACKLIST_PATH, blacklistVerdict, entryRfc } from '../shared/blacklist/verdict';
import { rfcProblem } from '../shared/fields/grammars';
import { fetchPage, lookUpEach } from '../shared/tenant/lists';
import { forgetUnreadable } from './memory';
import { readWholeList } from './overlappingPages';
import type { Tenant } from '../shared/tenant/tenant';

const REQUEST = { method: 'GET' as const, url: BLACKLIST_PATH, qs: {} };
const BY_RFC = { parameter: 'rfc', keyOf: entryRfc };

export interface BlacklistPoll {
	/** Normalized RFCs to watch; empty: the whole list. */
	rfcs: string[];
	parallel: number;
}

/** The RFCs watched (`*`: the whole list) and, per gravest type, the RFCs listed with it, comma-separated (about 14 bytes each). */
interface SavedBlacklist {
	scope: string;
	types: Record<string, string>;
}

/**
 * One poll of SAT's 69-B list. A whole read can shift while read (entries have no ID), so a change it shows is a candidate that
 * the RFC's own lookup confirms. An RFC newly listed, or whose gravest type changed, is output once; one that left is forgotten,
 * one watched for the first time only remembered, and an entry that names no valid RFC is never a change.
 */
export async function pollBlacklist(tenant: Tenant<IPollFunctions>, poll: BlacklistPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const saved = readSaved(tenant.context, memory.blacklist);
	const before = saved ? readTypes(saved.types) : new Map<string, string>();
	const watchedBefore = saved === undefined ? new Set<string>() : saved.scope === '*' ? undefined : new Set(saved.scope.split(',').filter(Boolean));
	const watching = new Set(poll.rfcs);
	const watched = (rfc: string) => (watchedBefore === undefined || watchedBefore.has(rfc)) && (watching.size === 0 || watching.has(rfc));

	const current = await readVerdicts(tenant, poll);
	const candidates = [...new Set([...current.keys(), ...before.keys()])].filter((rfc) => watched(rfc) && typeKeyOf(current.get(rfc)) !== before.get(rfc));
	const confirmed = candidates.length > 0 ? await lookUpVerdicts(tenant, candidates, { oneByOne: true }) : new Map<string, BlacklistVerdict>();

	const changes: IDataObject[] = [];
	for (const rfc of candidates) {
		const verdict = confirmed.get(rfc);
		const previous = before.get(rfc);
		if (verdict) current.set(rfc, verdict);
		else current.delete(rfc);
		// A lookup that agrees with the memory means the read had shifted: nothing changed.
		if (verdict && typeKeyOf(verdict) !== previous) changes.push(changeItem(verdict, previous));
	}
	memory.blacklist = { scope: poll.rfcs.length === 0 ? '*' : [...poll.rfcs].sort().join(','), types: saveTypes(current) } satisfies SavedBlacklist;
	if (changes.length === 0) return null;
	return [changes.map((json) => ({ json }))];
}

/** Fetch Test Event: the first listed entry among the RFCs (or of the whole list), as a change would show it; nothing remembered. */
export async function sampleBlacklistChange(tenant: Tenant<IPollFunctions>, poll: BlacklistPoll, memory: IDataObject): Promise<INodeExecutionData[][] | null> {
	const saved = isSaved(memory.blacklist) ? memory.blacklist : undefined;
	const before = saved ? readTypes(saved.types) : new Map<string, string>();
	const verdicts = poll.rfcs.length > 0 ? await readVerdicts(tenant, poll) : listedVerdicts((await fetchPage(tenant, BLACKLIST_PATH, { limit: 1 })).results);
	const [verdict] = verdicts.values();
	return verdict ? [[{ json: changeItem(verdict, before.get(verdict.rfc)) }]] : null;
}

/** The listed RFCs among those watched, or of the whole list, each with its verdict. */
async function readVerdicts(tenant: Tenant<IPollFunctions>, poll: BlacklistPoll): Promise<Map<string, BlacklistVerdict>> {
	if (poll.rfcs.length > 0) return await lookUpVerdicts(tenant, poll.rfcs);
	// An activation that remembered a read whose pages shifted would miss an RFC listed all along and call it "added" later.
	const { records, earlierOnly } = await readWholeList({ tenant, path: BLACKLIST_PATH, qs: {}, parallel: poll.parallel, name: "SAT's 69-B list" });
	return listedVerdicts([...records, ...earlierOnly]);
}

/** The blacklist memory, when readable; damaged memory is forgotten, saying so in n8n's log. */
function readSaved(context: IPollFunctions, saved: unknown): SavedBlacklist | undefined {
	if (saved === undefined) return undefined;
	return isSaved(saved) ? saved : forgetUnreadable(context, 'the 69-B list');
}

function isSaved(saved: unknown): saved is SavedBlacklist {
	return isJsonObject(saved) && typeof saved.scope === 'string' && isJsonObject(saved.types) && Object.values(saved.types).every((rfcs) => typeof rfcs === 'string');
}

/** Each RFC's verdict from its lookup; one RFC that cannot be read fails the poll: "not listed" is never concluded from a failure. */
async function lookUpVerdicts(tenant: Tenant<IPollFunctions>, rfcs: string[], how = { oneByOne: false }): Promise<Map<string, BlacklistVerdict>> {
	const verdicts = new Map<string, BlacklistVerdict>();
	for (const [rfc, answer] of await lookUpEach(tenant, REQUEST, BY_RFC, rfcs, 0, how)) {
		if (answer instanceof Error) throw answer;
		const verdict = blacklistVerdict(rfc, answer);
		if (verdict.listed) verdicts.set(rfc, verdict);
	}
	return verdicts;
}

/** Entries grouped by RFC, each listed RFC with its verdict (the gravest type); entries that name no RFC are left out. */
function listedVerdicts(entries: IDataObject[]): Map<string, BlacklistVerdict> {
	const byRfc = new Map<string, IDataObject[]>();
	for (const entry of entries) {
		const rfc = entryRfc(entry);
		if (rfcProblem(rfc) === undefined) byRfc.set(rfc, [...(byRfc.get(rfc) ?? []), entry]);
	}
	return new Map([...byRfc].map(([rfc, listed]) => [rfc, blacklistVerdict(rfc, listed)]));
}

function changeItem(verdict: BlacklistVerdict, previous: string | undefined): IDataObject {
	const tipoBefore = previous === undefined ? null : /^\d+$/.test(previous) ? Number(previous) : previous;
	const labelBefore = tipoBefore === null ? null : readBlacklistType(tipoBefore).tipoLabel;
	const { rfc, tipo, tipoLabel, nombre, blocking, meaning, checkDigitValid } = verdict;
	return { rfc, change: tipoBefore === null ? 'added' : 'changed', tipoBefore, tipoLabelBefore: labelBefore, tipo, tipoLabel, nombre, blocking, meaning, checkDigitValid };
}

/** A listed RFC's type as the memory writes it; undefined when not listed. */
function typeKeyOf(verdict: BlacklistVerdict | undefined): string | undefined {
	if (verdict === undefined) return undefined;
	const { tipo } = verdict;
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

function saveTypes(current: Map<string, BlacklistVerdict>): Record<string, string> {
	const byType: Record<string, string[]> = {};
	for (const [rfc, verdict] of current) (byType[typeKeyOf(verdict) as string] ??= []).push(rfc);
	const saved: Record<string, string> = {};
	for (const tipo of Object.keys(byType).sort()) saved[tipo] = byType[tipo].sort().join(',');
	return saved;
}
