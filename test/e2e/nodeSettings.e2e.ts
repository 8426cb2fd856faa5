/**
 * n8n's node settings on our nodes inside a real n8n (E2E_RUNTIME=node20|node24), headless with
 * `n8n execute`, checked on what the sandbox received. The whole matrix runs through n8n-core's
 * engine (the newest runtime's) in test/foundation/nodeSettings.test.ts; here each setting whose
 * meaning rests on what the engine hands the node (Execute Once: the first item only; Retry On
 * Fail: the node run again) or on the node's own handling (Batching, Timeout) runs once in each
 * runtime's own engine, with what the harness cannot show (n8n's Loop Over Items).
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { nodeOutput, resolveRuntime, selectedRuntimeName, type N8nInstance, type WorkflowFixture } from './lib';
import { MANUAL_TRIGGER, apiKeyCredential, importAll, instanceWithPackage, linearWorkflow, nodeId, nodeType, requestsTo, resetSandboxAndStopAfterAll, setJson, timed, uses, type NodeSpec } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();

describe(`n8n node settings on the Admintotal nodes, in n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	const credential = () => apiKeyCredential(sandbox, DEMO.apiKey);

	const oneItemPerRow: NodeSpec = { name: 'One Item Per Row', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} } };

	/** Start → rows as items → the node under test. */
	const overRows = (id: string, number: number, rows: unknown[], node: { type: string; [key: string]: unknown }): WorkflowFixture =>
		linearWorkflow(id, number, `E2E settings: ${id}`, [MANUAL_TRIGGER, setJson('Rows', { rows }), oneItemPerRow, { name: 'Under Test', credentials: uses(credential()), ...node }]);
	const prospectIds = () => sandbox.store.prospectos.slice(0, 3).map((prospect) => ({ id: prospect.id }));
	const getProspect = { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };
	const executeOnce = () => overRows('settingsOnce01', 41, prospectIds(), { type: nodeType('admintotalProspect'), executeOnce: true, parameters: getProspect });
	const batched = () =>
		overRows('settingsBatch01', 43, [{ name: 'Batch A' }, { name: 'Batch B' }, { name: 'Batch C' }], {
			type: nodeType('admintotalProspect'),
			parameters: { resource: 'prospect', operation: 'create', name: '={{ $json.name }}', requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 300 } } } },
		});
	const timeout = () => overRows('settingsTimeout1', 45, prospectIds().slice(0, 1), { type: nodeType('admintotalProspect'), parameters: { ...getProspect, requestOptions: { timeout: 200 } } });

	/** Start → rows as items → Create with Retry On Fail, the third item's expression referring to a node that does not exist. */
	const retryOnCreate = () =>
		linearWorkflow('settingsRetry01', 42, 'E2E settings: Retry On Fail', [
			MANUAL_TRIGGER,
			setJson('Rows', { rows: [{ name: 'Retry A' }, { name: 'Retry B' }, { fail: true }] }),
			oneItemPerRow,
			{
				name: 'Under Test',
				type: nodeType('admintotalProspect'),
				credentials: uses(credential()),
				retryOnFail: true,
				maxTries: 2,
				waitBetweenTries: 100,
				parameters: { resource: 'prospect', operation: 'create', name: "={{ $json.fail ? $('No Such Node').item.json.name : $json.name }}" },
			},
		]);
	/** Start → RFCs as items → Loop Over Items (one at a time) → Check RFC → back to the loop. */
	const loop = (): WorkflowFixture => {
		const rfcs = [DEMO.listaNegra.definitivo.rfc, DEMO.cliente.rfc, DEMO.listaNegra.presunto.rfc];
		const base = linearWorkflow('settingsLoop01', 44, 'E2E settings: Loop Over Items', [
			MANUAL_TRIGGER,
			setJson('RFCs', { rows: rfcs.map((rfc) => ({ rfc })) }),
			oneItemPerRow,
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

	resetSandboxAndStopAfterAll(() => sandbox);

	const posts = () => requestsTo(sandbox, '/prospectos/').filter((request) => request.method === 'POST');

	test('Execute Once on Get with three items: one request, one item out', async () => {
		const run = await timed(RUNTIME, 'execute once', () => n8n.executeOk('settingsOnce01'));
		expect(nodeOutput(run.data, 'Under Test').map((prospect) => prospect.id)).toEqual([sandbox.store.prospectos[0].id]);
		expect(sandbox.requests.map((request) => request.path)).toEqual([`/api/v2/prospectos/${sandbox.store.prospectos[0].id}/`]);
	});

	test('Batching of 1 every 300 ms: the three prospects are created 300 ms apart', async () => {
		await timed(RUNTIME, 'execute batched creates', () => n8n.executeOk('settingsBatch01'));
		const at = posts().map((request) => request.at);
		expect(at).toHaveLength(3);
		for (let index = 1; index < at.length; index++) expect(at[index] - at[index - 1]).toBeGreaterThanOrEqual(250);
	});

	test('Timeout of 200 ms on a Get answered after 1 s: the run fails at 200 ms, naming the setting', async () => {
		sandbox.faults.add({ method: 'GET', path: /^\/api\/v2\/prospectos\/\d+\/$/, delayMs: 1_000 });
		const result = await timed(RUNTIME, 'execute with a timeout', () => n8n.execute('settingsTimeout1'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe("Admintotal did not answer within 200 ms (the node's Settings › Request Options › Timeout)");
	});

	test('Retry On Fail on Create, the third item an expression n8n cannot evaluate: the setting is refused before anything is read, and no prospect is created in any try', async () => {
		const result = await timed(RUNTIME, 'execute retry on create', () => n8n.execute('settingsRetry01'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe("'Retry On Fail' is not used on operations that create or change records");
		expect(posts()).toEqual([]);
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
});
