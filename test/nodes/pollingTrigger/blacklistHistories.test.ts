/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code reads its number of histories from the environment */
/*
 * Blacklist Entry Added or Changed (the whole 69-B list) proven against random histories, through
 * n8n-core's poll context over HTTP. The list has no IDs and entries come, go and change type
 * between and during reads (pages of 3 entries, so every read has page boundaries), polls fail,
 * n8n restarts, memory is damaged. Checked after every poll:
 *
 * 1. Never "added" for an RFC listed the whole time since the trigger started following the list
 *    (its activation, or the memory it read back) and not reported since.
 * 2. Never twice: an RFC is not reported again with the same type unless the tenant changed it meanwhile.
 * 3. Never lost in silence: after quiet polls, the memory is the list, and an RFC whose type differs
 *    from the one it had when the trigger started following it was reported with that type
 *    (an RFC that changed while the trigger was starting may or may not be).
 */
import fc from 'fast-check';

import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile, json, type HostileTenant } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { DEMO } from '../../sandbox';

const MEMORY = 'node:Admintotal Polling Trigger';
const RFCS = ['AAA010101AA1', 'BBB020202BB2', 'CCC030303CC3', 'DDD040404DD4', 'EEE050505EE5', 'FFF060606FF6', 'GGG070707GG7'];
const HISTORIES = Number(process.env.BLACKLIST_HISTORIES ?? 60);
const QUIET_POLLS = 3;

interface Entry {
	rfc: string;
	nombre: string;
	tipo: number;
}

type Change = { kind: 'set'; rfc: number; tipo: number; at: number } | { kind: 'remove'; rfc: number };
type Step = Change | { kind: 'poll'; page: number; during?: Change; fail: boolean } | { kind: 'restart' } | { kind: 'damage' };

const change: fc.Arbitrary<Change> = fc.oneof(
	fc.record({ kind: fc.constant('set' as const), rfc: fc.nat(RFCS.length - 1), tipo: fc.integer({ min: 1, max: 3 }), at: fc.nat(10) }),
	fc.record({ kind: fc.constant('remove' as const), rfc: fc.nat(RFCS.length - 1) }),
);
const poll = fc.record({ kind: fc.constant('poll' as const), page: fc.nat(3), during: fc.option(change, { nil: undefined, freq: 2 }), fail: fc.constantFrom(false, false, false, true) });
const steps: fc.Arbitrary<Step[]> = fc
	.tuple(
		fc.array(change, { maxLength: 8 }),
		poll,
		fc.array(fc.oneof({ weight: 5, arbitrary: change }, { weight: 5, arbitrary: poll }, { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) }, { weight: 1, arbitrary: fc.constant({ kind: 'damage' as const }) }), { maxLength: 30 }),
	)
	.map(([before, activation, after]) => [...before, activation, ...after]);

/** SAT's list as the API serves it: entries in the order they were listed, `?rfc=` filtering, pages of 3. */
function serveBlacklist(tenant: HostileTenant, entries: Entry[], hooks: { beforePage?: () => void; fail: boolean }) {
	tenant.answer = (hit, response) => {
		const url = new URL(hit.url, tenant.url);
		const rfc = url.searchParams.get('rfc');
		const offset = Number(url.searchParams.get('offset') ?? 0);
		if (rfc === null) hooks.beforePage?.();
		if (hooks.fail && rfc === null) {
			hooks.fail = false;
			response.writeHead(200, { 'content-type': 'text/html' });
			response.end('<html>maintenance</html>');
			return;
		}
		const listed = rfc === null ? entries : entries.filter((entry) => entry.rfc === rfc);
		const limit = Math.min(3, Number(url.searchParams.get('limit') ?? 100));
		url.searchParams.set('offset', String(offset + limit));
		json(response, 200, { count: listed.length, next: offset + limit < listed.length ? url.toString() : null, previous: null, results: listed.slice(offset, offset + limit) });
	};
}

