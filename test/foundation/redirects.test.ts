/*
 * No request carrying an Admintotal secret follows a redirect by itself: every variant below answers
 * from the tenant with a redirect to a foreign host (a second server on another port) and that host
 * must receive nothing. A same-origin redirect of a read is followed by the node itself; a write
 * answered with a redirect is always an error.
 */
import { DEMO, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode, testCredential, type NodeRun } from '../harness/engine';
import { foreignHostPerFile, type ForeignHost } from '../harness/foreignHost';
import { runHttpRequestNode } from '../harness/httpRequestNode';

const API = '/api/v2';
const STATUSES = [301, 302, 303, 307, 308];

describe('redirects never carry Admintotal credentials to another host', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 6 } });
	const foreignHost = foreignHostPerFile();
	let sandbox: Sandbox;
	let foreign: ForeignHost;
	beforeAll(() => {
		sandbox = fixture.sandbox;
		foreign = foreignHost();
	});

	const apiKey = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	const jwt = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
	// localhost rather than 127.0.0.1: an account of its own, so no session of an earlier test is shared and the login is sent.
	const jwtLoggingIn = () => credentialFor({ baseUrl: sandbox.url.replace('127.0.0.1', 'localhost'), authMethod: 'jwt', username: DEMO.username, password: DEMO.password });
	const loginApiKey = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'loginApiKey', username: DEMO.username, password: DEMO.password });
	const redirectTo = (path: string, status: number, method = 'GET') =>
		sandbox.faults.add({ method, path: `${API}${path}`, nth: 1, status, headers: { location: `${foreign.url}${API}${path}` }, body: '' });
	const listLedgerAccounts = (credential = apiKey()) =>
		runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true }, credential });
	const createProspect = (credential = apiKey()) =>
		runNode({ node: 'admintotalProspect', parameters: { resource: 'prospect', operation: 'create', name: 'Laura Méndez' }, credential });

	function expectRefusedRedirect(run: NodeRun, status: number) {
		expect(run.json).toEqual([]);
		expect(run.error?.message).toContain(`redirect (HTTP ${status}) to ${foreign.url}`);
		expect(foreign.hits).toEqual([]);
	}

	it.each(STATUSES)('a read with the API key answered %i to another host: not followed, the error names status and host', async (status) => {
		redirectTo('/cuentas/', status);
		expectRefusedRedirect(await listLedgerAccounts(), status);
		expect(sandbox.requests.filter((request) => request.status === 401)).toHaveLength(0);
	});

	it.each([302, 307])('a read with a JWT answered %i to another host: the Bearer token stays home', async (status) => {
		redirectTo('/cuentas/', status);
		expectRefusedRedirect(await listLedgerAccounts(jwt()), status);
	});

	it.each([307, 308])('the JWT login at /token/ answered %i: the username and password are not sent to the other host', async (status) => {
		redirectTo('/token/', status, 'POST');
		const run = await listLedgerAccounts(jwtLoggingIn());
		expect(run.error?.message).toContain(`login with a redirect (HTTP ${status}) to ${foreign.url}`);
		expect(foreign.hits).toEqual([]);
		expect(JSON.stringify(run.error)).not.toContain(DEMO.password);
	});

	it('the API key login at login_usuario answered 307: the password is not sent to the other host', async () => {
		redirectTo('/usuarios/login_usuario/', 307, 'POST');
		const run = await listLedgerAccounts(loginApiKey());
		expect(run.error?.message).toContain(`login with a redirect (HTTP 307) to ${foreign.url}`);
		expect(foreign.hits).toEqual([]);
	});

	it('the token refresh answered 307: the refresh token is not sent to the other host', async () => {
		const credential = jwt();
		expect((await listLedgerAccounts(credential)).error).toBeUndefined();
		sandbox.auth.expireAccessTokens();
		redirectTo('/refresh/', 307, 'POST');
		const run = await listLedgerAccounts(credential);
		expect(run.error?.message).toContain(`redirect (HTTP 307) to ${foreign.url}`);
		expect(foreign.hits).toEqual([]);
	});

	it.each([302, 307, 308])('a write answered %i to another host is an error and nothing reaches that host', async (status) => {
		redirectTo('/prospectos/', status, 'POST');
		const run = await createProspect();
		expectRefusedRedirect(run, status);
		expect(run.error?.description).toContain('never repeated elsewhere');
	});

	it("the credential's Test button answered 302 to another host fails and sends the key nowhere else", async () => {
		redirectTo('/cuentas_bancarias/', 302);
		const result = await testCredential(apiKey());
		expect(result.status).toBe('Error');
		expect(foreign.hits).toEqual([]);
	});

	it("n8n's HTTP Request node with the credential answered 302 to another host: not followed", async () => {
		redirectTo('/almacenes/', 302);
		const run = await runHttpRequestNode(apiKey(), { uri: `${sandbox.url}${API}/almacenes/` });
		expect(run.error).toBeDefined();
		expect(foreign.hits).toEqual([]);
		expect(sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`GET ${API}/almacenes/ 302`]);
	});

	it('a same-origin redirect of a read (a missing trailing slash) is checked and followed, every record arrives once', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 1, status: 301, headers: { location: `${sandbox.url}${API}/cuentas/?limit=6` }, body: '' });
		const run = await listLedgerAccounts();
		expect(run.error).toBeUndefined();
		const ids = run.json.map((account) => account.id);
		expect(new Set(ids).size).toBe(sandbox.store.cuentas.length);
		expect(ids).toHaveLength(sandbox.store.cuentas.length);
		expect(sandbox.requests.slice(0, 2).map((request) => request.status)).toEqual([301, 200]);
	});

	it('a write answered with a same-origin 301 is an error: the POST is not turned into a GET and nothing is output as created', async () => {
		const before = sandbox.store.prospectos.length;
		sandbox.faults.add({ method: 'POST', path: `${API}/prospectos/`, nth: 1, status: 301, headers: { location: `${sandbox.url}${API}/prospectos/` }, body: '' });
		const run = await createProspect();
		expect(run.json).toEqual([]);
		expect(run.error?.message).toContain(`redirect (HTTP 301) to ${sandbox.url}`);
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`POST ${API}/prospectos/`]);
		expect(sandbox.store.prospectos).toHaveLength(before);
	});
});
