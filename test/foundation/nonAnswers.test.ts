/*
 * A non-answer is never data: a 2xx that is not the JSON the endpoint returns, a list that loops,
 * a passing server failure. Each either recovers within bounds (reads only) or fails naming the
 * page, the status and what came back; nothing is output short, doubled or half-done silently.
 */
import { DEMO, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';

const API = '/api/v2';
const HTML = '<!doctype html><html><head><title>Mantenimiento</title></head><body><h1>Volvemos pronto</h1></body></html>';

describe('a non-answer is never data', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 6 } });
	let sandbox: Sandbox;
	beforeAll(() => {
		sandbox = fixture.sandbox;
	});

	const credential = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	const listRequests = () => sandbox.requests.filter((request) => request.path === `${API}/cuentas/`);
	// Link by link (Parallel Requests 1), so each request is the one after; lists.test.ts has the same faults with pages side by side.
	const getMany = (extra: Record<string, unknown> = { returnAll: true }) =>
		runNode({
			node: 'admintotalLedgerAccount',
			parameters: { resource: 'ledgerAccount', operation: 'getAll', options: { parallelRequests: 1 }, ...extra },
			credential: credential(),
		});
	const createProspect = () =>
		runNode({ node: 'admintotalProspect', parameters: { resource: 'prospect', operation: 'create', name: 'Laura Méndez' }, credential: credential() });
	const cuentas = () => sandbox.store.cuentas.length;
	const firstPage = (overrides: Record<string, unknown>) => ({ count: cuentas(), previous: null, results: sandbox.store.cuentas.slice(0, 6), ...overrides });

	it.each([
		['an HTML page', HTML, 'Volvemos pronto'],
		['an empty body', '', 'an empty body'],
		['null', 'null', 'null'],
		['a JSON string', '"ok"', 'ok'],
		['cut-off JSON', '{"count": 43, "next": null, "results": [{"id": 1', '{"count": 43'],
	])('%s on page 2 of Return All fails naming the page, the status and the first bytes; nothing is output', async (_what, body, shown) => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, status: 200, body, headers: { 'content-type': 'text/html' } });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe('Admintotal did not answer with a page of the list (page at offset 6)');
		expect(run.error?.description).toContain(shown);
		expect(run.error?.description).toContain('HTTP 200');
		expect(listRequests()).toHaveLength(2);
	});

	it('a Get answered with an HTML page fails instead of outputting the page as a record', async () => {
		const account = sandbox.store.cuentas[0] as { id: number };
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/${account.id}/`, status: 200, body: HTML });
		const run = await runNode({
			node: 'admintotalLedgerAccount',
			parameters: { resource: 'ledgerAccount', operation: 'get', ledgerAccountId: { __rl: true, mode: 'id', value: String(account.id) } },
			credential: credential(),
		});
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe('Admintotal did not answer with a record');
		expect(run.error?.description).toContain('Volvemos pronto');
	});

	it('a write whose 2xx answer cannot be read fails saying it may have been created, with what came back', async () => {
		sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, status: 201, body: '{"id": 77, "nombre": "Laura' });
		const run = await createProspect();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe('Admintotal did not answer with the result of the write; the record may have been created: check Admintotal before running again');
		expect(run.error?.description).toContain('{"id": 77');
	});

	it('a next link pointing to its own page stops with a clear error after one repeat, not thousands of requests', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, body: firstPage({ next: `${sandbox.url}${API}/cuentas/?limit=100` }) });
		const run = await getMany();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's list came back incomplete or changed twice: its next link points to a page already read (page at offset 0)");
		// The list is read once more from its first page before the node gives up.
		expect(listRequests()).toHaveLength(2);
	});

	it('with Limit 50 a looping next link is an error, not 50 copies of one page', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, body: firstPage({ count: 999, next: `${sandbox.url}${API}/cuentas/?limit=6&offset=6` }) });
		const run = await getMany({ returnAll: false, limit: 50 });
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe("Admintotal's list came back incomplete or changed twice: its next link goes to offset 6, but the page ends at 12 (page at offset 6)");
		expect(listRequests()).toHaveLength(4);
	});

	it('pages that send more records than the count announced stop with an error', async () => {
		for (let offset = 6; offset <= 60; offset += 6) {
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, query: { offset: String(offset) }, body: firstPage({ count: 8, next: `${sandbox.url}${API}/cuentas/?limit=6&offset=${offset + 6}` }) });
		}
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, body: firstPage({ count: 8, next: `${sandbox.url}${API}/cuentas/?limit=6&offset=6` }) });
		const run = await getMany();
		expect(run.error?.message).toBe(`Admintotal's list came back incomplete or changed twice: it sent more records than the 8 count promised (page at offset 6)`);
		expect(run.json).toEqual([]);
	});

	it('an empty page that still points to a next page stops with an error', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, body: { next: `${sandbox.url}${API}/cuentas/?limit=6&offset=6`, previous: null, results: [] } });
		const run = await getMany();
		expect(run.error?.message).toBe("Admintotal's list came back incomplete or changed twice: an empty page points to another page (page at offset 0)");
		expect(listRequests()).toHaveLength(2);
	});

	it.each([500, 502, 503, 504])('a read answered %i once is retried and every record arrives once', async (status) => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, status });
		const run = await getMany();
		expect(run.error).toBeUndefined();
		const ids = run.json.map((account) => account.id);
		expect(ids).toHaveLength(cuentas());
		expect(new Set(ids).size).toBe(cuentas());
		expect(listRequests().map((request) => request.status).slice(0, 3)).toEqual([200, status, 200]);
	});

	it('a body cut mid-transfer on a read is retried and every record arrives once', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, truncate: true, body: firstPage({ next: null }) });
		const run = await getMany();
		expect(run.error).toBeUndefined();
		expect(new Set(run.json.map((account) => account.id)).size).toBe(cuentas());
		expect(run.json).toHaveLength(cuentas());
	});

	it('a body that cannot be decoded on a read (gzip that is not gzip) is retried like a cut one, and every record arrives once', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, status: 200, body: 'not gzip at all', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
		const run = await getMany();
		expect(run.error).toBeUndefined();
		expect(new Set(run.json.map((account) => account.id)).size).toBe(cuentas());
		expect(run.json).toHaveLength(cuentas());
	});

	it('a read failing every time gives up after bounded retries, in plain words naming the page and what the server said', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, times: 10, status: 502, body: { detail: 'Servicio no disponible.' } });
		const run = await getMany();
		expect(run.error?.message).toBe('Admintotal could not complete the request because of a failure on its side');
		expect(run.error?.description).toContain('Servicio no disponible.');
		expect(run.error?.description).toContain('HTTP 502, page at offset 6');
		expect(run.error?.description).toContain('Tried 3 times.');
		expect(listRequests()).toHaveLength(4);
	});

	it('a write answered 503 is never retried', async () => {
		sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, status: 503 });
		const run = await createProspect();
		expect(run.error?.message).toBe('Admintotal answered with a failure on its side; the record may have been created: check Admintotal before running again');
		expect(sandbox.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	it('Retry-After is honoured: the next request waits at least as long as asked', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, retryAfterSeconds: 3 });
		const run = await getMany();
		expect(run.error).toBeUndefined();
		const [, limited, retried] = listRequests();
		expect(limited.status).toBe(429);
		expect(retried.at - limited.at).toBeGreaterThanOrEqual(2900);
	});

	it('a Retry-After beyond the cap fails at once and says so', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 1, retryAfterSeconds: 3600 });
		const run = await getMany();
		expect(run.error?.message).toBe('Admintotal is limiting requests right now: Solicitud fue regulada. Se espera que esté disponible en 3600 segundos.');
		expect(run.error?.description).toContain('asked to wait 3600 s before trying again, longer than the 60 s this node waits');
		expect(listRequests()).toHaveLength(1);
	});
});
