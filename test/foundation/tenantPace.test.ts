/*
 * One pace per tenant in the process (nodes/shared/tenant/pace/registry.ts): every execution, poll
 * and search that reaches a tenant shares it, so what one learns holds for all, a new execution
 * starts from what the process knows, and the tenant never has more of our requests at once than
 * the credential's Max Requests at Once (200 unless set), however many executions run. Counted by
 * the sandbox: `alongside` is how many other requests were unanswered when one arrived.
 */
import { START_LANES } from '../../nodes/shared/tenant/pace/rule';
import { MAX_CEILING } from '../../nodes/shared/tenant/pace/run';
import { credentialFor, runNode } from '../harness/engine';
import { fromEngine } from '../harness/package';
import { DEMO, type RecordedRequest } from '../sandbox';
import { sandboxPerFile, waitFor } from '../nodes/fixture';

const PROSPECTS = '/api/v2/prospectos/';
const ACCOUNTS = '/api/v2/cuentas_bancarias/';
const fixture = sandboxPerFile({ volume: { prospectos: 60, cuentasBancarias: 2000 } });

const inFlight = (requests: RecordedRequest[]) => Math.max(0, ...requests.map((request) => request.alongside + 1));
const to = (path: string) => fixture.sandbox.requests.filter((request) => request.path.startsWith(path));
const getProspects = (count: number, extra: { credential?: ReturnType<typeof credentialFor>; options?: Record<string, unknown> } = {}) => {
	const ids = fixture.sandbox.store.prospectos.map((prospect) => prospect.id);
	return runNode({
		node: 'admintotalProspect',
		parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify: false, options: extra.options ?? {} },
		credential: extra.credential ?? credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		input: Array.from({ length: count }, (_, index) => ({ id: ids[index % ids.length] })),
	});
};

afterEach(() => {
	for (const key of Object.keys(fixture.sandbox.pace)) delete fixture.sandbox.pace[key as keyof typeof fixture.sandbox.pace];
});

describe('the tenant never has more of our requests at once than a documented number', () => {
	it(`5 executions at once, Get for 600 items each, default settings: never more than ${MAX_CEILING} in flight`, async () => {
		fixture.sandbox.pace.latencyMs = 50;
		const runs = await Promise.all(Array.from({ length: 5 }, () => getProspects(600)));
		for (const run of runs) expect(run.json).toHaveLength(600);
		expect(to(PROSPECTS)).toHaveLength(3000);
		expect(inFlight(to(PROSPECTS))).toBeLessThanOrEqual(MAX_CEILING);
	}, 120_000);

	it("3 executions at once with the credential's Max Requests at Once 4 (and Parallel Requests 4): never more than 4 in flight", async () => {
		fixture.sandbox.pace.latencyMs = 20;
		const credential = credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey, maxRequestsAtOnce: 4 });
		const runs = await Promise.all(Array.from({ length: 3 }, () => getProspects(60, { credential, options: { parallelRequests: 4 } })));
		for (const run of runs) expect(run.json).toHaveLength(60);
		expect(inFlight(to(PROSPECTS))).toBe(4);
	}, 60_000);

	it("a Max Requests at Once that is no whole number from 1 to 200 fails the run naming the field, and nothing reaches the tenant", async () => {
		const credential = credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey, maxRequestsAtOnce: 2.5 });
		const run = await getProspects(3, { credential });
		expect(run.error?.message).toMatch(/Max Requests at Once must be a whole number from 1 to 200 \(got 2\.5\)/);
		expect(to(PROSPECTS)).toHaveLength(0);
	});
});

