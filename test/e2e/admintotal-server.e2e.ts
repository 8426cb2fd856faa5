/**
 * Our package in a running n8n (`n8n start`, E2E_RUNTIME=node20|node24): the Admintotal Trigger
 * and the webhook examples are activated through the public API, the sandbox delivers price and
 * stock changes to the trigger's production URL like Admintotal does, and the executions are read
 * back through n8n's public API. One n8n server for the whole file.
 */
import { randomBytes } from 'crypto';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { startForeignHost } from '../harness/foreignHost';
import {
	nodeOutput,
	resolveRuntime,
	selectedRuntimeName,
	type ApiExecution,
	type N8nInstance,
	type N8nServer,
	type WorkflowFixture,
} from './lib';
import {
	API_PREFIX,
	apiKeyCredential,
	deliveryCredential,
	importAll,
	instanceWithPackage,
	loadExample,
	priceStockTrigger,
	requestsTo,
	resetSandboxAndStopAfterAll,
	timed,
	triggerPath,
	writes,
} from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
/** Fresh per run, so no secret lives in the source. */
const TRIGGER_TOKEN = randomBytes(16).toString('hex');
const EXAMPLE_TOKEN = randomBytes(16).toString('hex');
const ENABLED_ON_ACTIVATION = [DEMO.producto.codigo, DEMO.productoParte.codigo];

const oldestFirst = (executions: ApiExecution[]): ApiExecution[] => [...executions].sort((a, b) => Number(a.id) - Number(b.id));
const messageOf = (body: string): unknown => (JSON.parse(body) as { message?: unknown }).message;
const STARTED = JSON.stringify({ message: 'Workflow was started' });
const NOTHING_TO_REPORT = JSON.stringify({ message: 'Received; no product to report, no workflow started' });

