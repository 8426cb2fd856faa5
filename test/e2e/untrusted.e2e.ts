/**
 * What only a real n8n shows about answers we must not trust (E2E_RUNTIME=node20|node24): n8n
 * 2.8 drops the HTTP client's headers from its errors, so Retry-After and Location are read from
 * the answer itself; n8n's own HTTP Request node uses our credential with the tenant-only rule;
 * a redirect fails the execution instead of leaking the key;
 * items reading the credential from n8n's database share one login; a token obtained during the
 * run (a first login, a renewal) and echoed by the tenant is masked in the run data, the error and
 * n8n's output.
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { startForeignHost, type ForeignHost } from '../harness/foreignHost';
import { json, startHostileTenant, type HostileTenant } from '../harness/hostileTenant';
import { nodeOutput, resolveRuntime, selectedRuntimeName, type N8nInstance } from './lib';
import { MANUAL_TRIGGER, apiKeyCredential, askedAgain, importAll, instanceWithPackage, jwtCredential, linearWorkflow, nodeType, requestsTo, resetSandboxAndStopAfterAll, setJson, timed, uses } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const API = '/api/v2';
const ITEMS = 40;

describe(`answers we do not trust, in n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let foreign: ForeignHost;
	let echoing: HostileTenant;
	let n8n: N8nInstance;
	/** Access tokens the echoing tenant issued, each a secret n8n learns during the run. */
	const issued: string[] = [];
	const STALE_TOKEN = `eyJzdGFsZSI6dHJ1ZX0.${'s'.repeat(40)}`;

	const apiCredential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	// Its own credential, never logged in before the test that uses it.
	const freshJwt = () => jwtCredential(sandbox, DEMO.username, DEMO.password, { id: 'admintotalJwtFresh1', name: 'Admintotal JWT (fresh)' });

	const ledgerAll = () =>
		linearWorkflow('admintotalUntrust01', 31, 'E2E: ledger accounts', [
			MANUAL_TRIGGER,
			{ name: 'All Ledger Accounts', type: nodeType('admintotalLedgerAccount'), parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true }, credentials: uses(apiCredential()) },
		]);

	const httpRequest = (id: string, number: number, url: string, credential = apiCredential()) =>
		linearWorkflow(id, number, `E2E: HTTP Request node with the Admintotal API credential (${id})`, [
			MANUAL_TRIGGER,
			{
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					method: 'GET',
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'admintotalApi',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'limit', value: '2' }] },
					options: {},
				},
				credentials: uses(credential),
			},
		]);

	// One Get per item, side by side (Check RFC would answer a run's items together, with fewer requests).
	const rfcChecks = () =>
		linearWorkflow('admintotalUntrust05', 35, 'E2E: forty prospect reads with a fresh JWT credential', [
			MANUAL_TRIGGER,
			setJson('Prospect IDs', { ids: sandbox.store.prospectos.slice(0, ITEMS).map((prospect) => prospect.id) }),
			{ name: 'One Per Item', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'ids', options: {} } },
			{
				name: 'Get Prospect',
				type: nodeType('admintotalProspect'),
				parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.ids }}' } },
				credentials: uses(freshJwt()),
			},
		]);

	// A tenant that logs in, refuses the stale token with 401, and answers 403 echoing the Bearer token it got.
	const echoJwt = (id: string, sessionToken?: string) => ({
		id,
		name: `Admintotal JWT (${id})`,
		type: 'admintotalApi',
		data: { baseUrl: echoing.url, authMethod: 'jwt', username: id, password: DEMO.password, ...(sessionToken ? { sessionToken } : {}) },
	});
	const echoedList = (id: string, number: number, credential: ReturnType<typeof echoJwt>) =>
		linearWorkflow(id, number, `E2E: ledger accounts on a tenant echoing the token (${credential.id})`, [
			MANUAL_TRIGGER,
			{ name: 'All Ledger Accounts', type: nodeType('admintotalLedgerAccount'), parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true }, credentials: uses(credential) },
		]);

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		echoing = await startHostileTenant();
		echoing.answer = (hit, response) => {
			if (hit.url === `${API}/token/`) {
				const access = `eyJhbGciOiJIUzI1NiJ9.eyJpc3N1ZWQiOiR7${issued.length}${'e'.repeat(40)}.c2ln${issued.length}`;
				issued.push(access);
				return json(response, 200, { access, refresh: '' });
			}
			const bearer = String(hit.headers.authorization ?? '');
			if (bearer === `Bearer ${STALE_TOKEN}`) return json(response, 401, { detail: 'Token inválido o expirado.' });
			json(response, 403, { detail: `El token ${bearer} no tiene permiso.` });
		};
		sandbox = await startSandbox({ pageSize: { default: 20, max: 6 } });
		foreign = await startForeignHost();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		await timed(RUNTIME, 'import credentials and workflows', () =>
			importAll(
				n8n,
				[apiCredential(), freshJwt(), echoJwt('admintotalJwtEcho01'), echoJwt('admintotalJwtEcho02', STALE_TOKEN)],
				[
					ledgerAll(),
					httpRequest('admintotalUntrust02', 32, `${sandbox.url}${API}/cuentas_bancarias/`),
					httpRequest('admintotalUntrust03', 33, `${foreign.url}${API}/almacenes/`),
					httpRequest('admintotalUntrust04', 34, `${sandbox.url}${API}/almacenes/`),
					rfcChecks(),
					echoedList('admintotalUntrust06', 36, echoJwt('admintotalJwtEcho01')),
					echoedList('admintotalUntrust07', 37, echoJwt('admintotalJwtEcho02', STALE_TOKEN)),
				],
			),
		);
	});

	resetSandboxAndStopAfterAll(() => sandbox);
	beforeEach(() => (foreign.hits.length = 0));
	afterAll(async () => {
		await foreign?.close();
		await echoing?.close();
	});

	test('Retry-After is honoured as sent (n8n 2.8 loses it from its errors; the node reads the answer itself)', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, retryAfterSeconds: 4 });
		const run = await timed(RUNTIME, 'execute Return All through a 429 with Retry-After: 4', () => n8n.executeOk('admintotalUntrust01'));
		const pages = requestsTo(sandbox, '/cuentas/');
		const limited = pages.find((request) => request.status === 429)!;
		expect(limited).toBeDefined();
		expect(askedAgain(pages, limited)!.at - limited.at).toBeGreaterThanOrEqual(3_900);
		expect(nodeOutput(run.data, 'All Ledger Accounts')).toHaveLength(sandbox.store.cuentas.length);
		// Why the run was slow, in the editor's output: the execution hint n8n keeps with the node's run.
		const hints = (run.data.resultData.runData['All Ledger Accounts']?.[0] as { hints?: Array<{ message: string }> } | undefined)?.hints ?? [];
		expect(hints.map((hint) => hint.message).join(' ')).toMatch(/asked this run to slow down once \(429 Too Many Requests\): it paused once, 4\.0 s in all/);
	});

	test('a redirect to another host fails the execution naming status and host; that host receives nothing', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, nth: 2, status: 307, headers: { location: `${foreign.url}${API}/cuentas/?offset=6` }, body: '' });
		const result = await timed(RUNTIME, 'execute Return All answered 307 elsewhere', () => n8n.execute('admintotalUntrust01'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe(`Admintotal answered with a redirect (HTTP 307) to ${foreign.url}; it was not followed`);
		expect(foreign.hits).toEqual([]);
	});

	test("n8n's HTTP Request node with the Admintotal API credential reaches an endpoint our nodes do not cover", async () => {
		const run = await timed(RUNTIME, 'execute the HTTP Request node', () => n8n.executeOk('admintotalUntrust02'));
		const [page] = nodeOutput(run.data, 'HTTP Request') as Array<{ results?: unknown[] }>;
		expect(page.results).toHaveLength(2);
		const sent = requestsTo(sandbox, '/cuentas_bancarias/');
		expect(sent).toHaveLength(1);
		expect(sent[0].headers['api-key']).toBe(DEMO.apiKey);
	});

	test('the HTTP Request node with the credential pointed at another host sends nothing there', async () => {
		const result = await timed(RUNTIME, 'execute the HTTP Request node elsewhere', () => n8n.execute('admintotalUntrust03'));
		expect(result.succeeded).toBe(false);
		expect(JSON.stringify(result.run?.data.resultData.error)).toContain('Refused to send Admintotal credentials to');
		expect(foreign.hits).toEqual([]);
	});

	test('the HTTP Request node does not follow a redirect to another host with the credential', async () => {
		sandbox.faults.add({ method: 'GET', path: `${API}/almacenes/`, status: 302, headers: { location: `${foreign.url}${API}/almacenes/` }, body: '' });
		const result = await timed(RUNTIME, 'execute the HTTP Request node answered 302', () => n8n.execute('admintotalUntrust04'));
		expect(result.succeeded).toBe(false);
		expect(foreign.hits).toEqual([]);
		expect(requestsTo(sandbox, '/almacenes/').map((request) => request.status)).toEqual([302]);
	});

	test(`${ITEMS} reads with a JWT credential that has no token yet log in once`, async () => {
		const run = await timed(RUNTIME, `execute ${ITEMS} reads with a fresh JWT`, () => n8n.executeOk('admintotalUntrust05'));
		expect(nodeOutput(run.data, 'Get Prospect').map((prospect) => prospect.id)).toEqual(sandbox.store.prospectos.slice(0, ITEMS).map((prospect) => prospect.id));
		expect(requestsTo(sandbox, '/token/')).toHaveLength(1);
		expect(sandbox.requests.filter((request) => request.path.startsWith('/api/v2/prospectos/') && request.status === 200)).toHaveLength(ITEMS);
	});

	test.each([
		['a first login in this run', 'admintotalUntrust06'],
		['a renewal after the stored token is refused with 401', 'admintotalUntrust07'],
	])('a token from %s, echoed by a 403, is masked in the run data, the error and n8n\'s output', async (_how, workflow) => {
		issued.length = 0;
		const result = await timed(RUNTIME, `execute ${workflow} against the echoing tenant`, () => n8n.execute(workflow));
		expect(result.succeeded).toBe(false);
		expect(issued).toHaveLength(1);
		expect(echoing.hits.at(-1)?.headers.authorization).toBe(`Bearer ${issued[0]}`);
		expect(result.run?.data.resultData.error?.message).toBe('The Admintotal user is not allowed to do this: El token Bearer •••••• no tiene permiso.');
		for (const shown of [JSON.stringify(result.run), result.stdout, result.stderr]) {
			expect(shown).not.toContain(issued[0].slice(-24));
			expect(shown).not.toContain(STALE_TOKEN.slice(0, 24));
		}
	});
});
