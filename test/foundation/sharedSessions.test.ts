import { DEMO } from '../sandbox';
import { credentialFor, runNode } from '../harness/engine';
import { sandboxPerFile } from '../nodes/fixture';

/**
 * n8n runs a node's items side by side, each asking the credential for a session: one login or
 * refresh per account is shared (nodes/shared/sessions.ts), never one per item.
 */
describe('Admintotal API credential: items running side by side share one session', () => {
	const fixture = sandboxPerFile();
	const ITEMS = 40;

	// One Get per item (Check RFC would answer a run's items together).
	const getAccounts = (credential: ReturnType<typeof credentialFor>, items = ITEMS) =>
		runNode({
			node: 'admintotalBankAccount',
			parameters: { resource: 'bankAccount', operation: 'get', bankAccountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credential,
			input: Array.from({ length: items }, (_, item) => ({ id: fixture.sandbox.store.cuentasBancarias[item % 8].id })),
		});
	const jwt = (password: string = DEMO.password) => credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'jwt', username: DEMO.username, password });
	const calls = (path: string) => fixture.sandbox.requests.filter((request) => request.path === `/api/v2${path}`);
	const accountReads = () => fixture.sandbox.requests.filter((request) => request.path.startsWith('/api/v2/cuentas_bancarias/'));

	it(`${ITEMS} items with no token yet make one JWT login, and every check carries its token`, async () => {
		const run = await getAccounts(jwt());
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(ITEMS);
		expect(calls('/token/')).toHaveLength(1);
		const bearers = new Set(accountReads().map((request) => request.headers.authorization));
		expect(accountReads()).toHaveLength(ITEMS);
		expect([...bearers]).toHaveLength(1);
	});

	it(`${ITEMS} items with no token yet make one login even when reading the credential takes varying time, as n8n's database does`, async () => {
		// localhost rather than 127.0.0.1: an account of its own, so the login of the test before is not shared.
		const credential = credentialFor({ baseUrl: fixture.sandbox.url.replace('127.0.0.1', 'localhost'), authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
		let reads = 0;
		// Each read slower than the one before: late items read "no token" and ask for a session after the login finished.
		credential.readLatencyMs = () => Math.min(150, 3 * reads++);
		fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', delayMs: 30 });
		const run = await getAccounts(credential);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(ITEMS);
		expect(calls('/token/')).toHaveLength(1);
		expect(new Set(accountReads().map((request) => request.headers.authorization)).size).toBe(1);
	});

	it(`when the token expires, ${ITEMS} refused items make one refresh and are all answered`, async () => {
		const credential = jwt();
		expect((await getAccounts(credential, 1)).error).toBeUndefined();
		fixture.sandbox.auth.expireAccessTokens();
		fixture.sandbox.clearRequests();

		const run = await getAccounts(credential);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(ITEMS);
		expect(calls('/refresh/').map((request) => request.status)).toEqual([200]);
		expect(calls('/token/')).toHaveLength(0);
		const answered = accountReads().filter((request) => request.status === 200);
		expect(answered).toHaveLength(ITEMS);
	});

	it('items refused with an old token use the session another worker stored meanwhile, without renewing again', async () => {
		const credential = jwt();
		expect((await getAccounts(credential, 1)).error).toBeUndefined();
		fixture.sandbox.auth.expireAccessTokens();
		// Another worker (another process, so not sharing this one's memory) refreshed and stored its session in the database.
		const stored = fixture.sandbox.auth.issueTokens();
		let reads = 0;
		credential.readLatencyMs = () => {
			// After the items in flight (4, the run's budget) have read their session for sending (one read per request as it takes its lane:
			// n8n is handed the one we read), they are refused, then find the newer one stored; the items after them read it at once.
			if (++reads === 4) credential.data = { ...credential.data, sessionToken: stored.access, refreshToken: stored.refresh };
			return 0;
		};
		fixture.sandbox.clearRequests();

		const run = await getAccounts(credential);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(ITEMS);
		expect(calls('/refresh/')).toHaveLength(0);
		expect(calls('/token/')).toHaveLength(0);
		const answered = accountReads().filter((request) => request.status === 200);
		expect(answered).toHaveLength(ITEMS);
		expect(new Set(answered.map((request) => request.headers.authorization))).toEqual(new Set([`Bearer ${stored.access}`]));
	});

	it(`${ITEMS} items logging in for an API key make one login_usuario`, async () => {
		const run = await getAccounts(credentialFor({ baseUrl: fixture.sandbox.url, authMethod: 'loginApiKey', username: DEMO.username, password: DEMO.password }));
		expect(run.error).toBeUndefined();
		expect(calls('/usuarios/login_usuario/')).toHaveLength(1);
		expect(accountReads().every((request) => request.headers['api-key'] === DEMO.apiKey)).toBe(true);
	});

	it('a wrong password fails every item after one refused login, not one per item, in an error that does not repeat it', async () => {
		const run = await getAccounts(jwt('wrong-Secret-123'));
		expect(run.error?.message).toMatch(/^Admintotal refused the login with the username and password \(JWT\) \(HTTP 401\): "No se encontró una cuenta[^"]*"\. Check the username/);
		expect(JSON.stringify(run.error)).not.toContain('wrong-Secret-123');
		expect(calls('/token/')).toHaveLength(1);
		expect(accountReads()).toHaveLength(0);
	});

	it('a credential with another password never shares a session of the same account', async () => {
		const [good, wrong] = await Promise.all([getAccounts(jwt()), getAccounts(jwt('wrong-Secret-123'))]);
		expect(good.error).toBeUndefined();
		expect(wrong.error?.message).toMatch(/refused the login with the username and password \(JWT\)/);
		expect(calls('/token/').map((request) => request.status).sort()).toEqual([200, 401]);
		expect(accountReads()).toHaveLength(ITEMS);
	});
});
