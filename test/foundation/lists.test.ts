/*
 * Lists, however they are read: every record once, in the API's order, from the list that was asked,
 * or an error naming the page. Return All with pages read side by side (Options › Parallel Requests)
 * once the first page gives `count`, or link by link; a page that disagrees with the rest (the list
 * changed meanwhile, or a server at fault) makes the node read the list once more, and a second
 * disagreement fails it. Each node's Get Many reading its pages: test/nodes/reads.test.ts.
 */
import { DEMO, type RecordedRequest, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { collectWarnings } from '../harness/warnings';

const PATH = '/api/v2/prospectos/';
const PAGE = 6;
const offsetOf = (request: RecordedRequest) => Number(request.query.offset ?? 0);
const getManyAt = (sandbox: Sandbox, parameters: Record<string, unknown>) =>
	runNode({
		node: 'admintotalProspect',
		parameters: { resource: 'prospect', operation: 'getAll', simplify: false, ...parameters },
		credential: credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
	});

describe('Return All with Parallel Requests', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE }, volume: { prospectos: 120 } });
	let sandbox: Sandbox;
	beforeAll(() => {
		sandbox = fixture.sandbox;
	});

	const getMany = (parallelRequests: number, extra: Record<string, unknown> = { returnAll: true }) => getManyAt(sandbox, { options: { parallelRequests }, ...extra });
	const pages = () => sandbox.requests.filter((request) => request.path === PATH);
	const allOffsets = () => Array.from({ length: Math.ceil(sandbox.store.prospectos.length / PAGE) }, (_, page) => page * PAGE);
	const ids = () => sandbox.store.prospectos.map((prospect) => prospect.id);
	/** A page as the API gives it, with its own `count`. */
	const pageAt = (offset: number, count = sandbox.store.prospectos.length) => ({
		count,
		next: offset + PAGE < count ? `${sandbox.url}${PATH}?limit=${PAGE}&offset=${offset + PAGE}` : null,
		previous: null,
		results: sandbox.store.prospectos.slice(offset, offset + PAGE),
	});

	it('with 4, every record arrives once in the API order, each page is asked once, and 4 are in flight at most', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, delayMs: 30 });
		const run = await getMany(4);
		expect(run.error).toBeUndefined();
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		expect(pages().map(offsetOf).sort((a, b) => a - b)).toEqual(allOffsets());
		expect(Math.max(...pages().map((request) => request.alongside))).toBe(3);
	});

	it('an API key is read from n8n once for the whole list, not once per page', async () => {
		const credential = credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
		let reads = 0;
		credential.readLatencyMs = () => {
			reads++;
			return 0;
		};
		const run = await runNode({ node: 'admintotalProspect', parameters: { resource: 'prospect', operation: 'getAll', returnAll: true }, credential });
		expect(run.json).toHaveLength(sandbox.store.prospectos.length);
		expect(pages()).toHaveLength(allOffsets().length);
		// Ours, when the list starts: the node runs its items itself, so n8n reads nothing before.
		expect(reads).toBe(1);
	});

	it('with 1, pages follow the next links one at a time and in order, the first asking for 100', async () => {
		const run = await getMany(1);
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		expect(pages().map(offsetOf)).toEqual(allOffsets());
		expect(pages()[0].query).toEqual({ limit: '100' });
		expect(pages().every((request) => request.alongside === 0)).toBe(true);
	});

	it('pages without count are read link by link, one at a time, and every record arrives once', async () => {
		const withoutCount = (offset: number): Record<string, unknown> => {
			const page: Record<string, unknown> = pageAt(offset);
			delete page.count;
			return page;
		};
		// The later pages first: a rule for the first page (no offset) would match them all.
		for (let offset = PAGE; offset < sandbox.store.prospectos.length; offset += PAGE) {
			sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: String(offset) }, body: withoutCount(offset) });
		}
		sandbox.faults.add({ method: 'GET', path: PATH, body: withoutCount(0) });
		const run = await getMany(4);
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		expect(pages().map(offsetOf)).toEqual(allOffsets());
		expect(pages().every((request) => request.alongside === 0)).toBe(true);
	});

	it('with a Limit, only the pages Limit needs are asked, the last one for what is left', async () => {
		const run = await getMany(4, { returnAll: false, limit: 20 });
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids().slice(0, 20));
		expect(pages().map((request) => [offsetOf(request), request.query.limit]).sort(([a], [b]) => Number(a) - Number(b))).toEqual([
			[0, '20'],
			[6, '14'],
			[12, '8'],
			[18, '2'],
		]);
	});

	it('a page that is not a page fails naming it; nothing is output and no page starts after it', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '18' }, body: '<html><body>Mantenimiento</body></html>' });
		const run = await getMany(4);
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe('Admintotal did not answer with a page of the list (page at offset 18)');
		// Pages are started in order, so the ones after the failure are at most the three other lanes' pages.
		expect(Math.max(...pages().map(offsetOf))).toBeLessThanOrEqual(18 + 3 * PAGE);
	});

	it('a server answering the same page whatever the offset is an error, never copies of that page', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, body: { ...pageAt(0, 999), next: `${sandbox.url}${PATH}?limit=${PAGE}&offset=${PAGE}` } });
		const run = await getMany(4, { returnAll: false, limit: 50 });
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's list came back incomplete or changed twice: its next link goes to offset 6, but the page ends at 12 (page at offset 6)");
	});

	it('a page answered 502 once is asked again and every record arrives once', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '12' }, status: 502, times: 1 });
		const run = await getMany(4);
		expect(run.error).toBeUndefined();
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		expect(pages().filter((request) => offsetOf(request) === 12).map((request) => request.status)).toEqual([502, 200]);
	});

	it('a page failing every time gives up after 3 tries and the error names it', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '12' }, status: 502, times: 10 });
		const run = await getMany(4);
		expect(run.json).toEqual([]);
		expect(run.error?.description).toContain('HTTP 502, page at offset 12');
		expect(pages().filter((request) => offsetOf(request) === 12)).toHaveLength(3);
	});

	it('a 429 halves the pages in flight and no page is asked until its Retry-After is over', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '12' }, retryAfterSeconds: 1, times: 1 });
		sandbox.faults.add({ method: 'GET', path: PATH, delayMs: 30 });
		const run = await getMany(4);
		expect(run.error).toBeUndefined();
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		const limited = pages().find((request) => request.status === 429) as RecordedRequest;
		const retry = pages().find((request) => offsetOf(request) === 12 && request.status === 200) as RecordedRequest;
		expect(retry.at - limited.at).toBeGreaterThanOrEqual(950);
		const afterWait = pages().filter((request) => request.at >= limited.at + 950);
		expect(afterWait.length).toBeGreaterThan(5);
		expect(Math.max(...afterWait.map((request) => request.alongside))).toBeLessThanOrEqual(1);
	});

	it('Parallel Requests above 200 given by expression is refused before anything is sent', async () => {
		const run = await getMany('={{ 500 }}' as unknown as number);
		expect(run.error?.message).toBe("'Parallel Requests' must be from 1 to 200, got 500 [item 0]");
		expect(pages()).toHaveLength(0);
	});
});

