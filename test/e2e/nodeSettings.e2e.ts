/**
 * n8n's node settings on our nodes inside a real n8n (E2E_RUNTIME=node20|node24), headless with
 * `n8n execute`: what the engine harness cannot show (n8n's own Loop Over Items node, a write's
 * item n8n stops before our code sees it, n8n's process staying up), checked on what the sandbox
 * received. The whole matrix (Execute Once, Batching, Timeout…) runs through the engine in
 * test/foundation/nodeSettings.test.ts.
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { resolveRuntime, selectedRuntimeName, sleep, type N8nInstance, type WorkflowFixture } from './lib';
import { MANUAL_TRIGGER, apiKeyCredential, importAll, instanceWithPackage, linearWorkflow, nodeId, nodeType, requestsTo, resetSandboxAndStopAfterAll, setJson, timed, uses, type NodeSpec } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();

describe(`n8n node settings on the Admintotal nodes, in n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	const credential = () => apiKeyCredential(sandbox, DEMO.apiKey);

	const oneItemPerRow: NodeSpec = { name: 'One Item Per Row', type: 'n8n-nodes-base.splitOut', parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields', options: {} } };

	/** Start → rows as items → Create, the third item stopped by n8n: the expression refers to a node that does not exist. */
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
		await importAll(n8n, [credential()], [retryOnCreate(), loop()]);
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	const posts = () => requestsTo(sandbox, '/prospectos/').filter((request) => request.method === 'POST');

	test('Retry On Fail on Create, the third item stopped by n8n: no prospect is created in any try, and n8n keeps running', async () => {
		const result = await timed(RUNTIME, 'execute retry on create', () => n8n.execute('settingsRetry01'));
		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toBe("Referenced node doesn't exist");
		await sleep(1_500);
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