describe('what one execution learns holds for all', () => {
	it('a 429 one execution meets holds the other too: nothing reaches the tenant until its Retry-After is over', async () => {
		fixture.sandbox.pace.latencyMs = 50;
		const limitedId = fixture.sandbox.store.prospectos[30].id;
		fixture.sandbox.faults.add({ method: 'GET', path: `${PROSPECTS}${limitedId}/`, retryAfterSeconds: 1, times: 1 });
		const accounts = fixture.sandbox.store.cuentasBancarias.map((account) => account.id);
		const [prospects, bankAccounts] = await Promise.all([
			getProspects(200),
			runNode({
				node: 'admintotalBankAccount',
				parameters: { resource: 'bankAccount', operation: 'get', bankAccountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
				credential: credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
				input: Array.from({ length: 200 }, (_, index) => ({ id: accounts[index % accounts.length] })),
			}),
		]);
		expect(prospects.json).toHaveLength(200);
		expect(bankAccounts.json).toHaveLength(200);
		const limited = to(PROSPECTS).find((request) => request.status === 429) as RecordedRequest;
		// After the 429 both executions kept sending every few ms, but for one pause as long as its
		// Retry-After, in which neither sent anything; both went on after it.
		const after = fixture.sandbox.requests.filter((request) => request.at >= limited.at);
		const gaps = after.slice(1).map((request, index) => ({ ms: request.at - after[index].at, resumedAt: request.at }));
		const pause = gaps.reduce((longest, gap) => (gap.ms > longest.ms ? gap : longest));
		expect(pause.ms).toBeGreaterThanOrEqual(900);
		expect(to(PROSPECTS).filter((request) => request.at >= pause.resumedAt).length).toBeGreaterThan(0);
		expect(to(ACCOUNTS).filter((request) => request.at >= pause.resumedAt).length).toBeGreaterThan(0);
	}, 60_000);

	it("a dropdown search opened during an execution's Retry-After waits for it too", async () => {
		fixture.sandbox.pace.latencyMs = 20;
		const limitedId = fixture.sandbox.store.prospectos[10].id;
		fixture.sandbox.faults.add({ method: 'GET', path: `${PROSPECTS}${limitedId}/`, retryAfterSeconds: 2, times: 1 });
		const running = getProspects(100);
		await waitFor(() => to(PROSPECTS).some((request) => request.status === 429));
		const limited = to(PROSPECTS).find((request) => request.status === 429) as RecordedRequest;
		const found = await fixture.search('admintotalProspect', 'searchProspects', String(fixture.sandbox.store.prospectos[3].nombre));
		expect(found.results.length).toBeGreaterThan(0);
		expect((await running).json).toHaveLength(100);
		const searched = to(PROSPECTS).filter((request) => request.query.offset !== undefined || request.query.limit !== undefined);
		expect(searched.length).toBeGreaterThan(0);
		expect(Math.min(...searched.map((request) => request.at))).toBeGreaterThanOrEqual(limited.at + 1900);
	}, 60_000);

	it(`a new execution starts from the pace the process found: more than ${START_LANES} at once from its first round`, async () => {
		fixture.sandbox.pace.latencyMs = 100;
		expect((await getProspects(400)).json).toHaveLength(400);
		expect(inFlight(to(PROSPECTS))).toBeGreaterThan(START_LANES);
		fixture.sandbox.clearRequests();
		expect((await getProspects(100)).json).toHaveLength(100);
		// Its first round: the requests that arrived before any could be answered.
		const first = to(PROSPECTS).filter((request) => request.at < to(PROSPECTS)[0].at + 50);
		expect(first.length).toBeGreaterThan(START_LANES);
	}, 60_000);
});

describe('a throttle that counts requests per second is met by pacing the starts', () => {
	it('behind 50 requests a second, Get for 400 items: after the second throttled window, under 5 % of requests answered 429', async () => {
		fixture.sandbox.pace.latencyMs = 20;
		fixture.sandbox.pace.ratePerSecond = 50;
		const run = await getProspects(400);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(400);
		// A ramp's first 429 is taken as a limit at once (it cannot tell); the next, sent with no more in
		// flight than requests that passed, shows the rate, which paces the starts from then on.
		const throttledAt = to(PROSPECTS).filter((request) => request.status === 429).map((request) => request.at);
		const second = throttledAt.find((at) => at >= throttledAt[0] + 1000) ?? throttledAt[0];
		const later = to(PROSPECTS).filter((request) => request.at >= second + 1000);
		const throttled = later.filter((request) => request.status === 429);
		expect(later.length).toBeGreaterThan(200);
		expect(throttled.length).toBeLessThan(0.05 * later.length);
		// The run's hint says the rate the node keeps to, in requests a second, not only a number at once.
		expect(run.hints.map((hint) => hint.message).join(' ')).toMatch(/the node now keeps to [^.]*\b[1-4]\d requests a second\./);
	}, 60_000);
});

describe('a throttle that counts requests at once is met by lanes, not by a rate', () => {
	it('behind a tenant answering 429 above 10 at once, Return All of 2,000 bank accounts: after its Retry-After the pages go 10 at once, not a page a second', async () => {
		fixture.sandbox.pace.latencyMs = 50;
		fixture.sandbox.pace.throttleAbove = 10;
		const run = await fixture.run('admintotalBankAccount', { resource: 'bankAccount', operation: 'getAll', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2000);
		const pages = to(ACCOUNTS);
		const throttled = pages.filter((request) => request.status === 429);
		expect(throttled.length).toBeGreaterThan(0);
		// The first page alone, then the rest planned at once: those above 10 answered 429, once.
		const after = pages.filter((request) => request.at >= throttled[throttled.length - 1].at + 900);
		expect(after.filter((request) => request.status === 429)).toHaveLength(0);
		expect(after).toHaveLength(throttled.length);
		expect(inFlight(after)).toBe(after.length);
		const hint = run.hints.map((one) => one.message).join(' ');
		expect(hint).toMatch(/the node now keeps to 10 requests at once\./);
		expect(hint).not.toMatch(/a second/);
	}, 60_000);
});

describe("n8n's own work on big answers is no queue at the tenant", () => {
	it('each answer reaches the pace with its size as the tenant sent it: a page of Return All, byte for byte', async () => {
		const { PaceRule } = fromEngine<typeof import('../../nodes/shared/tenant/pace/rule')>('nodes/shared/tenant/pace/rule');
		const answered = jest.spyOn(PaceRule.prototype, 'answered');
		try {
			const run = await fixture.run('admintotalBankAccount', { resource: 'bankAccount', operation: 'getAll', returnAll: true });
			expect(run.json).toHaveLength(2000);
			const sizes = answered.mock.calls.map(([, , { bytes }]) => bytes);
			const second = to(ACCOUNTS).find((request) => request.query.offset === '100') as RecordedRequest;
			const page = await fetch(`${fixture.sandbox.url}${second.url}`, { headers: { 'api-key': DEMO.apiKey } });
			const bytes = Buffer.byteLength(await page.text());
			expect(bytes).toBeGreaterThan(10_000);
			expect(sizes).toContain(bytes);
		} finally {
			answered.mockRestore();
		}
	}, 60_000);
});

describe('a tenant that queues is met by its answers slowing down', () => {
	it('behind 8 workers (the rest wait, never refused), 4 executions of Get for 250 items at once: never more than 16 of ours waiting', async () => {
		fixture.sandbox.pace.latencyMs = 50;
		fixture.sandbox.pace.workers = 8;
		// The process has met the tenant: its fastest answer is known.
		expect((await getProspects(3)).json).toHaveLength(3);
		fixture.sandbox.clearRequests();
		const runs = await Promise.all(Array.from({ length: 4 }, () => getProspects(250)));
		for (const run of runs) expect(run.json).toHaveLength(250);
		expect(to(PROSPECTS)).toHaveLength(1000);
		expect(Math.max(...to(PROSPECTS).map((request) => request.queued ?? 0))).toBeLessThanOrEqual(16);
	}, 60_000);

	it('met fresh while the process is busy starting the executions (n8n held the first answers 100 ms in the concurrent bench): never more than 16 waiting', async () => {
		fixture.sandbox.pace.latencyMs = 50;
		fixture.sandbox.pace.workers = 8;
		const runs = Promise.all(Array.from({ length: 4 }, () => getProspects(250)));
		// Once the first requests are out, the process works 100 ms without a break, as n8n starting executions does.
		await waitFor(() => to(PROSPECTS).length > 0, 10_000);
		for (const until = Date.now() + 100; Date.now() < until; );
		for (const run of await runs) expect(run.json).toHaveLength(250);
		expect(Math.max(...to(PROSPECTS).map((request) => request.queued ?? 0))).toBeLessThanOrEqual(16);
	}, 60_000);
});

describe('a cut recovers', () => {
	it('one 429 on the first request does not pin the run to 1: Get for 100 items, the lanes grow again', async () => {
		fixture.sandbox.pace.latencyMs = 50;
		fixture.sandbox.faults.add({ method: 'GET', path: /^\/api\/v2\/prospectos\/\d+\/$/, nth: 1, retryAfterSeconds: 1 });
		const run = await getProspects(100);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(100);
		const requests = to(PROSPECTS);
		expect(requests.filter((request) => request.status === 429)).toHaveLength(1);
		// The throttled request was alone when sent, so the pace fell to 1 at once; the last 30 went several at a time again.
		expect(inFlight(requests.slice(-30))).toBeGreaterThanOrEqual(3);
	}, 60_000);
});
