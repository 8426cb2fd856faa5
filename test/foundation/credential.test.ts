/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code runs in Node.js, not inside n8n */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { credentialFor, runNode, testCredential } from '../harness/engine';
import { waitFor } from '../nodes/fixture';

/** API key and JWT (the API key login: sharedSessions.test.ts), the refresh path on 401, and the credential's Test button. */
describe('Admintotal API credential', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 20, max: 5 } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.clearRequests();
		sandbox.faults.clear();
	});

	const listLedgerAccounts = (credential = credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey })) =>
		runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true }, credential });
	const apiRequests = () => sandbox.requests.filter((request) => request.path.startsWith('/api/v2/cuentas/'));

	it('API key: every request carries the key in the Api-key header and nothing else', async () => {
		const run = await listLedgerAccounts();
		expect(run.error).toBeUndefined();
		expect(apiRequests().length).toBeGreaterThan(1);
		for (const request of apiRequests()) {
			expect(request.headers['api-key']).toBe(DEMO.apiKey);
			expect(request.headers.authorization).toBeUndefined();
		}
		expect(sandbox.requests.some((request) => /token|refresh|login_usuario/.test(request.path))).toBe(false);
	});

	it('username and password (JWT): logs in once at /token/, then sends Bearer tokens', async () => {
		const credential = credentialFor({ baseUrl: sandbox.url, authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
		const run = await listLedgerAccounts(credential);
		expect(run.error).toBeUndefined();
		const logins = sandbox.requests.filter((request) => request.path === '/api/v2/token/');
		expect(logins).toHaveLength(1);
		expect(logins[0].body).toEqual({ username: DEMO.username, password: DEMO.password });
		for (const request of apiRequests()) expect(request.headers.authorization).toBe(`Bearer ${credential.data.sessionToken}`);
		expect(credential.data.refreshToken).toEqual(expect.any(String));
		expect(credential.data.refreshToken).not.toBe('');
	});

	it('JWT expiring in the middle of Return All: renewed with /refresh/, every record arrives once', async () => {
		// localhost rather than 127.0.0.1: an account of its own, so the session of the test before is not shared.
		const credential = credentialFor({ baseUrl: sandbox.url.replace('127.0.0.1', 'localhost'), authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
		// Hold the third page long enough to expire every access token while the run is under way.
		sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas/', nth: 3, delayMs: 400 });
		const running = listLedgerAccounts(credential);
		await waitFor(() => apiRequests().length >= 3);
		sandbox.auth.expireAccessTokens();
		const run = await running;

		expect(run.error).toBeUndefined();
		const ids = run.json.map((account) => account.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.sort()).toEqual(sandbox.store.cuentas.map((account: { id: number }) => account.id).sort());
		expect(apiRequests().some((request) => request.status === 401)).toBe(true);
		expect(sandbox.requests.filter((request) => request.path === '/api/v2/refresh/')).toHaveLength(1);
		expect(sandbox.requests.filter((request) => request.path === '/api/v2/token/')).toHaveLength(1);
	});

	it('a refused refresh token leads to a new login with username and password', async () => {
		const credential = credentialFor({ baseUrl: sandbox.url, authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
		expect((await listLedgerAccounts(credential)).error).toBeUndefined();
		sandbox.auth.revokeRefreshTokens();
		sandbox.auth.expireAccessTokens();
		sandbox.clearRequests();

		const run = await listLedgerAccounts(credential);
		expect(run.error).toBeUndefined();
		const authCalls = sandbox.requests.filter((request) => /\/(refresh|token)\/$/.test(request.path)).map((r) => `${r.path} ${r.status}`);
		expect(authCalls).toEqual(['/api/v2/refresh/ 401', '/api/v2/token/ 200']);
	});

	it('a wrong API key gives the API message after one request: a key cannot renew, so a 401 is not sent again', async () => {
		const run = await listLedgerAccounts(credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: 'NOT-A-REAL-KEY-000' }));
		expect(run.error?.message).toBe('Admintotal did not accept the credentials: Api-key inválida.');
		expect(run.error?.description).toContain('HTTP 401');
		expect(JSON.stringify(run.error)).not.toContain('NOT-A-REAL-KEY-000');
		expect(apiRequests().map((request) => request.status)).toEqual([401]);
	});

	it("the Test button with a wrong API key sends one request and says the key was not accepted", async () => {
		const result = await testCredential(credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: 'NOT-A-REAL-KEY-000' }));
		expect(result).toEqual({ status: 'Error', message: expect.stringContaining('Admintotal did not accept the API key (HTTP 401)') });
		expect(sandbox.requests.map((request) => `${request.path} ${request.status}`)).toEqual(['/api/v2/cuentas_bancarias/ 401']);
	});

	it('the Test button fails when the Base URL answers 200 with a web page instead of the API', async () => {
		sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas_bancarias/', status: 200, body: '<html><body>Tienda en línea</body></html>' });
		const result = await testCredential(credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }));
		expect(result).toEqual({ status: 'Error', message: expect.stringContaining('The address answered, but not as the Admintotal API does') });
	});

	it('the credential test passes for good credentials and fails for bad ones', async () => {
		const ok = await testCredential(credentialFor({ baseUrl: `${sandbox.url}/`, authMethod: 'jwt', username: DEMO.username, password: DEMO.password }));
		expect(ok).toEqual({ status: 'OK', message: expect.any(String) });
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/api/v2/token/', '/api/v2/cuentas_bancarias/']);
		expect(sandbox.requests[1].query).toEqual({ limit: '1' });

		const bad = await testCredential(credentialFor({ baseUrl: sandbox.url, authMethod: 'loginApiKey', username: DEMO.username, password: 'nope' }));
		expect(bad.status).toBe('Error');
		expect(bad.message).toMatch(/refused/);
	});
});
