/**
 * THE list of n8n engine behaviours this package relies on: what n8n does that its node API and docs
 * do not promise. Each is listed once, here: what we rely on, the guarantee that rests on it, what
 * breaks if n8n changes it, and the test that pins it in both runtimes (n8n 2.8.4 on Node 20,
 * n8n 2.41.1 on Node 24). A test in this file is named "n8n behaviour: …"; a behaviour another suite
 * already pins (those that need `n8n start` or minutes of polling, among others) is pinned there,
 * named here by its test and file, not pinned twice. When a pin fails on a new n8n, its entry says
 * what the package loses: read it before changing the code or the test.
 *
 * 1. On Error routes our error items.
 *    We rely on: with "Continue (using error output)" n8n moves each output item whose JSON is a
 *    truthy `error` alone to the node's error output (n8n 2.8.4 also `{ error, message }`, 2.41.1 any
 *    of error, message and details), and puts the JSON of the input item it is paired with under it:
 *    both runtimes give `{ ...input, error }` (n8n-core WorkflowExecute.handleNodeErrorOutput). With
 *    "Continue" the item stays in the main output as written, `{ error }` alone, in the input's order.
 *    Our run writes a failed item as `{ json: { error: message }, pairedItem: { item } }`
 *    (nodes/shared/operation/execute.ts, runOperation).
 *    Guarantee: under On Error each failed item comes out, paired with its input, on the branch the
 *    user chose; the others are sent and output.
 *    If n8n changes it: failed items reach the success branch as if they were records, or lose the
 *    input's fields on the error branch.
 *    Pin: "n8n behaviour: Continue keeps our { error } item in the main output; Continue (using error
 *    output) moves it to the error output under the paired input item's fields" (this file).
 *
 * 2. Execute Once hands execute() the first input item only.
 *    We rely on: n8n cuts every input to its first item before the run (WorkflowExecute.handleExecuteOnce);
 *    our run takes getInputData() as it is and never counts or trims items.
 *    Guarantee: Execute Once sends one request, for the first item.
 *    If n8n changes it (all items handed over, the node left to choose): every item is sent.
 *    Pin: "Execute Once on Get with three items: one request, one item out" (nodeSettings.e2e.ts).
 *
 * 3. Retry On Fail runs execute() again with the same input.
 *    We rely on: when execute() throws, n8n waits Wait Between Tries and calls execute() again with
 *    the same input items, keeping only the output of the try that succeeds (under On Error: Continue
 *    it also tries again when the first output item carries `json.error`, as our error items do).
 *    Reads are safe to run again; a write refuses the setting before any value is read or anything
 *    sent, from the node's `retryOnFail` (getNode(), nodes/shared/operation/define.ts), since the
 *    next try would send every item again.
 *    Guarantee: a read that fails once and then succeeds outputs each record once; Retry On Fail never
 *    creates a record twice.
 *    If n8n changes it (outputs of failed tries kept, or items retried one by one): records come out
 *    twice, or a write's refusal no longer matches what n8n does.
 *    Pins: "n8n behaviour: Retry On Fail runs execute() again with the same items; a read that fails
 *    once outputs each record once" (this file); the write's refusal: "Retry On Fail on Create, the
 *    third item an expression n8n cannot evaluate: the setting is refused before anything is read,
 *    and no prospect is created in any try" (nodeSettings.e2e.ts).
 *
 * 4. preAuthentication runs for an empty session, and n8n stores what it returns.
 *    We rely on: n8n calls the credential's preAuthentication when the hidden `expirable` field
 *    (sessionToken) of the credential data handed to httpRequestWithAuthentication is empty, merges
 *    what it returns into that data and stores it in the node's credential (n8n 2.8.4 stores the
 *    handed-over data with it, which is why preAuthentication removes the refused-token field from
 *    it first; 2.41.1 the stored data with the returned fields); the next request and the next run
 *    read it. Our requests never reach n8n's own retry after a 401 (they ignore HTTP status errors,
 *    5), so after a 401 the transport hands the data over with sessionToken emptied to have it renewed
 *    (nodes/shared/tenant/request.ts, credentials/AdmintotalApi.credentials.ts, nodes/shared/tenant/sessions.ts).
 *    Guarantee: a JWT or API-key login is made once and kept across runs; a token expiring mid-run
 *    is renewed once and the run goes on.
 *    If n8n changes it (preAuthentication only on its own 401 retry, or nothing stored): a token
 *    refused mid-run is never renewed, or every run logs in again.
 *    Pin: "JWT: a token expiring during Return All is renewed with /refresh/, and n8n keeps the
 *    renewed tokens for the next run" (admintotal-headless.e2e.ts).
 *
 * 5. httpRequestWithAuthentication answers every status, with its headers, and follows no redirect.
 *    We rely on: with `ignoreHttpStatusErrors` every status (3xx, 4xx, 5xx) comes back as an answer
 *    instead of an error; with `disableFollowRedirect` no redirect is followed (the credential's
 *    authenticate also sets followRedirect false and maxRedirects 0); `returnFullResponse` with
 *    `encoding: 'stream'` gives the status, the headers (Retry-After, Location) and the body as a
 *    stream, read within the node's bounds (nodes/shared/tenant/request.ts; both
 *    runtimes replace the request's abortSignal with the execution's own, so the bounds do not use it).
 *    Guarantee: errors in the API's own words, Retry-After honoured as sent, a redirect never followed
 *    with the credential (a read's redirect within what it asked is checked and followed by us),
 *    answers bounded in time and size.
 *    If n8n changes it: answers become n8n's generic errors (the API's reasons and the 429 waits lost),
 *    a redirect carries the API key to wherever it points, or whole answers are read into memory.
 *    Pins: "n8n behaviour: httpRequestWithAuthentication hands back every status with its headers and
 *    follows no redirect" (this file); "Retry-After is honoured as sent (n8n 2.8 loses it from its
 *    errors; the node reads the answer itself)" and "a redirect to another host fails the execution
 *    naming status and host; that host receives nothing" (untrusted.e2e.ts).
 *
 * 6. The Request Options a workflow saved are n8n's declarative ones, under n8n's names.
 *    We rely on: the node settings n8n's loader gives every declarative node (n8n-core
 *    nodes-loader/constants.js, commonDeclarativeNodeOptionParameters: requestOptions with
 *    batching.batch.batchSize/batchInterval, allowUnauthorizedCerts, proxy, timeout) are what
 *    workflows saved with our declarative versions hold; the loader adds nothing to a node with
 *    execute(), so our nodes declare the same names, types and nesting themselves
 *    (nodes/shared/operation/settings.ts) and apply them.
 *    Guarantee: a saved workflow keeps its Batching, Ignore SSL Issues, Proxy and Timeout.
 *    If n8n renames or reshapes one: a workflow saved with our declarative versions under that n8n
 *    holds a parameter our nodes do not declare, which n8n drops, and the setting is silently lost.
 *    Pin: "n8n behaviour: our nodes' Request Options have the names, types and nesting of n8n's own
 *    (commonDeclarativeNodeOptionParameters)" (this file).
 *
 * 7. A polling trigger's static data is saved when a poll returns items and at activation, and
 *    survives a restart.
 *    We rely on: n8n saves the static data when a poll emits items (before the execution starts) and
 *    after activating the workflow (whose first poll only remembers), and a restarted n8n hands it to
 *    the next poll; a poll that returns nothing saves nothing, so after a restart the memory is the
 *    one the last reporting poll (or the activation) left (nodes/AdmintotalPollingTrigger/poll.ts).
 *    Guarantee: each new record is reported once, also across a restart of n8n.
 *    If n8n changes it: records are reported twice after a restart, or missed.
 *    Pin: "after a restart of n8n nothing is reported twice, and a note created while n8n was down is
 *    reported once" (pollingTrigger.e2e.ts, after "activated, its first poll reports nothing; …" in
 *    the same file; n8n polls every minute at the shortest, so about 4½ minutes per runtime).
 *
 * 8. A webhook node's static data is saved after the node answers, and requests keep their raw body.
 *    We rely on: n8n saves the webhook node's static data once webhook() has returned (also when the
 *    node wrote its answer itself and started no workflow), a restarted n8n hands it back, and the
 *    request carries `rawBody`, the bytes as received (or readRawBody())
 *    (nodes/AdmintotalTrigger/receive.ts and payload.ts).
 *    Guarantee: Only Changes reports each price or stock change once, also across a restart; a JSON
 *    number is judged by its digits as sent.
 *    If n8n changes it: changes reported again after a restart; numbers judged by their rounded double.
 *    Pins: "after a restart of n8n the memory is what was saved: all 30 again start nothing, one
 *    repriced product is reported" and "a JSON number is judged as written in the body n8n parsed:
 *    17 significant digits get 400, 15 start the workflow with that number" (trigger-memory.e2e.ts).
 *
 * 9. After a 401, n8n authenticates the same request object again.
 *    We rely on: httpRequestWithAuthentication without ignoreHttpStatusErrors, answered 401, calls
 *    preAuthentication and then the credential's authenticate again with the object authenticate
 *    returned the first time, and sends it again, whatever preAuthentication returned. That is the
 *    credential's Test button (its request runs through RoutingNode). The credential keeps the
 *    objects it authenticated (`alreadySent`, credentials/AdmintotalApi.credentials.ts) and refuses
 *    to send an API key twice. n8n's HTTP Request node goes through requestWithAuthentication instead,
 *    which authenticates again only when preAuthentication returns a new session: an API key returns
 *    none, so there n8n does not send it again in either runtime, and `alreadySent` covers the day it
 *    would.
 *    Guarantee: an API key refused once is not sent once more (a tenant counting refused keys).
 *    If n8n changes it (a copy of the request authenticated again): the refused key is sent twice.
 *    Pins: "a wrong API key fails after one request, not two" (admintotal-server.e2e.ts, the Test
 *    button in `n8n start`); "n8n behaviour: the HTTP Request node with our credential sends an API
 *    key refused with 401 once" (this file).
 *
 * 10. A credential's module lives as long as the n8n process.
 *    We rely on: n8n loads the credential class once per process and calls its preAuthentication
 *    and authenticate in that process, so module-level state is shared by every item and execution
 *    the process runs: one login or refresh per account at a time (nodes/shared/tenant/sessions.ts) and
 *    `alreadySent` (9).
 *    Guarantee: the items of a run with a credential that has no token yet log in once.
 *    If n8n changes it (a fresh module or a task runner per call): one login per item, and a tenant
 *    that locks accounts after many logins locks this one.
 *    Pin: "40 reads with a JWT credential that has no token yet log in once" (untrusted.e2e.ts).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import { join } from 'path';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { nodeId, nodeOutput, resolveRuntime, runOk, selectedRuntimeName, type N8nInstance, type N8nRuntime, type NodeItem, type WorkflowFixture } from './lib';
import { MANUAL_TRIGGER, PACKAGE, apiKeyCredential, importAll, instanceWithPackage, linearWorkflow, nodeType, requestsTo, resetSandboxAndStopAfterAll, setJson, timed, uses, type NodeSpec } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
/** An ID no prospect has: Get answers 404. */
const MISSING = 31337;
const NOT_FOUND = 'The record was not found in Admintotal: No encontrado.';

