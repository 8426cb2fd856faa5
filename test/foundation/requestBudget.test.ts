/*
 * One request budget per run: whatever the operation and however many items, the tenant never
 * sees more of a run's requests at once than the node's Parallel Requests (4 by default), and a
 * 429 halves it for every item of the run, not only the one that got it. Counted by the sandbox:
 * `alongside` is how many other requests were unanswered when one arrived.
 */
import type { RecordedRequest } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';

const PROSPECTS = '/api/v2/prospectos/';
const fixture = sandboxPerFile({ pageSize: { default: 10, max: 10 }, volume: { prospectos: 60 } });

const inFlight = (requests: RecordedRequest[]) => Math.max(...requests.map((request) => request.alongside + 1));
const toProspects = () => fixture.sandbox.requests.filter((request) => request.path.startsWith(PROSPECTS));
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ index }));

describe('one request budget per run', () => {
	it('Get Many (Return All) for 5 items: 4 requests in flight at most, every item whole', async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, delayMs: 30 });
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', returnAll: true, simplify: false }, { input: items(5) });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(5 * fixture.sandbox.store.prospectos.length);
		expect(inFlight(toProspects())).toBeLessThanOrEqual(4);
	});

	it('Get for 2,000 items: 4 requests in flight at most', async () => {
		const ids = fixture.sandbox.store.prospectos.map((prospect) => prospect.id);
		fixture.sandbox.faults.add({ method: 'GET', path: /^\/api\/v2\/prospectos\/\d+\/$/, delayMs: 5 });
		const run = await fixture.run(
			'admintotalProspect',
			{ resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify: false },
			{ input: Array.from({ length: 2000 }, (_, index) => ({ id: ids[index % ids.length] })) },
		);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2000);
		expect(toProspects()).toHaveLength(2000);
		expect(inFlight(toProspects())).toBeLessThanOrEqual(4);
	}, 60_000);

	it('Create for 30 items with Parallel Requests 2: 2 requests in flight at most, and every item created once', async () => {
		fixture.sandbox.faults.add({ method: 'POST', path: PROSPECTS, delayMs: 20 });
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
	});

	it("a 429 on one item's page halves the budget for every item, and nothing is asked until its Retry-After is over", async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, query: { offset: '20' }, retryAfterSeconds: 1, times: 1 });
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, delayMs: 30 });
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', returnAll: true, simplify: false }, { input: items(3) });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(3 * fixture.sandbox.store.prospectos.length);
		const limited = toProspects().find((request) => request.status === 429) as RecordedRequest;
		// Requests already on their way when the 429 came are answered; none starts during the wait.
		expect(toProspects().filter((request) => request.at > limited.at + 20 && request.at < limited.at + 950)).toEqual([]);
		const afterWait = toProspects().filter((request) => request.at >= limited.at + 950);
		expect(afterWait.length).toBeGreaterThan(5);
		// 4 halved is 2: the items that did not get the 429 slow down too.
		expect(inFlight(afterWait)).toBeLessThanOrEqual(2);
	});

	it('Parallel Requests is read once for the run: a wrong value on any item stops the run before anything is sent', async () => {
		const run = await fixture.run(
			'admintotalProspect',
			{ resource: 'prospect', operation: 'getAll', returnAll: true, options: { parallelRequests: '={{ $json.index === 2 ? 50 : 4 }}' } },
			{ input: items(3) },
		);
		expect(run.error?.message).toBe("'Parallel Requests' must be from 1 to 10, got 50 [item 2]");
		expect(toProspects()).toHaveLength(0);
	});
});
