/**
 * n8n's node settings on our nodes inside a real n8n (E2E_RUNTIME=node20|node24), headless with
 * `n8n execute`: what the engine harness cannot show (n8n's own Split Out and Loop Over Items
 * nodes, an item n8n stops before our code sees it, n8n's process staying up), checked on what the
 * sandbox received. The whole matrix runs through the engine in test/foundation/nodeSettings.test.ts.
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { disposeAllInstances, nodeOutput, resolveRuntime, selectedRuntimeName, sleep, type N8nInstance, type WorkflowFixture } from './lib';
import { MANUAL_TRIGGER, apiKeyCredential, importAll, instanceWithPackage, linearWorkflow, nodeId, nodeType, requestsTo, setJson, timed, uses } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();

describe(`n8n node settings on the Admintotal nodes, in n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	const credential = () => apiKeyCredential(sandbox, DEMO.apiKey);

	/** Start → rows as items (Set + Split Out) → the node under test. */
	const overRows = (id: string, number: number, rows: unknown[], node: Record<string, unknown>): WorkflowFixture =>
		linearWorkflow(id, number, `E2E settings: ${id}`, [
			MANUAL_TRIGGER,
			setJson('Rows', { rows }),
			{ name: 'One Item Per Row', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} } },
			{ name: 'Under Test', credentials: uses(credential()), ...node } as never,
		]);

	const prospectIds = () => sandbox.store.prospectos.slice(0, 3).map((prospect) => ({ id: prospect.id }));
	const executeOnce = () =>
		overRows('settingsOnce01', 41, prospectIds(), {
			type: nodeType('admintotalProspect'),
			executeOnce: true,
			parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		});
	const retryOnCreate = () =>
		overRows('settingsRetry01', 42, [{ name: 'Retry A' }, { name: 'Retry B' }, { fail: true }], {
			type: nodeType('admintotalProspect'),
			retryOnFail: true,
			maxTries: 2,
			waitBetweenTries: 100,
			// n8n stops the node at the third item: the expression refers to a node that does not exist.
			parameters: { resource: 'prospect', operation: 'create', name: "={{ $json.fail ? $('No Such Node').item.json.name : $json.name }}" },
		});
	const batched = () =>
		overRows('settingsBatch01', 43, [{ name: 'Batch A' }, { name: 'Batch B' }, { name: 'Batch C' }], {
			type: nodeType('admintotalProspect'),
			parameters: { resource: 'prospect', operation: 'create', name: '={{ $json.name }}', requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 300 } } } },
		});
	const timeout = () =>
		overRows('settingsTimeout1', 45, prospectIds().slice(0, 1), {
			type: nodeType('admintotalProspect'),
			parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, requestOptions: { timeout: 200 } },
		});
	/** Start → RFCs as items → Loop Over Items (one at a time) → Check RFC → back to the loop. */
	const loop = (): WorkflowFixture => {
		const rfcs = [DEMO.listaNegra.definitivo.rfc, DEMO.cliente.rfc, DEMO.listaNegra.presunto.rfc];
		const base = linearWorkflow('settingsLoop01', 44, 'E2E settings: Loop Over Items', [
			MANUAL_TRIGGER,
			setJson('RFCs', { rows: rfcs.map((rfc) => ({ rfc })) }),
			{ name: 'One Item Per RFC', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} } },
			{ name: 'Loop Over Items', type: 'n8n-nodes-base.splitInBatches', typeVersion: 3, parameters: { batchSize: 1, options: {} } },
		]);
		base.nodes.push({
			id: nodeId(44, 9),
			name: 'Check RFC',
			type: nodeType('admintotalBlacklist'),
			typeVersion: 1,
			position: [960, 200],
			credentials: uses(credential()),
			parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' },
		});
		// Loop Over Items: output 0 is "done", output 1 the current batch.
		base.connections['Loop Over Items'] = { main: [[], [{ node: 'Check RFC', type: 'main', index: 0 }]] };
		base.connections['Check RFC'] = { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] };
		return base;
	};

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		await importAll(n8n, [credential()], [executeOnce(), retryOnCreate(), batched(), loop(), timeout()]);
	});

	afterAll(async () => {
		await disposeAllInstances();
		await sandbox?.close();
	});

	beforeEach(() => {
		sandbox.clearRequests();
		sandbox.faults.clear();
	});

	const posts = () => requestsTo(sandbox, '/prospectos/').filter((request) => request.method === 'POST');

	test('Execute Once on Get with three items: one request, one item out', async () => {
		const run = await timed(RUNTIME, 'execute once', () => n8n.executeOk('settingsOnce01'));
		expect(nodeOutput(run.data, 'Under Test').map((prospect) => prospect.id)).toEqual([sandbox.store.prospectos[0].id]);
		expect(sandbox.requests.map((request) => request.path)).toEqual([`/api/v2/prospectos/${sandbox.store.prospectos[0].id}/`]);
	});

	test('Retry On Fail on Create, the third item stopped by n8n: no prospect is created in any try, and n8n keeps running', async () => {
		const result = await timed(RUNTIME, 'execute retry on create', () => n8n.execute('settingsRetry01'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe("Referenced node doesn't exist");
		await sleep(1_500);
		expect(posts()).toEqual([]);
	});

	test('Batching of 1 every 300 ms: the three prospects are created 300 ms apart', async () => {
		await timed(RUNTIME, 'execute batched creates', () => n8n.executeOk('settingsBatch01'));
		const at = posts().map((request) => request.at);
		expect(at).toHaveLength(3);
		for (let index = 1; index < at.length; index++) expect(at[index] - at[index - 1]).toBeGreaterThanOrEqual(250);
	});

	test('Loop Over Items around Check RFC: each RFC is checked once, in its own run of the node', async () => {
		const run = await timed(RUNTIME, 'execute the loop', () => n8n.executeOk('settingsLoop01'));
		const runs = run.data.resultData.runData['Check RFC'] ?? [];
		expect(runs).toHaveLength(3);
		const verdicts = runs.map((task) => (task.data?.main?.[0] ?? []).map((item) => [item.json.rfc, item.json.listed]));
		expect(verdicts).toEqual([
			[[DEMO.listaNegra.definitivo.rfc, true]],
			[[DEMO.cliente.rfc, false]],
			[[DEMO.listaNegra.presunto.rfc, true]],
		]);
		expect(requestsTo(sandbox, '/listanegra/').map((request) => request.query.rfc)).toEqual([DEMO.listaNegra.definitivo.rfc, DEMO.cliente.rfc, DEMO.listaNegra.presunto.rfc]);
	});

	test('Timeout of 200 ms on a Get answered after 1 s: the run fails at 200 ms, naming the setting', async () => {
		sandbox.faults.add({ method: 'GET', path: /^\/api\/v2\/prospectos\/\d+\/$/, delayMs: 1_000 });
		const result = await timed(RUNTIME, 'execute with a timeout', () => n8n.execute('settingsTimeout1'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe("Admintotal did not answer within 200 ms (the node's Options › Timeout)");
	});
});