/** A property as n8n saves its value: name, type and what is nested in it (a fixedCollection's groups by name). */
interface Shape {
	name: string;
	type?: string;
	multipleValues?: boolean;
	children?: Shape[];
}

interface DeclaredProperty {
	name: string;
	type?: string;
	typeOptions?: { multipleValues?: boolean };
	options?: DeclaredProperty[];
	values?: DeclaredProperty[];
}

function shapeOf(property: DeclaredProperty): Shape {
	const nested = property.type === 'collection' || property.type === 'fixedCollection' || property.type === undefined ? (property.options ?? property.values) : undefined;
	return {
		name: property.name,
		...(property.type === undefined ? {} : { type: property.type }),
		...(property.type === 'fixedCollection' ? { multipleValues: property.typeOptions?.multipleValues === true } : {}),
		...(nested ? { children: nested.map(shapeOf).sort((a, b) => a.name.localeCompare(b.name)) } : {}),
	};
}

/**
 * Runs in the runtime's own Node, as n8n loads a community package: its n8n-core's loader reads the
 * installed package, and the constant n8n adds to declarative nodes is read from the same n8n-core.
 */
const READ_REQUEST_OPTIONS = `
const { PackageDirectoryLoader } = require(process.env.N8N_CORE);
const { commonDeclarativeNodeOptionParameters } = require(process.env.N8N_CORE_CONSTANTS);
(async () => {
	const loader = new PackageDirectoryLoader(process.env.PACKAGE_DIR);
	await loader.loadAll();
	const nodes = {};
	for (const [name, { type }] of Object.entries(loader.nodeTypes)) {
		const descriptions = type.nodeVersions ? Object.values(type.nodeVersions).map((version) => version.description) : [type.description];
		nodes[name] = {
			execute: typeof type.execute === 'function' || Object.values(type.nodeVersions ?? {}).some((version) => typeof version.execute === 'function'),
			requestOptions: descriptions.map((description) => (description.properties ?? []).find((property) => property.name === 'requestOptions') ?? null),
		};
	}
	process.stdout.write('\\nREQUEST_OPTIONS ' + JSON.stringify({ n8n: commonDeclarativeNodeOptionParameters, nodes }) + '\\n');
})().catch((error) => {
	console.error(error);
	process.exit(1);
});
`;

