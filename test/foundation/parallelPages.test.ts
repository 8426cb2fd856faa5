/*
 * Return All with pages read side by side (Options › Parallel Requests): once the first page gives
 * `count`, the other offset pages are asked a few at a time. Every record still arrives once, in the
 * API's order, with the same errors as link by link; a 429 slows the node down, and a list that
 * changes while it is read is read again link by link.
 */
import { DEMO, type RecordedRequest, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { collectWarnings } from '../harness/warnings';

const PATH = '/api/v2/prospectos/';
const PAGE = 6;

describe('Return All with Parallel Requests', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE }, volume: { prospectos: 120 } });
	let sandbox: Sandbox;
	beforeAll(() => {
		sandbox = fixture.sandbox;
	});

	const getMany = (parallelRequests: number, extra: Record<string, unknown> = { returnAll: true }) =>
		runNode({
			node: 'admintotalProspect',
			parameters: { resource: 'prospect', operation: 'getAll', simplify: false, options: { parallelRequests }, ...extra },
			credential: credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		});
	const pages = () => sandbox.requests.filter((request) => request.path === PATH);
	const offsetOf = (request: RecordedRequest) => Number(request.query.offset ?? 0);
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
		// n8n's own read when the node starts, and ours when the list starts.
		expect(reads).toBe(2);
	});

	it('with 1, pages follow the next links one at a time and in order', async () => {
		const run = await getMany(1);
		expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
		expect(pages().map(offsetOf)).toEqual(allOffsets());
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

	it('when count changes while pages are read side by side, the list is read again link by link: every record once, no warning', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '12' }, body: pageAt(12, sandbox.store.prospectos.length + 1), times: 1 });
		const warnings = collectWarnings();
		try {
			const run = await getMany(4);
			expect(run.error).toBeUndefined();
			expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
			const firstPages = pages().flatMap((request, index) => (offsetOf(request) === 0 ? [index] : []));
			const again = pages().slice(firstPages[firstPages.length - 1]);
			expect(again.map(offsetOf)).toEqual(allOffsets());
			expect(warnings.messages).toEqual([]);
		} finally {
			warnings.stop();
		}
	});

	it('when count changes while pages are read link by link, the list is read again from its first page: every record once, no warning', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '12' }, body: pageAt(12, sandbox.store.prospectos.length + 1), times: 1 });
		const warnings = collectWarnings();
		try {
			const run = await getMany(1);
			expect(run.error).toBeUndefined();
			expect(run.json.map((prospect) => prospect.id)).toEqual(ids());
			expect(pages().filter((request) => offsetOf(request) === 0)).toHaveLength(2);
			expect(warnings.messages).toEqual([]);
		} finally {
			warnings.stop();
		}
	});

	it('a first page linking to another site fails before any other page is asked', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, body: { ...pageAt(0), next: `https://elsewhere.example${PATH}?limit=${PAGE}&offset=${PAGE}` }, times: 1 });
		const run = await getMany(4);
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe(
			'Admintotal returned a link to another site (https://elsewhere.example); it was not followed, so your credentials stay with your tenant',
		);
		expect(pages()).toHaveLength(1);
	});

	it('Parallel Requests above 10 given by expression is refused before anything is sent', async () => {
		const run = await getMany('={{ 50 }}' as unknown as number);
		expect(run.error?.message).toBe("'Parallel Requests' must be from 1 to 10, got 50 [item 0]");
		expect(pages()).toHaveLength(0);
	});
});
