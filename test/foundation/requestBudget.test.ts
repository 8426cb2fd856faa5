/*
 * One request budget per run, which finds the tenant's pace: it grows while the tenant keeps up,
 * never above the node's Parallel Requests (200 unless set), shrinks for the whole run on a 429,
 * and a tenant that keeps throttling ends the run after the same waits whatever the number of
 * items. Counted by the sandbox: `alongside` is how many other requests were unanswered when one
 * arrived; the tenant's pace is the sandbox's (`pace`: latency, 429 above a number in flight,
 * slowing under load).
 */
import { START_LANES } from '../../nodes/shared/tenant/pace/rule';
import { DEFAULT_CEILING, PATIENCE } from '../../nodes/shared/tenant/pace/run';
import { forgetPaces } from '../harness/package';
import type { RecordedRequest } from '../sandbox';
import { crearNotaVenta } from '../sandbox/store/cambios';
import { sandboxPerFile } from '../nodes/fixture';
import { tenantDay, triggerFor } from '../nodes/pollingTrigger/fixture';

const PROSPECTS = '/api/v2/prospectos/';
const fixture = sandboxPerFile({ pageSize: { default: 10, max: 10 }, volume: { prospectos: 60 } });

const inFlight = (requests: RecordedRequest[]) => Math.max(0, ...requests.map((request) => request.alongside + 1));
const toProspects = () => fixture.sandbox.requests.filter((request) => request.path.startsWith(PROSPECTS));
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ index }));
const getFor = (count: number, options: Record<string, unknown> = {}) => {
	const ids = fixture.sandbox.store.prospectos.map((prospect) => prospect.id);
	return fixture.run(
		'admintotalProspect',
		{ resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify: false, options },
		{ input: Array.from({ length: count }, (_, index) => ({ id: ids[index % ids.length] })) },
	);
};
/** Groups of requests separated by a pause of at least `gapMs`: the waits the run made. */
const waves = (requests: RecordedRequest[], gapMs = 800) => requests.filter((request, index) => index === 0 || request.at - requests[index - 1].at >= gapMs).length;

afterEach(() => {
	for (const key of Object.keys(fixture.sandbox.pace)) delete fixture.sandbox.pace[key as keyof typeof fixture.sandbox.pace];
});

describe('the run finds the tenant pace', () => {
	it(`Get for 400 items from a tenant 100 ms away grows past its start of ${START_LANES} in flight, never past the default ceiling of ${DEFAULT_CEILING}, each item answered once`, async () => {
		fixture.sandbox.pace.latencyMs = 100;
		const run = await getFor(400);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(400);
		expect(toProspects()).toHaveLength(400);
		// Slow start doubles each round trip (20, 40, 80, 160, …) on a quiet machine; on a busy one (CI runs
		// test files side by side) the machine's own pauses look like slower answers and may end the
		// doubling early, which is why this asks only that it grew.
		expect(inFlight(toProspects())).toBeGreaterThan(START_LANES);
		expect(inFlight(toProspects())).toBeLessThanOrEqual(DEFAULT_CEILING);
	}, 60_000);

	it('a run with one item sends one request, and says nothing about its pace', async () => {
		fixture.sandbox.pace.latencyMs = 20;
		const run = await getFor(1);
		expect(run.json).toHaveLength(1);
		expect(toProspects()).toHaveLength(1);
		expect(run.hints).toEqual([]);
	});

	it('growth stops at Parallel Requests: Get for 300 items with 6 reaches 6 in flight and never 7', async () => {
		fixture.sandbox.pace.latencyMs = 20;
		const run = await getFor(300, { parallelRequests: 6 });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(300);
		expect(inFlight(toProspects())).toBe(6);
	}, 60_000);

	it('Create for 30 items with Parallel Requests 2: 2 requests in flight at most, and every item created once', async () => {
		fixture.sandbox.faults.add({ method: 'POST', path: PROSPECTS, delayMs: 20 });
		const before = fixture.sandbox.store.prospectos.length;
		const run = await fixture.run(
			'admintotalProspect',
			{ resource: 'prospect', operation: 'create', name: '={{ "Budget " + $json.index }}', options: { parallelRequests: 2 } },
			{ input: items(30) },
		);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(30);
		const posts = toProspects().filter((request) => request.method === 'POST');
		expect(posts).toHaveLength(30);
		expect(inFlight(posts)).toBeLessThanOrEqual(2);
		expect(fixture.sandbox.store.prospectos.length - before).toBe(30);
	});

	it('a tenant that slows down beyond 30 requests at once brings the run back below 60 once its answers show it, and the output says so', async () => {
		fixture.sandbox.pace.latencyMs = 10;
		fixture.sandbox.pace.slowsAbove = { inFlight: 30, msPerRequest: 15 };
		const run = await getFor(800);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(800);
		// Slow start overshoots for about a round trip (the answers that show the rise come a latency
		// late); the last quarter of the run, once the pace is found, is far below the 200 it would reach.
		expect(inFlight(toProspects().slice(600))).toBeLessThanOrEqual(60);
		expect(run.hints.map((hint) => hint.message).join(' ')).toMatch(/answered more slowly as more requests went at once/);
	}, 60_000);
});