interface LoadedRequestOptions {
	n8n: DeclaredProperty;
	nodes: Record<string, { execute: boolean; requestOptions: Array<DeclaredProperty | null> }>;
}

async function loadedRequestOptions(runtime: N8nRuntime, n8n: N8nInstance): Promise<LoadedRequestOptions> {
	const core = join(runtime.dir, 'node_modules', 'n8n-core');
	const result = await runOk(runtime.nodeBin, ['-e', READ_REQUEST_OPTIONS], {
		cwd: n8n.workDir,
		env: {
			PATH: process.env.PATH,
			// As n8n itself sets it before loading community packages, so `n8n-workflow` is the runtime's.
			NODE_PATH: join(runtime.dir, 'node_modules'),
			N8N_CORE: core,
			N8N_CORE_CONSTANTS: join(core, 'dist', 'nodes-loader', 'constants.js'),
			PACKAGE_DIR: join(n8n.nodesDir, 'node_modules', PACKAGE),
		},
		timeoutMs: 60_000,
	});
	const line = result.stdout.split('\n').find((text) => text.startsWith('REQUEST_OPTIONS '));
	if (!line) throw new Error(`the loader printed no result:\n${result.stdout}\n${result.stderr}`);
	return JSON.parse(line.slice('REQUEST_OPTIONS '.length)) as LoadedRequestOptions;
}

