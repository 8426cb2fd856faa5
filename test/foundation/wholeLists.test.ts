/*
 * A list is whole, or the node says why: every record `count` promised, each once, from the
 * endpoint and filters that were asked. A page that disagrees is read again once (the list may
 * have changed meanwhile); a server that disagrees twice fails the node naming the page.
 */
import { DEMO, type RecordedRequest, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { collectWarnings } from '../harness/warnings';

const PATH = '/api/v2/prospectos/';
const PAGE = 20;
const TOTAL = 120;

describe.each([
	['link by link', 1],
	['pages side by side', 4],
])('A list is whole or fails (%s)', (_way, parallelRequests) => {
	const fixture = sandboxPerFile({ pageSize: { default: PAGE, max: PAGE }, volume: { prospectos: TOTAL } });
	let sandbox: Sandbox;
	beforeAll(() => {
		sandbox = fixture.sandbox;
	});

	const getMany = () =>
		runNode({
			node: 'admintotalProspect',
			parameters: { resource: 'prospect', operation: 'getAll', returnAll: true, simplify: false, options: { parallelRequests } },
			credential: credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		});
	const reads = () => sandbox.requests.filter((request) => request.path === PATH);
	const offsetOf = (request: RecordedRequest) => Number(request.query.offset ?? 0);
	const ids = () => sandbox.store.prospectos.map((prospect) => prospect.id);
	const link = (offset: number, extra = '') => `${sandbox.url}${PATH}?limit=${PAGE}&offset=${offset}${extra}`;
	/** A page as the API gives it; `results` and `next` can be bent by a test. */
	const pageAt = (offset: number, bend: { results?: unknown[]; next?: string | null } = {}) => ({
		count: TOTAL,
		next: bend.next !== undefined ? bend.next : offset + PAGE < TOTAL ? link(offset + PAGE) : null,
		previous: null,
		results: bend.results ?? sandbox.store.prospectos.slice(offset, offset + PAGE),
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
		sandbox.faults.add({ method: 'GET', path: PATH, body: pageAt(0, { next: `${sandbox.url}/api/v2/usuarios/?limit=${PAGE}&offset=${PAGE}` }), times: 1 });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's next link leaves the list that was asked (/api/v2/usuarios/); it was not followed (page at offset 0)");
		expect(sandbox.requests.filter((request) => request.path === '/api/v2/usuarios/')).toHaveLength(0);
	});

	it('a same-origin redirect of page 3 to another endpoint is refused', async () => {
		sandbox.faults.add({ method: 'GET', path: PATH, query: { offset: '40' }, status: 302, headers: { location: `${sandbox.url}/api/v2/usuarios/?limit=${PAGE}&offset=40` }, body: '' });
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