describe('a 429 is the whole run’s', () => {
	it("a 429 on one item's page cuts the budget for every item, and nothing is asked until its Retry-After is over", async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, query: { offset: '20' }, retryAfterSeconds: 1, times: 1 });
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, delayMs: 100 });
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', returnAll: true, simplify: false }, { input: items(6) });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(6 * fixture.sandbox.store.prospectos.length);
		const limited = toProspects().find((request) => request.status === 429) as RecordedRequest;
		// The round the 429 came in (answers take 100 ms, so a round's requests arrive together): what was in flight.
		const round = toProspects().filter((request) => Math.abs(request.at - limited.at) <= 50);
		// Requests already on their way when the 429 came are answered; none starts during the wait.
		expect(toProspects().filter((request) => request.at > limited.at + 50 && request.at < limited.at + 950)).toEqual([]);
		const afterWait = toProspects().filter((request) => request.at >= limited.at + 950);
		const firstRound = afterWait.filter((request) => request.at < afterWait[0].at + 50);
		// Halved at once, for the items that did not get the 429 too.
		expect(round.length).toBeGreaterThan(4);
		expect(firstRound.length).toBeLessThanOrEqual(Math.floor(round.length / 2));
		expect(run.hints.map((hint) => hint.message).join(' ')).toMatch(/asked this run to slow down once \(429 Too Many Requests\): it paused once/);
		expect(run.hints[0].type).toBe('warning');
	}, 30_000);

	it('against a tenant answering 429 above 10 in flight, Create for 200 items completes with every prospect created once', async () => {
		fixture.sandbox.pace.latencyMs = 20;
		fixture.sandbox.pace.throttleAbove = 10;
		const before = fixture.sandbox.store.prospectos.length;
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'create', name: '={{ "Throttled " + $json.index }}' }, { input: items(200) });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(200);
		const created = toProspects().filter((request) => request.method === 'POST' && request.status === 201);
		expect(created).toHaveLength(200);
		expect(new Set(created.map((request) => (request.body as { nombre?: string }).nombre)).size).toBe(200);
		expect(fixture.sandbox.store.prospectos.length - before).toBe(200);
		fixture.sandbox.store.prospectos.splice(before);
	}, 60_000);

	it.each([
		['Stop', false],
		['Continue', true],
	])('a tenant throttling for ever ends a run of 8 and one of 80 items after the same 3 waits (On Error: %s)', async (_mode, continueOnFail) => {
		fixture.sandbox.pace.throttleAbove = 0;
		const figures: Array<{ waves: number; requests: number }> = [];
		for (const count of [8, 80]) {
			fixture.sandbox.clearRequests();
			// Each run meets the tenant afresh: the second would otherwise start from the pace the first cut (pace/registry.ts).
			forgetPaces();
			const run = await fixture.run(
				'admintotalProspect',
				{ resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: String(fixture.sandbox.store.prospectos[0].id) } },
				{ input: items(count), continueOnFail },
			);
			if (continueOnFail) {
				expect(run.json).toHaveLength(count);
				expect(run.json.every((item) => typeof item.error === 'string')).toBe(true);
				expect(run.json.filter((item) => /kept limiting requests/.test(String(item.error))).length).toBeGreaterThan(count / 2);
			} else {
				expect(run.error?.message).toMatch(/limiting requests/);
				expect(run.error?.description).toMatch(/The run paused 3 times/);
			}
			figures.push({ waves: waves(toProspects()), requests: toProspects().length });
		}
		// The first round (each item, up to the budget's start), then one request after each of the 3
		// waits: no more waits and no more requests for ten times the items.
		expect(figures[0]).toEqual({ waves: 4, requests: 8 + PATIENCE });
		expect(figures[1]).toEqual({ waves: 4, requests: START_LANES + PATIENCE });
	}, 30_000);
});

