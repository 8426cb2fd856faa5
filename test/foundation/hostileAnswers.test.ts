/*
 * An answer cannot take over the run: errors stay small however large or deep the body, text is
 * cleaned in linear time, every request has a total time limit (the node's Timeout option, or the
 * default), and every answer a maximum size. Each limit ends the run with an error naming the item
 * (and the page of a list).
 */
import { DEMO, type Sandbox } from '../sandbox';
import { sandboxPerFile, waitFor } from '../nodes/fixture';
import { credentialFor, runNode, type NodeRun } from '../harness/engine';
import { drip, hostileTenantPerFile, servePages, stream, type HostileTenant } from '../harness/hostileTenant';

const API = '/api/v2';
/** What an error costs in run data and the execution database. */
const errorBytes = (run: NodeRun) => Buffer.byteLength(JSON.stringify(run.error));

describe('an answer cannot take over the run', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 6 } });
	const hostile = hostileTenantPerFile();
	let sandbox: Sandbox;
	let tenant: HostileTenant;
	beforeAll(() => {
		sandbox = fixture.sandbox;
		tenant = hostile();
	});

	const createProspect = () => fixture.run('admintotalProspect', { resource: 'prospect', operation: 'create', name: 'Laura Méndez' });
	const prospectPosts = () => fixture.requestsTo('/prospectos/').filter((request) => request.method === 'POST');
	const listAt = (baseUrl: string, options: Record<string, unknown> = {}) =>
		runNode({
			node: 'admintotalLedgerAccount',
			parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true, options: { parallelRequests: 1 }, ...options },
			credential: credentialFor({ baseUrl, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		});

	describe('errors stay small', () => {
		it('a 400 with a 1 MB message: the error stays under 16 KB and the message keeps the start of the API\'s words', async () => {
			sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, status: 400, body: { nombre: [`Demasiado largo: ${'x'.repeat(1_000_000)}`] } });
			const run = await createProspect();
			expect(run.error?.message).toMatch(/^Admintotal rejected the data sent: nombre: Demasiado largo: x+…$/);
			expect(run.error?.description).toContain('(HTTP 400, item 0)');
			expect(errorBytes(run)).toBeLessThan(16_000);
			expect(prospectPosts()).toHaveLength(1);
		});

		it('a 400 with 50,000 fields: the first 20 field messages, then "and 49,980 more"; the error stays under 16 KB', async () => {
			const fields = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`campo_${index}`, [`Valor inválido ${index}.`]]));
			sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, status: 400, body: fields });
			const run = await createProspect();
			const description = run.error?.description ?? '';
			expect(description).toContain('campo_0: Valor inválido 0.');
			expect(description).toContain('campo_19: Valor inválido 19.');
			expect(description).not.toContain('campo_20:');
			expect(description).toContain('…and 49,980 more messages from Admintotal');
			expect(errorBytes(run)).toBeLessThan(16_000);
		});

		it('a 400 nested 5,000 arrays deep is still a clear HTTP 400 error, not a stack overflow', async () => {
			tenant.answer = (_hit, response) => {
				response.writeHead(400, { 'content-type': 'application/json' });
				response.end(`{"detalles": ${'['.repeat(5000)}"Valor inválido."${']'.repeat(5000)}}`);
			};
			const run = await runNode({
				node: 'admintotalProspect',
				parameters: { resource: 'prospect', operation: 'create', name: 'Laura Méndez' },
				credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
			});
			expect(run.error?.message).toMatch(/^Admintotal rejected the data sent: detalles(\[0\])+: nested more than 32 levels/);
			expect(run.error?.description).toContain('(HTTP 400, item 0)');
			expect(run.error?.httpCode).toBe('400');
			expect(errorBytes(run)).toBeLessThan(16_000);
			expect(tenant.hits.map((hit) => `${hit.method} ${hit.url}`)).toEqual([`POST ${API}/prospectos/`]);
		});

		// Tag stripping that grows with the square of the text takes about 40 minutes on 2 MB of "<".
		it('a 403 page of 2 MB of "<" is cleaned in linear time and shows its first characters', async () => {
			sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, status: 403, body: `Prohibido ${'<'.repeat(2_000_000)}` });
			const run = await createProspect();
			expect(run.error?.message).toBe(`The Admintotal user is not allowed to do this: Prohibido ${'<'.repeat(290)}…`);
			expect(errorBytes(run)).toBeLessThan(16_000);
		}, 15_000);
	});

	describe('every request has a total time limit', () => {
		it('Settings › Request Options › Timeout 200 ms fails a list whose second page takes 1 s, naming the page', async () => {
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, delayMs: 1000 });
			const run = await listAt(sandbox.url, { requestOptions: { timeout: 200 } });
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe('Admintotal did not answer within 200 ms (the node\'s Settings › Request Options › Timeout)');
			expect(run.error?.description).toContain('page at offset 6, item 0');
		});

		it('a page dripped one byte at a time is cut off at the Timeout, although bytes keep coming; the connection is closed', async () => {
			tenant.answer = (_hit, response) => drip(response, tenant, 50);
			const run = await listAt(tenant.url, { requestOptions: { timeout: 1000 } });
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe('Admintotal did not answer within 1000 ms (the node\'s Settings › Request Options › Timeout)');
			expect(run.error?.description).toContain('page at offset 0, item 0');
			expect(tenant.sent.bytes).toBeGreaterThan(0);
			expect(tenant.hits).toHaveLength(1);
			await waitFor(() => tenant.sent.hungUp);
		});
	});

	describe('every answer has a maximum size', () => {
		it('a 40 MB page whatever the limit: the list asks smaller pages down to one record, reads none whole, then fails naming the page', async () => {
			tenant.answer = (_hit, response) =>
				stream(response, tenant, { head: '{"count": 1, "next": null, "results": [{"id": 1, "nombre": "', filler: 'x', total: 40 * 1024 * 1024, tail: '"}]}' });
			const run = await listAt(tenant.url);
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe('Admintotal answered with more than 8 MB, the most this node reads in one answer (page at offset 0)');
			expect(run.error?.description).toContain('down to a single record');
			expect(run.error?.description).toContain('item 0');
			expect(tenant.hits.map((hit) => new URL(hit.url, tenant.url).searchParams.get('limit'))).toEqual(['100', '50', '25', '13', '7', '4', '2', '1']);
			await waitFor(() => tenant.sent.hungUp);
			// Each answer is dropped at the bound: far less than the 8 × 40 MB the tenant would send.
			expect(tenant.sent.bytes).toBeLessThan(8 * 20 * 1024 * 1024);
		});

		it('a Get announced as 9 MB (Content-Length) fails before its body is read', async () => {
			tenant.answer = (_hit, response) => {
				response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(9 * 1024 * 1024) });
				response.write('{"id": 1, "nombre": "');
			};
			const run = await runNode({
				node: 'admintotalLedgerAccount',
				parameters: { resource: 'ledgerAccount', operation: 'get', ledgerAccountId: { __rl: true, mode: 'id', value: '1' } },
				credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
			});
			expect(run.error?.message).toBe('Admintotal answered with more than 8 MB, the most this node reads in one answer');
			expect(run.error?.description).toContain('item 0');
		});
	});
	describe('a count that lies cannot keep a list going', () => {
		/** 120 ledger accounts whose every page claims `count`, while the next links end with the records. */
		const ledgerAccounts = Array.from({ length: 120 }, (_, index) => ({ id: index + 1, nombre: `Cuenta ${index + 1}` }));
		const lyingList = (count: number) => servePages(tenant, ledgerAccounts, { count });

		it.each([
			{ shown: '10^12', count: 1e12, parallelRequests: 1 },
			{ shown: '10^12', count: 1e12, parallelRequests: 4 },
			{ shown: '1e308', count: 1e308, parallelRequests: 4 },
		])('count $shown with 120 records, Parallel Requests $parallelRequests: the list ends with an error naming the page within a few requests', async ({ count, parallelRequests }) => {
			lyingList(count);
			const run = await listAt(tenant.url, { options: { parallelRequests } });
			expect(run.json).toEqual([]);
			expect(run.error?.message).toMatch(/ended after 120 of the \d.* records count promised \(page at offset \d+\)$/);
			expect(tenant.hits.length).toBeLessThanOrEqual(20);
		});

		it('a negative count is an error after the first request', async () => {
			lyingList(-5);
			const run = await listAt(tenant.url, { options: { parallelRequests: 4 } });
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe('Admintotal did not answer with a page of the list (page at offset 0)');
			expect(tenant.hits).toHaveLength(1);
		});
	});
});