const WHOLE_PAGE = 20;
const TOTAL = 120;

describe.each([
	['link by link', 1],
	['pages side by side', 4],
])('A list is whole or fails (%s)', (_way, parallelRequests) => {
	const fixture = sandboxPerFile({ pageSize: { default: WHOLE_PAGE, max: WHOLE_PAGE }, volume: { prospectos: TOTAL } });
	let sandbox: Sandbox;
	beforeAll(() => {
		sandbox = fixture.sandbox;
	});

	const getMany = () => getManyAt(sandbox, { returnAll: true, options: { parallelRequests } });
	const reads = () => sandbox.requests.filter((request) => request.path === PATH);
	const ids = () => sandbox.store.prospectos.map((prospect) => prospect.id);
	const link = (offset: number, extra = '') => `${sandbox.url}${PATH}?limit=${WHOLE_PAGE}&offset=${offset}${extra}`;
	/** A page as the API gives it; `results` and `next` can be bent by a test. */
	const pageAt = (offset: number, bend: { results?: unknown[]; next?: string | null } = {}) => ({
		count: TOTAL,
		next: bend.next !== undefined ? bend.next : offset + WHOLE_PAGE < TOTAL ? link(offset + WHOLE_PAGE) : null,
		previous: null,
		results: bend.results ?? sandbox.store.prospectos.slice(offset, offset + WHOLE_PAGE),
	});
	const bendPage = (offset: number, bend: Parameters<typeof pageAt>[1], times?: number) =>
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: String(offset) }, body: pageAt(offset, bend), ...(times ? { times } : {}) });

	it('a page with 10 fewer records than count promised fails naming it, after reading the list again', async () => {
		bendPage(40, { results: sandbox.store.prospectos.slice(40, 50) });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toMatch(/^Admintotal's list came back incomplete or changed twice: .*\(page at offset 40\)$/);
		expect(run.error?.description).toContain('Nothing was output');
		// The list was read twice from its first page.
		expect(reads().filter((request) => offsetOf(request) === 0)).toHaveLength(2);
	});

	it('a page short once (the list changed meanwhile) is read again: every record once', async () => {
		bendPage(40, { results: sandbox.store.prospectos.slice(40, 50) }, 1);
		const run = await getMany();
		expect(run.error).toBeUndefined();
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
	});

	it('a next link that skips 5 records fails naming the page, never 115 of 120', async () => {
		bendPage(20, { next: link(45) });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toMatch(/incomplete or changed twice: .*\(page at offset 20\)$/);
	});

	it('the same record on two pages with count unchanged fails naming the page, never a doubled record', async () => {
		const repeated = [...sandbox.store.prospectos.slice(39, 40), ...sandbox.store.prospectos.slice(41, 60)];
		bendPage(40, { results: repeated });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toMatch(/incomplete or changed twice: .*\(page at offset 40\)$/);
	});

	it('a record deleted between two page reads: the list is read again and every remaining record comes once, with no warning', async () => {
		const warnings = collectWarnings();
		const deleted = sandbox.store.prospectos[5];
		sandbox.faults.add({
			method: 'GET',
			path: PATH,
			query: { offset: '20' },
			times: 1,
			meanwhile: () => sandbox.store.prospectos.splice(5, 1),
		});
		try {
			const run = await getMany();
			expect(run.error).toBeUndefined();
			expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
			expect(run.json.map((prospect) => prospect.id)).not.toContain(deleted.id);
			expect(warnings.messages).toEqual([]);
		} finally {
			sandbox.store.prospectos.splice(5, 0, deleted);
			warnings.stop();
		}
	});

	it('a next link to another endpoint of the tenant is refused: users are never output as prospects', async () => {
		// The first page has no offset in its address: the rule fires once, on it.
		sandbox.faults.add({ method: 'GET', path: PATH, body: pageAt(0, { next: `${sandbox.url}/api/v2/usuarios/?limit=${WHOLE_PAGE}&offset=${WHOLE_PAGE}` }), times: 1 });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's next link leaves the list that was asked (/api/v2/usuarios/); it was not followed (page at offset 0)");
		expect(sandbox.requests.filter((request) => request.path === '/api/v2/usuarios/')).toHaveLength(0);
	});

	it('a same-origin redirect of page 3 to another endpoint is refused', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '40' }, status: 302, headers: { location: `${sandbox.url}/api/v2/usuarios/?limit=${WHOLE_PAGE}&offset=40` }, body: '' });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toMatch(/redirect \(HTTP 302\) to another address of the tenant \(\/api\/v2\/usuarios\/\); it was not followed/);
		expect(sandbox.requests.filter((request) => request.path === '/api/v2/usuarios/')).toHaveLength(0);
	});

	it('a next link that adds filters (or a key) is refused: nothing is sent with them', async () => {
		bendPage(20, { next: link(40, '&cancelado=1&api_key=x') });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's next link changes the list's filters (api_key, cancelado); it was not followed (page at offset 20)");
		expect(run.error?.message).not.toContain('=x');
		expect(sandbox.requests.filter((request) => 'cancelado' in request.query || 'api_key' in request.query)).toHaveLength(0);
	});
});