describe('Admintotal Polling Trigger: the whole 69-B list over random histories', () => {
	const hostile = hostileTenantPerFile();

	it(`${HISTORIES} histories keep the promise`, async () => {
		await fc.assert(
			fc.asyncProperty(steps, async (history) => {
				const entries: Entry[] = [];
				const hooks: { beforePage?: () => void; fail: boolean } = { fail: false };
				serveBlacklist(hostile(), entries, hooks);
				const trigger = new PollingTrigger({ parameters: { event: 'blacklistChanged', options: { parallelRequests: 2 } }, credential: credentialFor({ baseUrl: hostile().url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });
				const typeOf = (rfc: string) => entries.find((entry) => entry.rfc === rfc)?.tipo;
				/** What the trigger must know: the types when it started following (undefined until a saved poll). */
				let baseline: Map<string, number> | undefined;
				let startedAt: Map<string, number> | undefined;
				/** RFCs listed without a break since the trigger started following and not reported since. */
				const listedThrough = new Set<string>();
				const touched = new Set<string>();
				/** RFCs changed while the trigger was starting: either way is right. */
				const unsure = new Set<string>();
				const lastReport = new Map<string, number>();
				const apply = (step: Change) => {
					const rfc = RFCS[step.rfc];
					const at = entries.findIndex((entry) => entry.rfc === rfc);
					if (step.kind === 'remove') {
						if (at >= 0) entries.splice(at, 1);
						listedThrough.delete(rfc);
					} else if (at >= 0) entries[at].tipo = step.tipo;
					else entries.splice(step.at % (entries.length + 1), 0, { rfc, nombre: `CONTRIBUYENTE ${step.rfc}`, tipo: step.tipo });
					touched.add(rfc);
					if (baseline === undefined) unsure.add(rfc);
				};
				const runPoll = async (step?: Extract<Step, { kind: 'poll' }>) => {
					let page = 0;
					if (baseline === undefined) startedAt = new Map(entries.map((entry) => [entry.rfc, entry.tipo]));
					hooks.beforePage = () => {
						if (step && page === step.page) {
							if (step.during) apply(step.during);
							if (step.fail) hooks.fail = true;
						}
						page++;
					};
					const before = trigger.saved;
					const result = await trigger.poll();
					hooks.beforePage = undefined;
					hooks.fail = false;
					if (result.error) {
						if (!step?.fail) throw new Error(`a poll failed without a failing page: ${result.error.message}`);
						return;
					}
					for (const item of result.json) {
						const rfc = String(item.rfc);
						if (item.change === 'added' && listedThrough.has(rfc)) throw new Error(`${rfc} reported "added", listed the whole time`);
						if (lastReport.get(rfc) === item.tipo && !touched.has(rfc)) throw new Error(`${rfc} reported twice as ${String(item.tipo)}`);
						lastReport.set(rfc, Number(item.tipo));
						touched.delete(rfc);
						listedThrough.delete(rfc);
					}
					if (baseline === undefined && trigger.saved !== before) {
						baseline = startedAt as Map<string, number>;
						for (const rfc of baseline.keys()) if (!unsure.has(rfc) && typeOf(rfc) === baseline.get(rfc)) listedThrough.add(rfc);
					}
				};
				for (const step of history) {
					if (step.kind === 'poll') await runPoll(step);
					else if (step.kind === 'restart') trigger.restart();
					else if (step.kind === 'damage') {
						trigger.saved = { [MEMORY]: { blacklist: { scope: 5, types: [] } } };
						trigger.restart();
						baseline = undefined;
						listedThrough.clear();
						unsure.clear();
					} else apply(step);
				}
				for (let quiet = 0; quiet < QUIET_POLLS; quiet++) await runPoll();
				const remembered = (trigger.memory.blacklist as { types: Record<string, string> }).types;
				const memory = new Map(Object.entries(remembered).flatMap(([tipo, rfcs]) => rfcs.split(',').map((rfc) => [rfc, Number(tipo)] as const)));
				expect(Object.fromEntries(memory)).toEqual(Object.fromEntries(entries.map((entry) => [entry.rfc, entry.tipo])));
				for (const entry of entries) {
					if (unsure.has(entry.rfc) || baseline?.get(entry.rfc) === entry.tipo) continue;
					if (lastReport.get(entry.rfc) !== entry.tipo) throw new Error(`${entry.rfc} is ${entry.tipo} since a change never reported`);
				}
			}),
			{ numRuns: HISTORIES },
		);
	}, 600_000);
});