describe(`Admintotal package in a running n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	let server: N8nServer;
	let triggerWorkflow: WorkflowFixture;
	let example1: WorkflowFixture;
	let example3: WorkflowFixture;

	const apiCredential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const triggerDelivery = deliveryCredential(TRIGGER_TOKEN, { id: 'admintotalE2eWh01', name: 'Admintotal delivery (e2e trigger)' });
	const exampleDelivery = deliveryCredential(EXAMPLE_TOKEN);
	const deliveryUrl = (workflow: WorkflowFixture, node: string) => server.webhookUrl(triggerPath(workflow, node));
	const codes = (count: number, from = 0) => sandbox.store.productos.slice(from, from + count).map((product) => product.codigo);

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));

		const onlyChanges = { authentication: 'headerToken', enableProductWebhooks: true, productCodes: ENABLED_ON_ACTIVATION.join(', '), options: { onlyChanged: true } };
		triggerWorkflow = priceStockTrigger('admintotalE2eTrig1', 11, 'Admintotal Trigger', onlyChanges, [triggerDelivery, apiCredential()]);
		example1 = await loadExample('shop-order-to-sales-note.json');
		// Example 3 posts to the demo shop of a sandbox on port 8765 (`npm run sandbox`): point it at this one.
		const shipped3 = await loadExample('price-stock-sync.json');
		const shopUrl = 'http://127.0.0.1:8765/__shop/inventory';
		expect(JSON.stringify(shipped3)).toContain(shopUrl);
		example3 = JSON.parse(JSON.stringify(shipped3).split(shopUrl).join(`${sandbox.url}/__shop/inventory`)) as WorkflowFixture;

		await timed(RUNTIME, 'import credentials and workflows', () =>
			importAll(n8n, [apiCredential(), triggerDelivery, exampleDelivery], [triggerWorkflow, example1, example3]),
		);
		server = await timed(RUNTIME, 'n8n start until ready', () => n8n.startServer());
		await timed(RUNTIME, 'owner and API key', () => server.ensureApiKey());
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	describe('Admintotal Trigger, reporting only changes', () => {
		test('activated (published) in the running n8n, it enables the product webhooks in Admintotal', async () => {
			await timed(RUNTIME, 'activate the trigger workflow', () => server.activateWorkflow(triggerWorkflow.id));
			await server.waitForWebhook(triggerPath(triggerWorkflow, 'Admintotal Trigger'));

			expect(writes(sandbox)).toEqual([['POST', '/productos/habilitar_webhook/', { codigos: ENABLED_ON_ACTIVATION }]]);
			const [enable] = sandbox.requests;
			expect(enable.headers['api-key']).toBe(DEMO.apiKey);
			expect(enable.status).toBe(200);
			for (const code of ENABLED_ON_ACTIVATION) expect(sandbox.store.producto(code)?.habilitar_webhook).toBe(true);
		});

		const delivered = () => codes(60, 20);
		const deliver = () => sandbox.webhooks.sendPriceStock({ url: deliveryUrl(triggerWorkflow, 'Admintotal Trigger'), auth: { type: 'header', token: TRIGGER_TOKEN }, codes: delivered() });

		test('price and stock deliveries to the production URL start one execution each, answered as docs/trigger.md says; items = products delivered', async () => {
			const results = await timed(RUNTIME, 'deliver 60 products', deliver);
			expect(results.map((result) => [result.status, result.body])).toEqual([
				[200, STARTED],
				[200, STARTED],
			]);

			const executions = oldestFirst(await server.waitForExecutions({ workflowId: triggerWorkflow.id, includeData: true, count: 2 }));
			expect(executions).toHaveLength(2);
			for (const execution of executions) expect(execution).toMatchObject({ workflowId: triggerWorkflow.id, mode: 'webhook', status: 'success', finished: true });
			const rows = sandbox.webhooks.priceStockRows({ codes: delivered() });
			const expected = rows.map((row) => ({ ...row, stock: Number(row.stock), price: Number(row.precio), cost: Number(row.costo) }));
			expect(executions.map((execution) => nodeOutput(execution.data!, 'Admintotal Trigger'))).toEqual([expected.slice(0, 50), expected.slice(50)]);
		});

		// Activation stored the enabled codes in static data, so this delivery's memory was saved over existing
		// static data: the case n8n 2.41 lost until the trigger answered deliveries itself (see receive.ts).
		test('the same delivery again starts nothing', async () => {
			expect((await deliver()).map((result) => [result.status, result.body])).toEqual([
				[200, NOTHING_TO_REPORT],
				[200, NOTHING_TO_REPORT],
			]);
			expect(await server.listExecutions({ workflowId: triggerWorkflow.id })).toHaveLength(2);
		});

		test('a forged delivery (wrong or no token) gets 401 and starts no execution', async () => {
			const url = deliveryUrl(triggerWorkflow, 'Admintotal Trigger');
			const [forged] = await sandbox.webhooks.sendPriceStock({ url, auth: { type: 'header', token: `${TRIGGER_TOKEN.slice(0, -1)}x` }, codes: codes(3) });
			const [anonymous] = await sandbox.webhooks.sendPriceStock({ url, codes: codes(3) });
			const [basic] = await sandbox.webhooks.sendPriceStock({ url, auth: { type: 'basic', username: 'admintotal', password: TRIGGER_TOKEN }, codes: codes(3) });
			for (const refused of [forged, anonymous, basic]) expect([refused.status, messageOf(refused.body)]).toEqual([401, 'Unauthorized']);

			// A genuine delivery after them: its execution is the only new one.
			const [genuine] = await sandbox.webhooks.sendPriceStock({ url, auth: { type: 'header', token: TRIGGER_TOKEN }, codes: codes(1, 5) });
			expect([genuine.status, genuine.body]).toEqual([200, STARTED]);
			const executions = oldestFirst(await server.waitForExecutions({ workflowId: triggerWorkflow.id, includeData: true, count: 3 }));
			expect(executions).toHaveLength(3);
			expect(nodeOutput(executions[2].data!, 'Admintotal Trigger').map((item) => item.sku)).toEqual(codes(1, 5));
			// The trigger sends nothing to Admintotal on a delivery.
			expect(sandbox.requests).toEqual([]);
		});
	});

	describe('example 1: shop order → blacklist check → sales note', () => {
		const order = (number: string, rfc: string) => ({
			order_number: number,
			customer: { rfc },
			line_items: [
				{ sku: DEMO.producto.codigo, quantity: 2, price: 199.9 },
				{ sku: DEMO.productoParte.codigo, quantity: 1, price: '45.50' },
			],
		});

		test('activated, a clean customer gets one sales note with the shop lines and the order number, and its id comes back', async () => {
			await timed(RUNTIME, 'activate example 1', () => server.activateWorkflow(example1.id));
			await server.waitForWebhook('shop-order');

			const response = await timed(RUNTIME, 'POST a shop order', () => server.callWebhook<unknown[]>('shop-order', { body: order('W-5001', DEMO.cliente.rfc) }));

			expect(response.status).toBe(200);
			const checks = requestsTo(sandbox, '/listanegra/');
			expect(checks.map((request) => [request.query.rfc, request.status])).toEqual([[DEMO.cliente.rfc, 200]]);
			// The sales note body is asserted field by field in test/nodes/salesNote/create.test.ts; here: one note
			// was sent with the stored credential, and the order number reached it through the example's
			// $('Shop Order') expression, evaluated by the running n8n.
			expect(writes(sandbox).map(([method, path]) => [method, path])).toEqual([['POST', '/movimientos/notas_venta/']]);
			const [sent] = requestsTo(sandbox, '/movimientos/notas_venta/', 'POST');
			expect(sent.headers['api-key']).toBe(DEMO.apiKey);
			expect(sent.body).toHaveProperty('id_externo', 'W-5001');
			// The shipped example maps the shop's line items with a JSON expression: only a real n8n evaluates it.
			expect(sent.body).toHaveProperty('detalles', [
				{ producto_codigo: DEMO.producto.codigo, cantidad: '2', precio_unitario: '199.9' },
				{ producto_codigo: DEMO.productoParte.codigo, cantidad: '1', precio_unitario: '45.50' },
			]);
			const created = sandbox.store.notasVenta.at(-1)!;
			expect(requestsTo(sandbox, '/movimientos/notas_venta/', 'POST')[0].status).toBe(201);
			// The webhook answers with the last node's output (All Entries): the created note.
			expect(response.body).toEqual([expect.objectContaining({ id: created.id, folio: created.folio, cliente: expect.objectContaining({ rfc: DEMO.cliente.rfc }) })]);

			const [execution] = await server.waitForExecutions({ workflowId: example1.id, includeData: true });
			expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
			expect(nodeOutput(execution.data!, 'Check Customer RFC')).toEqual([
				expect.objectContaining({ rfc: DEMO.cliente.rfc, listed: false, tipo: null, tipoLabel: null, nombre: null, blocking: false }),
			]);
			expect(nodeOutput(execution.data!, 'Create Sales Note').map((note) => note.id)).toEqual([created.id]);
		});

		test('a blacklisted customer is rejected and no sales note is sent', async () => {
			const notesBefore = sandbox.store.notasVenta.length;
			const { rfc } = DEMO.listaNegra.definitivo;
			const response = await server.callWebhook<unknown[]>('shop-order', { body: order('W-5002', rfc) });

			expect(response.status).toBe(200);
			expect(response.body).toEqual([{ status: 'rejected', order: 'W-5002', rfc, reason: 'RFC is on the SAT blacklist (Definitivo)' }]);
			expect(sandbox.requests.map((request) => [request.method, request.path, request.query.rfc])).toEqual([['GET', `${API_PREFIX}/listanegra/`, rfc]]);
			expect(sandbox.store.notasVenta).toHaveLength(notesBefore);

			const executions = oldestFirst(await server.waitForExecutions({ workflowId: example1.id, includeData: true, count: 2 }));
			expect(executions[1].status).toBe('success');
			expect(Object.keys(executions[1].data!.resultData.runData)).not.toContain('Create Sales Note');
			expect(nodeOutput(executions[1].data!, 'Reject Order')).toEqual(response.body);
		});

		test('the same order delivered twice (a shop redelivering its webhook) makes one sales note; the next order makes its own', async () => {
			const first = await server.callWebhook<unknown[]>('shop-order', { body: order('W-5003', DEMO.cliente.rfc) });
			const again = await server.callWebhook<unknown[]>('shop-order', { body: order('W-5003', DEMO.cliente.rfc) });
			const next = await server.callWebhook<unknown[]>('shop-order', { body: order('W-5004', DEMO.cliente.rfc) });

			// What Admintotal received: one note per order, each with its order number as id_externo.
			const posted = requestsTo(sandbox, '/movimientos/notas_venta/', 'POST');
			expect(posted.map((request) => [(request.body as { id_externo?: unknown }).id_externo, request.status])).toEqual([
				['W-5003', 201],
				['W-5004', 201],
			]);
			const notesOf = (orderNumber: string) => sandbox.store.notasVenta.filter((note) => sandbox.store.notasVentaExtras.get(note.id)?.id_externo === orderNumber);
			expect([notesOf('W-5003').length, notesOf('W-5004').length]).toEqual([1, 1]);

			// The redelivery is answered 200 with nothing created (an error would make the shop deliver it again).
			expect([first.status, again.status, next.status]).toEqual([200, 200, 200]);
			expect(first.body).toEqual([expect.objectContaining({ id: notesOf('W-5003')[0].id })]);
			expect(again.body).toEqual([]);
			expect(next.body).toEqual([expect.objectContaining({ id: notesOf('W-5004')[0].id })]);

			// In n8n the redelivery stopped at Remove Duplicates: Create Sales Note did not run.
			const executions = oldestFirst(await server.waitForExecutions({ workflowId: example1.id, includeData: true, count: 5 })).slice(2);
			expect(executions.map((execution) => [execution.status, 'Create Sales Note' in execution.data!.resultData.runData])).toEqual([
				['success', true],
				['success', false],
				['success', true],
			]);
		});
	});

	describe('example 3: price and stock sync to the shop', () => {
		const auth = { type: 'header', token: EXAMPLE_TOKEN } as const;
		const synced = () => codes(5, 100);
		const url = () => server.webhookUrl(triggerPath(example3, 'Admintotal Price and Stock'));
		const shop = () => sandbox.shop.updates.map(({ sku, price, stock }) => ({ sku, price, stock }));

		test('activated, a delivery reaches the demo shop; the next one only the product whose price changed', async () => {
			await timed(RUNTIME, 'activate example 3', () => server.activateWorkflow(example3.id));
			await server.waitForWebhook(triggerPath(example3, 'Admintotal Price and Stock'));

			// First delivery: every product is new to the trigger's memory.
			const [first] = await sandbox.webhooks.sendPriceStock({ url: url(), auth, codes: synced() });
			expect(first.status).toBe(200);
			await server.waitForExecutions({ workflowId: example3.id, count: 1 });
			const rows = sandbox.webhooks.priceStockRows({ codes: synced() });
			expect(shop()).toEqual(rows.map((row) => ({ sku: row.sku, price: Number(row.precio), stock: Number(row.stock) })));

			// One price changes in Admintotal: the next delivery carries all five, the shop gets that one.
			sandbox.store.setPrecio(synced()[2], 777.77);
			const [second] = await sandbox.webhooks.sendPriceStock({ url: url(), auth, codes: synced() });
			expect(second.status).toBe(200);
			const executions = oldestFirst(await server.waitForExecutions({ workflowId: example3.id, includeData: true, count: 2 }));
			expect(shop().slice(5)).toEqual([{ sku: synced()[2], price: 777.77, stock: Number(rows[2].stock) }]);
			expect(executions.map((execution) => [execution.status, nodeOutput(execution.data!, 'Update Shop Product').length])).toEqual([
				['success', 5],
				['success', 1],
			]);
			// The shop got one POST per update; the sync reads nothing from Admintotal's API.
			expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual(Array.from({ length: 6 }, () => ['POST', '/__shop/inventory', 200]));
		});

		// The second delivery's memory was saved over the first's: the third, unchanged, starts nothing.
		test('a delivery with nothing changed since the last one starts no workflow', async () => {
			const [third] = await sandbox.webhooks.sendPriceStock({ url: url(), auth, codes: synced() });
			expect([third.status, third.body]).toEqual([200, NOTHING_TO_REPORT]);
			expect(await server.listExecutions({ workflowId: example3.id })).toHaveLength(2);
			expect(sandbox.shop.updates).toHaveLength(6);
		});
	});

	describe("the Admintotal API credential's Test button in n8n", () => {
		// n8n 2.8 tests only a stored credential (by id), with the values typed in the form.
		const tested = (data: Record<string, unknown>) => server.testCredential({ ...apiCredential(), data: { baseUrl: sandbox.url, ...data } });

		test('a good API key passes with one request', async () => {
			expect(await tested({ authMethod: 'apiKey', apiKey: DEMO.apiKey })).toMatchObject({ status: 'OK' });
			expect(sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/cuentas_bancarias/', 200]]);
		});

		test('a wrong API key fails after one request, not two', async () => {
			const wrongKey = `wrong-${TRIGGER_TOKEN}`;
			const result = await tested({ authMethod: 'apiKey', apiKey: wrongKey });
			expect(result.status).toBe('Error');
			expect(result.message).not.toContain(wrongKey);
			expect(sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/cuentas_bancarias/', 401]]);
		});

		test('a redirect to another host fails the test and the key never reaches that host', async () => {
			const foreign = await startForeignHost();
			try {
				sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas_bancarias/', status: 302, headers: { location: `${foreign.url}/api/v2/cuentas_bancarias/` }, body: '' });
				expect((await tested({ authMethod: 'apiKey', apiKey: DEMO.apiKey })).status).toBe('Error');
				expect(foreign.hits).toEqual([]);
			} finally {
				await foreign.close();
			}
		});

		test('a web page answering 200 at the Base URL fails the test with a clear message', async () => {
			sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas_bancarias/', status: 200, body: '<html><body>Tienda en línea</body></html>' });
			const result = await tested({ authMethod: 'apiKey', apiKey: DEMO.apiKey });
			expect(result).toEqual({ status: 'Error', message: expect.stringContaining('not as the Admintotal API does') });
		});
	});
});