describe('A count the pages cannot back', () => {
	const LEDGER_ACCOUNTS = 137;
	const fixture = sandboxPerFile({ pageSize: { default: 100, max: 100 }, volume: { cuentas: LEDGER_ACCOUNTS } });
	const lists = () => fixture.requestsTo('/cuentas/');
	/** Pages at or past offset 200: the list ended at offset 100 (37 records, next null). */
	const pastTheEnd = () => lists().filter((request) => offsetOf(request) >= 200);

	// Before: 404 requests in 0.6 s at the default Parallel Requests, 400 of them past the last record.
	it.each([
		{ parallelRequests: undefined, wave: 20 },
		{ parallelRequests: 4, wave: 4 },
	])(
		'Return All of 137 ledger accounts whose every page says count 10^12 (Parallel Requests $parallelRequests): an error naming the last page; each of the two reads asks $wave pages after the first, then none',
		async ({ parallelRequests, wave }) => {
			fixture.sandbox.faults.add({ method: 'GET', path: '/cuentas/', reshape: (page) => ({ ...page, count: 1e12 }) });
			const run = await fixture.run('admintotalLedgerAccount', {
				resource: 'ledgerAccount',
				operation: 'getAll',
				returnAll: true,
				...(parallelRequests === undefined ? {} : { options: { parallelRequests } }),
			});
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe(
				"Admintotal's list came back incomplete or changed twice: it ended after 137 of the 1000000000000 records count promised (page at offset 100)",
			);
			expect(lists().filter((request) => offsetOf(request) === 100)).toHaveLength(2);
			// The pages asked with the last one, before it answered; none after.
			expect(pastTheEnd().length).toBeLessThanOrEqual(2 * (wave - 1));
		},
	);
});
