/**
 * The Admintotal Trigger in a running n8n (`n8n start`, E2E_RUNTIME=node20|node24), for what the
 * engine harness can only imitate: n8n's own defaults per node version, its per-request load and
 * save of static data under overlapping deliveries, a restart, and bodies n8n parses itself (the
 * raw body it keeps, from which JSON numbers are read as written).
 */
import { randomBytes } from 'crypto';
import { startSandbox, type Sandbox } from '../sandbox';
import { nodeOutput, resolveRuntime, selectedRuntimeName, type N8nInstance, type N8nServer, type WorkflowFixture } from './lib';
import { deliveryCredential, importAll, instanceWithPackage, priceStockTrigger, resetSandboxAndStopAfterAll, timed, triggerPath } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const TOKEN = randomBytes(16).toString('hex');
const NOTHING_TO_REPORT = JSON.stringify({ message: 'Received; no product to report, no workflow started' });
const STARTED = JSON.stringify({ message: 'Workflow was started' });

describe(`Admintotal Trigger in a running n8n: versions, overlapping deliveries, hostile bodies (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	let server: N8nServer;
	const delivery = deliveryCredential(TOKEN, { id: 'admintotalE2eMemWh', name: 'Admintotal delivery (trigger memory e2e)' });

	/** A trigger as a new node gets it (version 2, Delivery Authentication left at its default), reporting only changes. */
	const remembering = priceStockTrigger('admintotalE2eMem1', 21, 'Only Changes', { options: { onlyChanged: true } }, [delivery], 2);
	/** A trigger saved by version 1 without ever setting Delivery Authentication. */
	const savedByVersion1 = priceStockTrigger('admintotalE2eMem2', 22, 'Version 1', {});

	const url = (workflow: WorkflowFixture) => server.webhookUrl(triggerPath(workflow, workflow.nodes[0].name));
	const auth = { type: 'header', token: TOKEN } as const;
	const codes = (count: number, from: number) => sandbox.store.productos.slice(from, from + count).map((product) => product.codigo);
	/** SKUs each execution of the workflow reported, oldest execution first, once there are `count`. */
	const reportedPerExecution = async (workflow: WorkflowFixture, count: number) =>
		(await server.waitForExecutions({ workflowId: workflow.id, includeData: true, count }))
			.sort((a, b) => Number(a.id) - Number(b.id))
			.map((execution) => nodeOutput(execution.data!, workflow.nodes[0].name).map((item) => item.sku));
	const reportedSkus = async (workflow: WorkflowFixture, count: number) => (await reportedPerExecution(workflow, count)).flat();

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		await timed(RUNTIME, 'import credentials and workflows', () => importAll(n8n, [delivery], [remembering, savedByVersion1]));
		server = await timed(RUNTIME, 'n8n start until ready', () => n8n.startServer());
		await server.ensureApiKey();
		for (const workflow of [remembering, savedByVersion1]) {
			await server.activateWorkflow(workflow.id);
			await server.waitForWebhook(triggerPath(workflow, workflow.nodes[0].name));
		}
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	test('version 2 left at its default refuses anonymous deliveries (401); version 1 saved without the field still accepts them', async () => {
		const [anonymous] = await sandbox.webhooks.sendPriceStock({ url: url(remembering), codes: codes(2, 0) });
		const [oldDefault] = await sandbox.webhooks.sendPriceStock({ url: url(savedByVersion1), codes: codes(2, 0) });

		expect([anonymous.status, anonymous.body]).toEqual([401, JSON.stringify({ message: 'Unauthorized' })]);
		expect([oldDefault.status, oldDefault.body]).toEqual([200, STARTED]);
		expect(await reportedSkus(savedByVersion1, 1)).toEqual(codes(2, 0));
		expect(await server.listExecutions({ workflowId: remembering.id })).toHaveLength(0);
	});

	const overlapping = () => codes(30, 150);

	test('10 overlapping deliveries of 3 different products each: 10 executions, and all 30 products again start nothing', async () => {
		const results = await timed(RUNTIME, '10 overlapping deliveries', () =>
			Promise.all(Array.from({ length: 10 }, (_, index) => sandbox.webhooks.sendPriceStock({ url: url(remembering), auth, codes: overlapping().slice(index * 3, index * 3 + 3) }))),
		);
		expect(results.map(([result]) => [result.status, result.body])).toEqual(Array.from({ length: 10 }, () => [200, STARTED]));
		expect((await reportedSkus(remembering, 10)).sort()).toEqual([...overlapping()].sort());

		const [again] = await sandbox.webhooks.sendPriceStock({ url: url(remembering), auth, codes: overlapping() });

		expect([again.status, again.body]).toEqual([200, NOTHING_TO_REPORT]);
		expect(await server.listExecutions({ workflowId: remembering.id })).toHaveLength(10);
	});

	test('after a restart of n8n the memory is what was saved: all 30 again start nothing, one repriced product is reported', async () => {
		await timed(RUNTIME, 'restart n8n', () => server.restart());
		await server.waitForWebhook(triggerPath(remembering, 'Only Changes'));

		const [unchanged] = await sandbox.webhooks.sendPriceStock({ url: url(remembering), auth, codes: overlapping() });
		const repriced = sandbox.store.setPrecio(overlapping()[17], 4321.5);
		const [changed] = await sandbox.webhooks.sendPriceStock({ url: url(remembering), auth, codes: overlapping() });

		expect([unchanged.status, unchanged.body]).toEqual([200, NOTHING_TO_REPORT]);
		expect([changed.status, changed.body]).toEqual([200, STARTED]);
		expect((await reportedPerExecution(remembering, 11)).at(-1)).toEqual([repriced.codigo]);
	});

	test('a body nested 10,000 levels deep gets 400 with the reason and starts nothing', async () => {
		const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
		const executionsBefore = (await server.listExecutions({ workflowId: remembering.id })).length;

		const results = await Promise.all(
			['application/json', 'text/plain'].map((contentType) =>
				sandbox.webhooks.sendRaw({ url: url(remembering), auth, contentType, body: `[{"sku":"DEEP-1","precio":${nested},"costo":"1","stock":"1"}]` }),
			),
		);

		for (const result of results) expect([result.status, result.body]).toEqual([400, JSON.stringify({ message: 'The body is nested more than 32 levels deep' })]);
		expect(await server.listExecutions({ workflowId: remembering.id })).toHaveLength(executionsBefore);
	});

	test('SKUs named __proto__ and constructor are remembered like any other: the same rows again start nothing', async () => {
		const body = JSON.stringify(['__proto__', 'constructor', 'toString'].map((sku) => ({ sku, precio: '1.50', costo: '1', stock: '2' })));
		const first = await sandbox.webhooks.sendRaw({ url: url(remembering), auth, body });
		const second = await sandbox.webhooks.sendRaw({ url: url(remembering), auth, body });

		expect([first.status, first.body]).toEqual([200, STARTED]);
		expect([second.status, second.body]).toEqual([200, NOTHING_TO_REPORT]);
		const reported = await reportedPerExecution(remembering, 12);
		expect(reported).toHaveLength(12);
		expect(reported.at(-1)).toEqual(['__proto__', 'constructor', 'toString']);
	});

	test('a JSON number is judged as written in the body n8n parsed: 17 significant digits get 400, 15 start the workflow with that number', async () => {
		const tooPrecise = await sandbox.webhooks.sendRaw({ url: url(remembering), auth, body: '[{"sku":"NUM-1","precio":12345678901234567.8,"costo":"1","stock":"1"}]' });
		const exact = await sandbox.webhooks.sendRaw({ url: url(remembering), auth, body: '[{"sku":"NUM-2","precio":0.1,"costo":123456789012345,"stock":3}]' });

		expect([tooPrecise.status, tooPrecise.body]).toEqual([
			400,
			JSON.stringify({ message: 'Row 1 (sku "NUM-1"): precio 12345678901234567.8 has more than 15 significant digits, which would not arrive exactly' }),
		]);
		expect([exact.status, exact.body]).toEqual([200, STARTED]);
		const executions = await server.waitForExecutions({ workflowId: remembering.id, includeData: true, count: 13 });
		const newest = executions.sort((a, b) => Number(a.id) - Number(b.id)).at(-1)!;
		expect(nodeOutput(newest.data!, 'Only Changes')).toEqual([expect.objectContaining({ sku: 'NUM-2', price: 0.1, cost: 123456789012345, stock: 3 })]);
	});
});