describe(`n8n engine behaviours the package relies on, in n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let runtime: N8nRuntime;
	let n8n: N8nInstance;
	const credential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const wrongKey = () => apiKeyCredential(sandbox, 'wrong-api-key-for-n8n-behaviours', { id: 'admintotalWrongKey1', name: 'Admintotal API (wrong key)' });

	/** The first prospects' IDs: the records the tests read. */
	const prospect = (index: number) => sandbox.store.prospectos[index].id;
	const oneItemPerRow: NodeSpec = { name: 'One Item Per Row', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} } };
	const getProspect = (name: string, settings: Record<string, unknown> = {}): NodeSpec => ({
		name,
		type: nodeType('admintotalProspect'),
		credentials: uses(credential()),
		parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		...settings,
	});
	/** Start → rows as items → the given nodes, one after the other. */
	const overRows = (id: string, number: number, rows: unknown[], nodes: NodeSpec[]): WorkflowFixture =>
		linearWorkflow(id, number, `E2E n8n behaviour: ${id}`, [MANUAL_TRIGGER, setJson('Rows', { rows }), oneItemPerRow, ...nodes]);

	const continueRows = () => [
		{ id: prospect(0), tag: 'first' },
		{ id: MISSING, tag: 'missing' },
		{ id: prospect(2), tag: 'third' },
	];
	/**
	 * The rows go to two Gets side by side: "Error Output" (Continue (using error output)), its two
	 * outputs to "Records" and "Errors", and "Regular Output" (Continue).
	 */
	const onError = (): WorkflowFixture => {
		const workflow = overRows('behaviourOnError01', 51, continueRows(), [getProspect('Error Output', { onError: 'continueErrorOutput' }), { name: 'Records', type: 'n8n-nodes-base.noOp' }]);
		const extra = (index: number, spec: NodeSpec) => ({ typeVersion: 1, parameters: {}, ...spec, id: nodeId(51, 10 + index), position: [720 + index * 240, 240] as [number, number] });
		workflow.nodes.push(extra(0, { name: 'Errors', type: 'n8n-nodes-base.noOp' }), extra(1, getProspect('Regular Output', { onError: 'continueRegularOutput' })));
		const to = (node: string) => ({ node, type: 'main' as const, index: 0 });
		workflow.connections['One Item Per Row'] = { main: [[to('Error Output'), to('Regular Output')]] };
		workflow.connections['Error Output'] = { main: [[to('Records')], [to('Errors')]] };
		return workflow;
	};
	const retryRead = () =>
		overRows('behaviourRetry01', 52, [0, 1, 2].map((index) => ({ id: prospect(index) })), [getProspect('Under Test', { retryOnFail: true, maxTries: 2, waitBetweenTries: 100 })]);
	const answers = () =>
		overRows('behaviourAnswers01', 53, [MISSING, prospect(3), prospect(4), prospect(5)].map((id) => ({ id })), [getProspect('Answers', { onError: 'continueRegularOutput' })]);
	const httpRequest401 = () =>
		linearWorkflow('behaviourHttp401', 54, 'E2E n8n behaviour: HTTP Request node, API key refused', [
			MANUAL_TRIGGER,
			{
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: { method: 'GET', url: `${sandbox.url}/api/v2/cuentas_bancarias/`, authentication: 'predefinedCredentialType', nodeCredentialType: 'admintotalApi', options: {} },
				credentials: uses(wrongKey()),
			},
		]);

	beforeAll(async () => {
		runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		await timed(RUNTIME, 'import credentials and workflows', () => importAll(n8n, [credential(), wrongKey()], [onError(), retryRead(), answers(), httpRequest401()]));
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	test("n8n behaviour: our nodes' Request Options have the names, types and nesting of n8n's own (commonDeclarativeNodeOptionParameters)", async () => {
		const loaded = await timed(RUNTIME, "load the package with the runtime's n8n-core", () => loadedRequestOptions(runtime, n8n));
		const n8ns = shapeOf(loaded.n8n);
		// What settings.ts reads: requestOptions.batching.batch.{batchSize,batchInterval}, timeout, proxy, allowUnauthorizedCerts.
		expect(n8ns).toMatchObject({ name: 'requestOptions', type: 'collection' });
		expect(n8ns.children?.find((child) => child.name === 'batching')).toEqual({
			name: 'batching',
			type: 'fixedCollection',
			multipleValues: false,
			children: [{ name: 'batch', children: [{ name: 'batchInterval', type: 'number' }, { name: 'batchSize', type: 'number' }] }],
		});

		const resourceNodes = Object.entries(loaded.nodes).filter(([, node]) => node.execute);
		expect(resourceNodes.map(([name]) => name)).toEqual(expect.arrayContaining(['admintotalProspect', 'admintotalSalesNote', 'admintotalBlacklist']));
		expect(resourceNodes.length).toBeGreaterThanOrEqual(12);
		for (const [name, node] of resourceNodes) {
			for (const declared of node.requestOptions) expect({ name, requestOptions: declared && shapeOf(declared) }).toEqual({ name, requestOptions: n8ns });
		}
	});

	test('n8n behaviour: Continue keeps our { error } item in the main output; Continue (using error output) moves it to the error output under the paired input item\'s fields', async () => {
		const run = await timed(RUNTIME, 'execute both On Error settings', () => n8n.executeOk('behaviourOnError01'));
		const outputs = (node: string) => run.data.resultData.runData[node]?.[0]?.data?.main ?? [];
		const json = (items: NodeItem[] | null | undefined) => (items ?? []).map((item) => item.json);
		const paired = (items: NodeItem[] | null | undefined) => (items ?? []).map((item) => item.pairedItem);
		const [first, missing, third] = continueRows();
		const record = (id: number) => expect.objectContaining({ id });

		// Continue: one output, the error item where its input was, as the node wrote it.
		const regular = outputs('Regular Output');
		expect(regular).toHaveLength(1);
		expect(json(regular[0])).toEqual([record(first.id), { error: NOT_FOUND }, record(third.id)]);
		expect(paired(regular[0])).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);

		// Continue (using error output): the records on the main output, the error item on the error
		// output with the input item's fields (both runtimes), still paired with its input.
		const routed = outputs('Error Output');
		expect(json(routed[0])).toEqual([record(first.id), record(third.id)]);
		expect(paired(routed[0])).toEqual([{ item: 0 }, { item: 2 }]);
		expect(json(routed[1])).toEqual([{ ...missing, error: NOT_FOUND }]);
		expect(paired(routed[1])).toEqual([{ item: 1 }]);
		expect(nodeOutput(run.data, 'Errors')).toEqual([{ ...missing, error: NOT_FOUND }]);
		expect(nodeOutput(run.data, 'Records').map((item) => item.id)).toEqual([first.id, third.id]);

		// Each node asked for each item once.
		expect(requestsTo(sandbox, `/prospectos/${MISSING}/`).map((request) => request.status)).toEqual([404, 404]);
	});

	test('n8n behaviour: Retry On Fail runs execute() again with the same items; a read that fails once outputs each record once', async () => {
		const ids = [0, 1, 2].map(prospect);
		sandbox.faults.add({ method: 'GET', path: `/api/v2/prospectos/${ids[1]}/`, nth: 1, status: 403 });
		const run = await timed(RUNTIME, 'execute a read retried once', () => n8n.executeOk('behaviourRetry01'));

		// Two tries, each asking for the same three records (side by side, in any order); only the first refused.
		const tries = [sandbox.requests.slice(0, 3), sandbox.requests.slice(3)];
		const asked = (requests: typeof sandbox.requests) => requests.map((request) => request.path).sort();
		expect(sandbox.requests).toHaveLength(6);
		expect(asked(tries[0])).toEqual(asked(tries[1]));
		expect(asked(tries[0])).toEqual(ids.map((id) => `/api/v2/prospectos/${id}/`).sort());
		expect(tries[0].map((request) => request.status).sort()).toEqual([200, 200, 403]);
		expect(tries[1].map((request) => request.status)).toEqual([200, 200, 200]);

		// One run of the node in n8n's data, its output the successful try's: each record once, in order.
		expect(run.data.resultData.runData['Under Test']).toHaveLength(1);
		expect(nodeOutput(run.data, 'Under Test').map((item) => item.id)).toEqual(ids);
	});

	test('n8n behaviour: httpRequestWithAuthentication hands back every status with its headers and follows no redirect', async () => {
		const [redirected, limited, failing, elsewhere] = [3, 4, 5, 6].map(prospect);
		const path = (id: number) => `/api/v2/prospectos/${id}/`;
		sandbox.faults.add({ method: 'GET', path: path(redirected), status: 302, headers: { location: `${sandbox.url}${path(elsewhere)}` }, body: '' });
		// Longer than the node waits (60 s): read from the header, it fails at once; unread, the node would back off and ask again.
		sandbox.faults.add({ method: 'GET', path: path(limited), retryAfterSeconds: 61 });
		// 501 is not a passing failure for the node: answered, it fails at once with the node's words.
		sandbox.faults.add({ method: 'GET', path: path(failing), status: 501 });
		const run = await timed(RUNTIME, 'execute four answers', () => n8n.executeOk('behaviourAnswers01'));

		expect(nodeOutput(run.data, 'Answers')).toEqual([
			{ error: NOT_FOUND },
			{ error: `Admintotal answered with a redirect (HTTP 302) to another address of the tenant (${path(elsewhere)}); it was not followed` },
			{ error: expect.stringMatching(/^Admintotal is limiting requests right now: Solicitud fue regulada\./) },
			{ error: 'Admintotal could not complete the request because of a failure on its side' },
		]);
		// Each asked once; the redirect's target never asked.
		expect(sandbox.requests.map((request) => [request.path, request.status]).sort()).toEqual(
			[
				[path(MISSING), 404],
				[path(redirected), 302],
				[path(limited), 429],
				[path(failing), 501],
			].sort(),
		);
		expect(requestsTo(sandbox, `/prospectos/${elsewhere}/`)).toEqual([]);
	});

	test('n8n behaviour: the HTTP Request node with our credential sends an API key refused with 401 once', async () => {
		const result = await timed(RUNTIME, 'execute the HTTP Request node with a wrong key', () => n8n.execute('behaviourHttp401'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.runData['HTTP Request']?.[0]?.error).toBeDefined();
		expect(sandbox.requests.map((request) => [request.path, request.status, request.headers['api-key']])).toEqual([['/api/v2/cuentas_bancarias/', 401, 'wrong-api-key-for-n8n-behaviours']]);
	});
});