describe('a tenant that stops answering', () => {
	it('ends a run of 50 and one of 100 items (On Error: Continue, Timeout 0.5 s) after the same requests: the rest fail unsent', async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: /^\/api\/v2\/prospectos\/\d+\/$/, delayMs: 3000 });
		const sent: number[] = [];
		for (const count of [50, 100]) {
			fixture.sandbox.clearRequests();
			// Each run meets the tenant afresh (pace/registry.ts), as the first would.
			forgetPaces();
			const run = await fixture.run(
				'admintotalProspect',
				{ resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, requestOptions: { timeout: 500 } },
				{ input: Array.from({ length: count }, (_, index) => ({ id: fixture.sandbox.store.prospectos[index % 60].id })), continueOnFail: true },
			);
			expect(run.json).toHaveLength(count);
			const errors = run.json.map((item) => String(item.error));
			expect(errors.every((error) => /did not answer within 500 ms|^Not sent: Admintotal did not answer in time 4 times in a row/.test(error))).toBe(true);
			expect(errors.filter((error) => error.startsWith('Not sent')).length).toBe(count - toProspects().length);
			sent.push(toProspects().length);
		}
		// Rounds of 20, 10, 5 and the first of the next out of time: then the run stops asking, however many items wait.
		expect(sent[0]).toBeLessThan(50);
		expect(sent[1]).toBe(sent[0]);
	}, 60_000);
});

describe('polls and dropdowns keep the same pace', () => {
	it('a poll reading its window page by page side by side, from a tenant answering 429 above 2 in flight, reports each of 120 new notes once', async () => {
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		expect((await trigger.poll()).json).toEqual([]);
		const created = Array.from({ length: 120 }, () => crearNotaVenta(fixture.sandbox.store, { fecha: tenantDay() }).id);
		fixture.sandbox.pace.latencyMs = 10;
		fixture.sandbox.pace.throttleAbove = 2;
		fixture.sandbox.clearRequests();
		const poll = await trigger.poll();
		expect(poll.error).toBeUndefined();
		expect(poll.json.map((note) => note.id).sort((a, b) => Number(a) - Number(b))).toEqual(created);
		const notes = fixture.sandbox.requests.filter((request) => request.path === '/api/v2/movimientos/notas_venta/');
		// It met the throttle, waited it out, and asked no page twice once answered.
		expect(notes.filter((request) => request.status === 429).length).toBeGreaterThan(0);
		const answered = notes.filter((request) => request.status === 200).map((request) => request.url);
		expect(new Set(answered).size).toBe(answered.length);
	}, 30_000);

	it('a From List search waits out a 429 on its second page and finds the match there', async () => {
		const wanted = fixture.sandbox.store.prospectos[15];
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, query: { offset: '10' }, retryAfterSeconds: 1, times: 1 });
		const found = await fixture.search('admintotalProspect', 'searchProspects', String(wanted.nombre));
		expect(found.results.map((result) => result.value)).toContain(String(wanted.id));
		expect(toProspects().filter((request) => request.status === 429)).toHaveLength(1);
	});
});

describe('Parallel Requests', () => {
	it('is read once for the run: a wrong value on any item stops the run before anything is sent', async () => {
		const run = await fixture.run(
			'admintotalProspect',
			{ resource: 'prospect', operation: 'getAll', returnAll: true, options: { parallelRequests: '={{ $json.index === 2 ? 500 : 4 }}' } },
			{ input: items(3) },
		);
		expect(run.error?.message).toBe("'Parallel Requests' must be from 1 to 200, got 500 [item 2]");
		expect(toProspects()).toHaveLength(0);
	});
});
