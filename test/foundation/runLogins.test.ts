import { credentialFor, runNode } from '../harness/engine';
import { sandboxPerFile } from '../nodes/fixture';

/**
 * A run logs in once and refreshes once for its account, whatever its items' outcomes: a refused
 * login is remembered for the rest of the run (an account-lockout policy counts every attempt), and
 * the items still waiting get its error without another attempt. A login is otherwise a request
 * like any other: a 429 is waited out with its Retry-After, a 5xx or a dropped connection is tried
 * again as a read is, and only a refusal of the credentials says to check them.
 */
describe('logins of a run', () => {
	// A user per test (see `credential`).
	const fixture = sandboxPerFile({ volume: { usuarios: 40 } });
	const ITEMS = 24;
	const WRONG = 'no-longer-Valid-77';

	// Each test logs in as a user of its own: a login of the same account a moment ago would be shared (nodes/shared/tenant/sessions.ts).
	let users = 0;
	const credential = (method: 'jwt' | 'loginApiKey', password?: string, extra: Record<string, unknown> = {}) => {
		const user = fixture.sandbox.store.credenciales[users++];
		return credentialFor({ baseUrl: fixture.sandbox.url, authMethod: method, username: user.username, password: password ?? user.password, ...extra });
	};
	const getAccounts = (stored: ReturnType<typeof credentialFor>, { items = ITEMS, continueOnFail = true } = {}) =>
		runNode({
			node: 'admintotalBankAccount',
			parameters: { resource: 'bankAccount', operation: 'get', bankAccountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			credential: stored,
			continueOnFail,
			input: Array.from({ length: items }, (_, item) => ({ id: fixture.sandbox.store.cuentasBancarias[item % 8].id })),
		});
	const calls = (path: string) => fixture.sandbox.requests.filter((request) => request.path === `/api/v2${path}`);
	const accountReads = () => fixture.sandbox.requests.filter((request) => request.path.startsWith('/api/v2/cuentas_bancarias/'));

	describe('one login and one refresh per run', () => {
		it(`${ITEMS} items (On Error: Continue) with a wrong password: one refused login, and every item gets its error`, async () => {
			const run = await getAccounts(credential('jwt', WRONG));
			expect(run.error).toBeUndefined();
			expect(calls('/token/').map((request) => request.status)).toEqual([401]);
			expect(accountReads()).toHaveLength(0);
			expect(run.json).toHaveLength(ITEMS);
			for (const item of run.json) expect(item.error).toMatch(/^Admintotal refused the login with the username and password \(JWT\) \(HTTP 401\): ".*"\. Check the username and password/);
			expect(JSON.stringify(run.json)).not.toContain(WRONG);
		});

		it(`${ITEMS} items (On Error: Continue) logging in for an API key with a wrong password: one refused login_usuario`, async () => {
			const run = await getAccounts(credential('loginApiKey', WRONG));
			expect(calls('/usuarios/login_usuario/').map((request) => request.status)).toEqual([400]);
			expect(run.json).toHaveLength(ITEMS);
			for (const item of run.json) expect(item.error).toMatch(/^Admintotal refused the login with the username and password \(API key login\) \(HTTP 400\)/);
		});

		it(`${ITEMS} items (On Error: Continue) whose session expired, the refresh refused and the password no longer valid: one refresh, one login`, async () => {
			const stored = credential('jwt', WRONG);
			const tokens = fixture.sandbox.auth.issueTokens(stored.data.username as string);
			stored.data = { ...stored.data, sessionToken: tokens.access, refreshToken: tokens.refresh };
			fixture.sandbox.auth.expireAccessTokens();
			fixture.sandbox.auth.revokeRefreshTokens();
			const run = await getAccounts(stored);
			expect(calls('/refresh/').map((request) => request.status)).toEqual([401]);
			expect(calls('/token/').map((request) => request.status)).toEqual([401]);
			// No item is sent again after the refusal: each went out at most once, with the expired session.
			expect(accountReads().length).toBeLessThanOrEqual(ITEMS);
			expect(accountReads().every((request) => request.status === 401)).toBe(true);
			expect(run.json).toHaveLength(ITEMS);
			for (const item of run.json) expect(item.error).toMatch(/^Admintotal refused the login with the username and password \(JWT\)/);
		});

		it('without On Error: Continue, a wrong password fails the run after one refused login', async () => {
			const run = await getAccounts(credential('jwt', WRONG), { continueOnFail: false });
			expect(run.error?.message).toMatch(/^Admintotal refused the login/);
			expect(calls('/token/')).toHaveLength(1);
		});
	});

	describe('a login is a request like any other', () => {
		it('a login answered 429 is waited out with its Retry-After, then the run goes on', async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', retryAfterSeconds: 1, times: 1 });
			const run = await getAccounts(credential('jwt'), { items: 8, continueOnFail: false });
			expect(run.error).toBeUndefined();
			expect(run.json).toHaveLength(8);
			expect(calls('/token/').map((request) => request.status)).toEqual([429, 200]);
			const [limited, accepted] = calls('/token/');
			expect(accepted.at - limited.at).toBeGreaterThanOrEqual(950);
		});

		it('a login_usuario answered 429 with Retry-After as a date is waited out too', async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/usuarios/login_usuario/', status: 429, headers: { 'retry-after': new Date(Date.now() + 1500).toUTCString() }, times: 1 });
			const run = await getAccounts(credential('loginApiKey'), { items: 4, continueOnFail: false });
			expect(run.error).toBeUndefined();
			expect(calls('/usuarios/login_usuario/').map((request) => request.status)).toEqual([429, 200]);
		});

		it.each([500, 502, 503, 504])('a login answered %i is tried again as a read is', async (status) => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', status, times: 2 });
			const run = await getAccounts(credential('jwt'), { items: 4, continueOnFail: false });
			expect(run.error).toBeUndefined();
			expect(calls('/token/').map((request) => request.status)).toEqual([status, status, 200]);
		});

		it('a login whose connection drops is tried again as a read is', async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', drop: true, times: 1 });
			const run = await getAccounts(credential('jwt'), { items: 4, continueOnFail: false });
			expect(run.error).toBeUndefined();
			expect(calls('/token/').map((request) => request.status)).toEqual([0, 200]);
		});

		it("a write's login answered 503 is tried again, and the write is sent once", async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', status: 503, times: 1 });
			const run = await runNode({
				node: 'admintotalProspect',
				parameters: { resource: 'prospect', operation: 'create', name: 'Tras el 503 del login' },
				credential: credential('jwt'),
			});
			expect(run.error).toBeUndefined();
			expect(calls('/token/').map((request) => request.status)).toEqual([503, 200]);
			expect(calls('/prospectos/').map((request) => request.status)).toEqual([201]);
			expect(fixture.sandbox.store.prospectos.filter((prospect) => prospect.nombre === 'Tras el 503 del login')).toHaveLength(1);
		});

		it("a write's login whose connection drops is tried again, and the write is sent once", async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', drop: true, times: 1 });
			const run = await runNode({
				node: 'admintotalProspect',
				parameters: { resource: 'prospect', operation: 'create', name: 'Tras el corte del login' },
				credential: credential('jwt'),
			});
			expect(run.error).toBeUndefined();
			expect(calls('/token/').map((request) => request.status)).toEqual([0, 200]);
			expect(calls('/prospectos/').map((request) => request.status)).toEqual([201]);
		});

		it("a write whose login keeps failing with 503 says so, and not that the record may exist or that the password is wrong", async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', status: 503 });
			const run = await runNode({
				node: 'admintotalProspect',
				parameters: { resource: 'prospect', operation: 'create', name: 'Nunca enviado' },
				credential: credential('jwt'),
			});
			expect(calls('/token/').map((request) => request.status)).toEqual([503, 503, 503]);
			expect(calls('/prospectos/')).toHaveLength(0);
			// The message says it was the login (under On Error: Continue the message is all an item keeps).
			expect(run.error?.message).toBe('Admintotal could not complete the username and password (JWT) login because of a failure on its side');
			expect(run.error?.description).toMatch(/login/);
			expect(`${run.error?.message} ${run.error?.description}`).not.toMatch(/may have been|Check the username/);
		});

		it.each([
			['answered 503', { status: 503 }, /^Admintotal could not complete the username and password \(JWT\) login because of a failure on its side/],
			['whose connection drops', { drop: true }, /^Could not reach Admintotal at \S+ for the username and password \(JWT\) login/],
		])('every login %s, 12 items under On Error: Continue: the login is tried as a read is once for the run, and each item says it was the login', async (_what, fault, said) => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', ...fault });
			const run = await getAccounts(credential('jwt'), { items: 12 });
			expect(calls('/token/')).toHaveLength(3);
			expect(accountReads()).toHaveLength(0);
			expect(run.json).toHaveLength(12);
			for (const item of run.json) expect(item.error).toMatch(said);
		});

		it('a login answered 429 asking a wait longer than the node waits fails at once, saying how long', async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', retryAfterSeconds: 600 });
			const run = await getAccounts(credential('jwt'), { items: 1, continueOnFail: false });
			expect(run.error?.message).toMatch(/^Admintotal is limiting requests right now: Solicitud fue regulada/);
			expect(run.error?.description).toContain('Admintotal asked to wait 600 s');
			expect(calls('/token/')).toHaveLength(1);
		});

		it('an expired session whose refresh is answered 503 is refreshed again, not replaced by a login', async () => {
			const stored = credential('jwt');
			const tokens = fixture.sandbox.auth.issueTokens(stored.data.username as string);
			stored.data = { ...stored.data, sessionToken: tokens.access, refreshToken: tokens.refresh };
			fixture.sandbox.auth.expireAccessTokens();
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/refresh/', status: 503, times: 1 });
			const run = await getAccounts(stored, { items: 8, continueOnFail: false });
			expect(run.error).toBeUndefined();
			expect(calls('/refresh/').map((request) => request.status)).toEqual([503, 200]);
			expect(calls('/token/')).toHaveLength(0);
		});

		it('a login answered 404 (a Base URL that is not the API) says to check the Base URL, not the password, once for the run', async () => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', status: 404 });
			const run = await getAccounts(credential('jwt'), { items: 8 });
			expect(calls('/token/')).toHaveLength(1);
			for (const item of run.json) expect(item.error).toMatch(/^Admintotal did not answer the login with the username and password \(JWT\) as expected \(HTTP 404\): "No encontrado"\. Check the Base URL/);
		});

		it.each([
			[400, { non_field_errors: ['No puede iniciar sesión con las credenciales proporcionadas.'] }, 'No puede iniciar sesión'],
			[401, { detail: 'No se encontró una cuenta de usuario activa para las credenciales dadas' }, 'No se encontró una cuenta'],
			[403, { detail: 'Usuario bloqueado por demasiados intentos.' }, 'Usuario bloqueado'],
		])('a login refused with %i says to check the username and password, with the API\'s words, and is not tried again', async (status, body, words) => {
			fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/token/', status, body });
			const run = await getAccounts(credential('jwt'), { items: 8 });
			expect(calls('/token/')).toHaveLength(1);
			for (const item of run.json) expect(item.error).toMatch(new RegExp(`^Admintotal refused the login .*\\(HTTP ${status}\\): "${words}.*"\\. Check the username and password`));
		});
	});
});
