/**
 * Our package inside a real n8n, headless (E2E_RUNTIME=node20|node24): the packed tarball is
 * installed into a fresh user folder like a user does, credentials pointing at the sandbox are
 * imported, and workflows run with `n8n execute --id`. What each node sends and answers is checked
 * through n8n-core's engine in test/nodes and test/foundation; here, what only a real n8n shows.
 */
import { START_LANES } from '../../nodes/shared/tenant/pace/rule';
import { PROBE_FROM_TRIPS } from '../../nodes/shared/tenant/lists';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { nodeOutput, resolveRuntime, selectedRuntimeName, type N8nInstance, type WorkflowFixture } from './lib';
import {
	API_PREFIX,
	MANUAL_TRIGGER,
	apiKeyCredential,
	importAll,
	instanceWithPackage,
	jwtCredential,
	linearWorkflow,
	loadExample,
	nodeId,
	nodeType,
	requestsTo,
	resetSandboxAndStopAfterAll,
	setJson,
	timed,
	uses,
	waitFor,
	writes,
	type NodeSpec,
} from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
/** Small pages, so a list takes many requests. */
const PAGE_MAX = 8;
/** A real 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe(`Admintotal package in n8n, headless (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;

	const apiCredential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const jwt = () => jwtCredential(sandbox, DEMO.username, DEMO.password, { id: 'admintotalJwtCr01', name: 'Admintotal JWT' });

	// --- workflows ---------------------------------------------------------------------------

	// Each operation's body, field by field, is asserted in test/nodes/<resource>/<operation>.test.ts.
	const writesWorkflow = (): WorkflowFixture => {
		const write = (name: string, node: string, parameters: Record<string, unknown>): NodeSpec => ({ name, type: nodeType(node), credentials: uses(apiCredential()), parameters });
		const byList = (id: number) => ({ __rl: true, mode: 'list', value: String(id) });
		return linearWorkflow('admintotalE2eWrite1', 2, 'E2E: every create and write operation', [
			MANUAL_TRIGGER,
			setJson('Shop Order', { order_number: 'W-1001', line_items: [{ sku: DEMO.producto.codigo, quantity: 2, price: '199.90' }] }),
			write('Sales Note', 'admintotalSalesNote', {
				resource: 'salesNote',
				operation: 'create',
				clientBy: 'rfc',
				clientRfc: DEMO.cliente.rfc.toLowerCase(),
				linesInput: 'json',
				linesJson: '={{ $json.line_items.map(item => ({ productCode: item.sku, quantity: item.quantity, unitPrice: item.price })) }}',
				additionalFields: { externalId: '={{ $json.order_number }}' },
			}),
			write('Order', 'admintotalOrder', {
				resource: 'order',
				operation: 'create',
				clientBy: 'code',
				clientCode: DEMO.cliente.codigo,
				lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '3', unitPrice: '180.00' }] },
			}),
			write('Customer Advance', 'admintotalCustomerAdvance', {
				resource: 'customerAdvance',
				operation: 'create',
				date: '2026-03-14T00:00:00',
				clientBy: 'id',
				clientId: DEMO.cliente.id,
				bankAccount: byList(DEMO.cuentaBancaria.id),
				total: '1234567.89',
				usoCfdi: 'CP01',
			}),
			write('Internal Consumption', 'admintotalInternalConsumption', {
				resource: 'internalConsumption',
				operation: 'create',
				warehouse: 1,
				responsibilityCenter: DEMO.centroResponsabilidad.id,
				expenseAccount: byList(DEMO.cuentaGasto.id),
				lines: { line: [{ productBy: 'supplierCode', product: DEMO.producto.codigoProveedor, quantity: '4' }] },
				comments: 'Uso en taller',
			}),
			write('Prospect', 'admintotalProspect', { resource: 'prospect', operation: 'create', name: 'Laura Méndez' }),
			write('Edit Assemblies', 'admintotalProduct', {
				resource: 'product',
				operation: 'editAssemblies',
				productId: byList(DEMO.producto.id),
				componentProductId: { __rl: true, mode: 'id', value: String(DEMO.productoParte.id) },
				quantity: '2.5',
			}),
			write('Enable Webhooks', 'admintotalProduct', { resource: 'product', operation: 'enableWebhooks', codes: `${DEMO.producto.codigo}, ${DEMO.productoParte.codigo}` }),
			write('Update Work Order', 'admintotalWorkOrder', { resource: 'workOrder', operation: 'update', workOrderId: byList(DEMO.ordenServicio.id), updateFields: { status: 3 } }),
			write('Attach Image', 'admintotalWorkOrder', {
				resource: 'workOrder',
				operation: 'attachImage',
				workOrderId: { __rl: true, mode: 'id', value: String(DEMO.ordenServicio.id) },
				title: 'Evidencia',
				imageSource: 'base64',
				imageBase64: `data:image/png;base64,${PNG_BASE64}`,
			}),
		]);
	};

	const ledgerWithJwt = (): WorkflowFixture =>
		linearWorkflow('admintotalE2eJwt01', 3, 'E2E: ledger accounts with JWT', [
			MANUAL_TRIGGER,
			{
				name: 'All Ledger Accounts',
				type: nodeType('admintotalLedgerAccount'),
				// Link by link, so that the page after the expiry is known to be refused.
				parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true, options: { parallelRequests: 1 } },
				credentials: uses(jwt()),
			},
		]);

	const missingProspect = (): WorkflowFixture =>
		linearWorkflow('admintotalE2eErr01', 4, 'E2E: get a missing prospect', [
			MANUAL_TRIGGER,
			{
				name: 'Missing Prospect',
				type: nodeType('admintotalProspect'),
				parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '31337' } },
				credentials: uses(apiCredential()),
			},
		]);

	/** Three shop orders as three items, each becoming a sales note; `orders` decides what is wrong. */
	const threeOrders = (id: string, number: number, orders: Array<{ order: string; rfc: string; sku: string }>): WorkflowFixture =>
		linearWorkflow(id, number, `E2E: three orders (${id})`, [
			MANUAL_TRIGGER,
			setJson('Shop Orders', { orders }),
			{ name: 'One Item Per Order', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'orders', include: 'noOtherFields', options: {} } },
			{
				name: 'Sales Notes',
				type: nodeType('admintotalSalesNote'),
				credentials: uses(apiCredential()),
				parameters: {
					resource: 'salesNote',
					operation: 'create',
					clientBy: 'rfc',
					clientRfc: '={{ $json.rfc }}',
					linesInput: 'json',
					linesJson: '={{ [{ productCode: $json.sku, quantity: 1 }] }}',
					additionalFields: { comments: '={{ $json.order }}' },
				},
			},
		]);
	const order = (name: string, rfc: string = DEMO.cliente.rfc, sku: string = DEMO.producto.codigo) => ({ order: name, rfc, sku });
	const badRfcOrders = () => threeOrders('admintotalE2eBatch1', 6, [order('B-1'), order('B-2'), order('B-3', 'NOT-AN-RFC')]);
	const unknownSkuOrders = () => threeOrders('admintotalE2eBatch2', 7, [order('C-1'), order('C-2', DEMO.cliente.rfc, 'NO-SUCH-SKU'), order('C-3')]);

	/**
	 * Example 2 as shipped, plus a Manual Trigger wired to its first node: `n8n execute` starts a
	 * workflow only from a Manual Trigger (its Schedule Trigger fires at 7:00 in a running n8n).
	 */
	let example2: WorkflowFixture;
	const example2Headless = (example: WorkflowFixture): WorkflowFixture => ({
		...example,
		nodes: [
			...example.nodes,
			{ id: nodeId(5, 1), name: 'Run Now', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 200], parameters: {} },
		],
		connections: { ...example.connections, 'Run Now': { main: [[{ node: 'Recent Sales Notes', type: 'main', index: 0 }]] } },
	});

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox({ pageSize: { default: 20, max: PAGE_MAX } });
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		example2 = example2Headless(await loadExample('scheduled-rfc-check.json'));
		await timed(RUNTIME, 'import credentials and workflows', () => importAll(n8n, [apiCredential(), jwt()], [writesWorkflow(), ledgerWithJwt(), missingProspect(), badRfcOrders(), unknownSkuOrders(), example2]));
	});
	resetSandboxAndStopAfterAll(() => sandbox);

	// What only a real n8n shows: the nodes load under their type and version, n8n hands them the
	// stored credential, each item reaches Admintotal once, and each node's output in n8n's run data
	// is the record Admintotal created or changed.
	test('every create and write operation runs in n8n: one request each with the stored credential, the record it made comes out', async () => {
		const run = await timed(RUNTIME, 'execute the write chain', () => n8n.executeOk('admintotalE2eWrite1'));

		// Every node of the workflow loaded (type n8n-nodes-admintotal.<name>, typeVersion 1) and ran once, in order.
		const workflow = writesWorkflow();
		expect(Object.keys(run.data.resultData.runData)).toEqual(workflow.nodes.map((node) => node.name));
		for (const node of workflow.nodes) expect(run.data.resultData.runData[node.name]).toHaveLength(1);

		// Each item reached the sandbox once, every write was accepted, and nothing else was sent (no GET on the way).
		expect(sandbox.requests.map((request) => [request.method, request.path.replace(API_PREFIX, ''), request.status])).toEqual([
			['POST', '/movimientos/notas_venta/', 201],
			['POST', '/movimientos/pedidos/', 201],
			['POST', '/movimientos/anticipos_clientes/', 201],
			['POST', '/movimientos/consumo_interno/', 201],
			['POST', '/prospectos/', 201],
			['POST', `/productos/${DEMO.producto.id}/editar_ensambles/`, 200],
			['POST', '/productos/habilitar_webhook/', 200],
			['PATCH', `/ordenes_servicio/${DEMO.ordenServicio.id}/`, 200],
			['POST', `/ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`, 201],
		]);
		// n8n decrypted the imported credential and every node sent its API key.
		for (const request of sandbox.requests) expect(request.headers['api-key']).toBe(DEMO.apiKey);
		// The Set node's order number reached the Sales Note through an expression evaluated by n8n.
		expect(sandbox.requests[0].body).toHaveProperty('id_externo', 'W-1001');

		// Each node returned what Admintotal answered: one item, the created or changed record.
		const one = (node: string) => {
			const items = nodeOutput(run.data, node);
			expect(items).toHaveLength(1);
			return items[0];
		};
		expect(one('Sales Note').id).toBe(sandbox.store.notasVenta.at(-1)?.id);
		expect(one('Order').id).toBe(sandbox.store.pedidos.at(-1)?.id);
		expect(one('Customer Advance').id).toBe(sandbox.store.anticiposClientes.at(-1)?.id);
		expect(one('Internal Consumption').id).toBe(sandbox.store.consumoInterno.at(-1)?.id);
		expect(one('Prospect').id).toBe(sandbox.store.prospectos.at(-1)?.id);
		expect(one('Edit Assemblies').id).toBe(DEMO.producto.id);
		expect(one('Enable Webhooks')).toMatchObject({ ok: true, no_encontrados: [] });
		expect(one('Update Work Order').id).toBe(DEMO.ordenServicio.id);
		expect(one('Attach Image').id).toBe(sandbox.store.imagenesOrdenesServicio.get(DEMO.ordenServicio.id)?.at(-1)?.id);
	});

	test('JWT: a token expiring during Return All is renewed with /refresh/, and n8n keeps the renewed tokens for the next run', async () => {
		// Hold the third page long enough to expire every access token while the run is under way.
		sandbox.faults.add({ method: 'GET', path: '/cuentas/', nth: 3, delayMs: 2_000 });
		const running = n8n.execute('admintotalE2eJwt01');
		await waitFor('the third page request', () => requestsTo(sandbox, '/cuentas/').length >= 3, 120_000);
		sandbox.auth.expireAccessTokens();
		const result = await timed(RUNTIME, 'rest of the JWT run after the expiry', () => running);
		expect({ succeeded: result.succeeded, error: result.run?.data.resultData.error?.message }).toEqual({ succeeded: true, error: undefined });

		const ids = sandbox.store.cuentas.map((account: { id: number }) => account.id);
		expect(nodeOutput(result.run!.data, 'All Ledger Accounts').map((account) => account.id)).toEqual(ids);
		const auth = () => sandbox.requests.filter((request) => /\/(token|refresh)\/$/.test(request.path)).map((request) => [request.path, request.status]);
		expect(auth()).toEqual([
			['/api/v2/token/', 200],
			['/api/v2/refresh/', 200],
		]);
		const renewed = requestsTo(sandbox, '/cuentas/').at(-1)?.headers.authorization;
		expect(requestsTo(sandbox, '/cuentas/').filter((request) => request.status === 401)).toHaveLength(1);

		// n8n stored the renewed tokens in the credential: the next run logs in neither way.
		sandbox.clearRequests();
		const again = await timed(RUNTIME, 'execute Return All with the stored JWT', () => n8n.executeOk('admintotalE2eJwt01'));
		expect(nodeOutput(again.data, 'All Ledger Accounts')).toHaveLength(ids.length);
		expect(auth()).toEqual([]);
		expect(sandbox.requests.every((request) => request.status === 200 && request.headers.authorization === renewed)).toBe(true);
	});

	test('an API error fails the execution at the node that got it, in plain words: "The record was not found in Admintotal"', async () => {
		const missing = await timed(RUNTIME, 'execute Get of a missing ID', () => n8n.execute('admintotalE2eErr01'));

		expect(missing.succeeded).toBe(false);
		const error = missing.run?.data.resultData.error;
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '404', node: { name: 'Missing Prospect' }, message: 'The record was not found in Admintotal: No encontrado.' });
		expect(error?.description).toContain('No encontrado.');
		expect(error?.description).toContain('HTTP 404, item 0');
		expect(missing.run?.data.resultData.runData['Missing Prospect']?.[0]?.error).toBeDefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([['GET', '/api/v2/prospectos/31337/', 404]]);
	});

	// Each runtime hands execute() all of the run's items: they are checked together before any is sent.
	test('three orders, the third with a malformed RFC: no sales note is created, the error names item 2', async () => {
		const result = await timed(RUNTIME, 'execute three orders, one wrong', () => n8n.execute('admintotalE2eBatch1'));

		expect(result.succeeded).toBe(false);
		expect(result.run?.data.resultData.error?.message).toMatch(/'Client RFC' .* \[item 2\]/);
		expect(writes(sandbox).filter(([, path]) => path === '/movimientos/notas_venta/')).toEqual([]);
	});

	test('three orders, the API refusing the second: the error lists the orders created meanwhile, with their IDs', async () => {
		const result = await timed(RUNTIME, 'execute three orders, one refused', () => n8n.execute('admintotalE2eBatch2'));

		expect(result.succeeded).toBe(false);
		const error = result.run?.data.resultData.error;
		expect(error?.message).toBe('Admintotal rejected the data sent: detalles[0].producto_codigo: No existe un producto con el código "NO-SUCH-SKU".');
		expect(writes(sandbox).filter(([, path]) => path === '/movimientos/notas_venta/')).toHaveLength(3);
		const idOf = (name: string) => sandbox.store.notasVenta.find((note) => note.comentarios === name)?.id;
		expect(idOf('C-2')).toBeUndefined();
		expect(error?.description).toContain(`Already done in Admintotal before this failure: item 0 (ID ${idOf('C-1')}), item 2 (ID ${idOf('C-3')}).`);
	});

	test('example 2 (scheduled RFC check) runs headless: one blacklist query per customer, then the branches', async () => {
		// Remove Duplicates v1 reads its fields as a string (the Item Lists format is refused).
		expect(typeof example2.nodes.find((node) => node.name === 'One Per Customer')?.parameters.fieldsToCompare).toBe('string');
		const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
		const recent = sandbox.store.notasVenta.filter((note) => note.fecha >= from && !note.cancelado);
		const rfcs = [...new Set(recent.map((note) => note.cliente.rfc))];
		expect(rfcs.length).toBeGreaterThanOrEqual(2);
		// Put one of these customers on the blacklist (type 3, presumed), so both branches are taken.
		const listed = rfcs[1];
		sandbox.store.listaNegra.push({ rfc: listed, nombre: 'CLIENTE PRESUNTO E2E', tipo: 3 });

		const run = await timed(RUNTIME, 'execute example 2', () => n8n.executeOk(example2.id));

		const notesQueries = requestsTo(sandbox, '/movimientos/notas_venta/');
		expect(notesQueries.length).toBe(Math.ceil(recent.length / PAGE_MAX));
		expect(notesQueries[0].query).toEqual({ cancelado: '0', desde: from, limit: '100' });
		expect(nodeOutput(run.data, 'Recent Sales Notes').map((note) => note.id)).toEqual(recent.map((note) => note.id));

		// One check per customer (sent concurrently, one per item, so in any order); the generic RFC
		// of counter sales (XAXX010101000) is answered without a lookup.
		const checks = requestsTo(sandbox, '/listanegra/');
		const looked = rfcs.filter((rfc) => rfc !== DEMO.clientePublicoGeneral.rfc);
		const lookups = checks.filter((request) => request.query.rfc !== undefined);
		expect(lookups.map((request) => [request.query.rfc, request.status]).sort()).toEqual(looked.map((rfc) => [rfc, 200]).sort());
		// From 3 round trips of lookups at the run's start (41 distinct RFCs at 20 at once) the list's first
		// page is read first, to choose between the lookups and reading the whole list; this list has too
		// many pages, so lookups win.
		const probed = looked.length > (PROBE_FROM_TRIPS - 1) * START_LANES;
		expect(checks.filter((request) => request.query.rfc === undefined).map((request) => request.query)).toEqual(probed ? [{ limit: '100' }] : []);
		expect(sandbox.requests).toHaveLength(notesQueries.length + checks.length);

		expect(nodeOutput(run.data, 'Listed: Alert Accounting')).toEqual([
			expect.objectContaining({ rfc: listed, listed: true, tipo: 3, tipoLabel: 'Presunto', nombre: 'CLIENTE PRESUNTO E2E', blocking: true }),
		]);
		expect(nodeOutput(run.data, 'Not Listed')).toEqual(
			rfcs
				.filter((rfc) => rfc !== listed)
				.map((rfc) => expect.objectContaining({ rfc, listed: false, tipo: null, tipoLabel: null, nombre: null, blocking: false, generic: rfc === DEMO.clientePublicoGeneral.rfc })),
		);
	});
});
