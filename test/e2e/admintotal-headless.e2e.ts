/**
 * Our package inside a real n8n, headless (E2E_RUNTIME=node20|node24): the packed tarball is
 * installed into a fresh user folder like a user does, credentials pointing at the sandbox are
 * imported, and workflows run with `n8n execute --id`. Every test checks what the sandbox
 * RECEIVED, not only what n8n returned.
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { disposeAllInstances, nodeOutput, resolveRuntime, selectedRuntimeName, type ExecuteResult, type N8nInstance, type N8nRuntime, type WorkflowFixture } from './lib';
import {
	API_PREFIX,
	MANUAL_TRIGGER,
	askedAgain,
	apiKeyCredential,
	importAll,
	instanceWithPackage,
	jwtCredential,
	linearWorkflow,
	loadExample,
	nodeId,
	nodeType,
	requestsTo,
	setJson,
	timed,
	uses,
	waitFor,
	writes,
} from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
/** Small pages, so a Return All takes many requests. */
const PAGE_MAX = 8;
/** A real 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe(`Admintotal package in n8n, headless (${RUNTIME})`, () => {
	let runtime: N8nRuntime;
	let sandbox: Sandbox;
	let n8n: N8nInstance;

	const apiCredential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const jwt = () => jwtCredential(sandbox, DEMO.username, DEMO.password, { id: 'admintotalJwtCr01', name: 'Admintotal JWT' });

	// --- workflows ---------------------------------------------------------------------------

	const prospectsAll = (): WorkflowFixture =>
		linearWorkflow('admintotalE2eList1', 1, 'E2E: all prospects', [
			MANUAL_TRIGGER,
			{
				name: 'All Prospects',
				type: nodeType('admintotalProspect'),
				parameters: { resource: 'prospect', operation: 'getAll', returnAll: true, simplify: false },
				credentials: uses(apiCredential()),
			},
		]);

	const shopOrder = {
		order_number: 'W-1001',
		line_items: [
			{ sku: DEMO.producto.codigo, quantity: 2, price: '199.90' },
			{ sku: DEMO.productoParte.codigo, quantity: '4', price: 10 },
		],
	};

	const writesWorkflow = (): WorkflowFixture => {
		const credentials = uses(apiCredential());
		return linearWorkflow('admintotalE2eWrite1', 2, 'E2E: every create and write operation', [
			MANUAL_TRIGGER,
			setJson('Shop Order', shopOrder),
			{
				name: 'Sales Note From JSON',
				type: nodeType('admintotalSalesNote'),
				credentials,
				parameters: {
					resource: 'salesNote',
					operation: 'create',
					clientBy: 'rfc',
					clientRfc: DEMO.cliente.rfc.toLowerCase(),
					linesInput: 'json',
					linesJson: '={{ $json.line_items.map(item => ({ productCode: item.sku, quantity: item.quantity, unitPrice: item.price })) }}',
					deliveryAddress: { street: 'Av. Juárez', exteriorNumber: '120', postalCode: '44100', latitude: '20.6736', email: 'cliente@example.com' },
					additionalFields: {
						externalId: '={{ $json.order_number }}',
						date: '2026-03-14T10:30:00-06:00',
						cashAmount: '100.10',
						billingKey: 'K7P2QX',
						customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: 'OC-77' }] },
						currency: 'MXN',
						exchangeRate: '1.0000',
					},
				},
			},
			{
				name: 'Sales Note From UI Lines',
				type: nodeType('admintotalSalesNote'),
				credentials,
				parameters: {
					resource: 'salesNote',
					operation: 'create',
					clientBy: 'id',
					clientId: DEMO.cliente.id,
					lines: {
						line: [
							{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50' },
							{ productBy: 'id', product: String(DEMO.productoParte.id), quantity: '3', unitPrice: '' },
							{ productBy: 'supplierCode', product: DEMO.producto.codigoProveedor, quantity: '1', unitPrice: '0.10' },
						],
					},
					additionalFields: { warehouse: 2, comments: 'Mostrador', cardAmount: '850.00', cardType: 2, cardLastDigits: '0421' },
				},
			},
			{
				name: 'Order',
				type: nodeType('admintotalOrder'),
				credentials,
				parameters: {
					resource: 'order',
					operation: 'create',
					clientBy: 'code',
					clientCode: DEMO.cliente.codigo,
					lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '3', unitPrice: '180.00' }] },
					contact: { name: 'Laura Méndez', phone: '3312345678', email: 'laura@example.com' },
					deliveryAddress: { street: 'Calle 5', neighborhood: 'Centro', municipality: 'Zapopan', state: 'Jalisco' },
					additionalFields: { date: '2026-04-02T00:00:00', warehouse: 3, comments: 'Entregar por la tarde' },
				},
			},
			{
				name: 'Customer Advance',
				type: nodeType('admintotalCustomerAdvance'),
				credentials,
				parameters: {
					resource: 'customerAdvance',
					operation: 'create',
					date: '2026-03-14T00:00:00',
					clientBy: 'id',
					clientId: DEMO.cliente.id,
					bankAccount: { __rl: true, mode: 'list', value: String(DEMO.cuentaBancaria.id) },
					total: '1234567.89',
					usoCfdi: 'CP01',
					additionalFields: {
						warehouse: 2,
						cfdiConcept: 'Anticipo pedido web 1001',
						comments: 'Pago SPEI',
						paymentForm: '03',
						customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: 'web' }] },
					},
				},
			},
			{
				name: 'Internal Consumption',
				type: nodeType('admintotalInternalConsumption'),
				credentials,
				parameters: {
					resource: 'internalConsumption',
					operation: 'create',
					warehouse: 1,
					responsibilityCenter: DEMO.centroResponsabilidad.id,
					expenseAccount: { __rl: true, mode: 'list', value: String(DEMO.cuentaGasto.id) },
					lines: { line: [{ productBy: 'supplierCode', product: DEMO.producto.codigoProveedor, quantity: '4' }] },
					comments: 'Uso en taller',
				},
			},
			{
				name: 'Prospect',
				type: nodeType('admintotalProspect'),
				credentials,
				parameters: {
					resource: 'prospect',
					operation: 'create',
					name: 'Laura Méndez',
					address: { street: 'Av. Vallarta', exteriorNumber: '3000', postalCode: '44690', state: 'Jalisco' },
					additionalFields: { code: 'PRO-0900', company: 'Ferretería Méndez', tradeName: 'La Llave', branch: 'Centro', rfc: 'mesl800101ab9', referrer: 'Juan Pérez', status: 2 },
				},
			},
			{
				name: 'Edit Assemblies',
				type: nodeType('admintotalProduct'),
				credentials,
				parameters: {
					resource: 'product',
					operation: 'editAssemblies',
					productId: { __rl: true, mode: 'list', value: String(DEMO.producto.id) },
					componentProductId: { __rl: true, mode: 'id', value: String(DEMO.productoParte.id) },
					quantity: '2.5',
					additionalFields: { unitId: DEMO.unidadMedida.id, unitName: DEMO.unidadMedida.nombre },
				},
			},
			{
				name: 'Enable Webhooks',
				type: nodeType('admintotalProduct'),
				credentials,
				parameters: { resource: 'product', operation: 'enableWebhooks', codes: `${DEMO.producto.codigo},\n ${DEMO.productoParte.codigo} , ${DEMO.producto.codigo}` },
			},
			{
				name: 'Update Work Order',
				type: nodeType('admintotalWorkOrder'),
				credentials,
				parameters: {
					resource: 'workOrder',
					operation: 'update',
					workOrderId: { __rl: true, mode: 'list', value: String(DEMO.ordenServicio.id) },
					updateFields: { status: 3, priority: 1, description: 'Equipo instalado', startDate: '2026-05-01T00:00:00', endDate: '2026-05-02' },
				},
			},
			{
				name: 'Attach Image',
				type: nodeType('admintotalWorkOrder'),
				credentials,
				parameters: {
					resource: 'workOrder',
					operation: 'attachImage',
					workOrderId: { __rl: true, mode: 'id', value: String(DEMO.ordenServicio.id) },
					title: 'Evidencia',
					imageSource: 'base64',
					imageBase64: `data:image/png;base64,${PNG_BASE64}`,
				},
			},
		]);
	};

	const ledgerWithJwt = (): WorkflowFixture =>
		linearWorkflow('admintotalE2eJwt01', 3, 'E2E: ledger accounts with JWT', [
			MANUAL_TRIGGER,
			{
				name: 'All Ledger Accounts',
				type: nodeType('admintotalLedgerAccount'),
				// Link by link, so that the page after the expiry is known to be refused (refusals side by side: test/foundation/sharedSessions.test.ts).
				parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true, options: { parallelRequests: 1 } },
				credentials: uses(jwt()),
			},
		]);

	// One Get per item, side by side (Check RFC would answer a run's items together, with fewer requests).
	const readsWithJwt = (): WorkflowFixture =>
		linearWorkflow('admintotalE2eJwt02', 8, 'E2E: thirty prospect reads with JWT', [
			MANUAL_TRIGGER,
			setJson('Prospect IDs', { ids: sandbox.store.prospectos.slice(0, 30).map((prospect) => prospect.id) }),
			{ name: 'One Item Per ID', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'ids', options: {} } },
			{
				name: 'Get Prospect',
				type: nodeType('admintotalProspect'),
				parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.ids }}' } },
				credentials: uses(jwt()),
			},
		]);

	/** Eighty RFCs with repeats, 25 of them listed: answered together from one read of the blacklist. */
	const bulkRfcs = (): string[] => {
		const listed = sandbox.store.listaNegra.slice(0, 25).map((entry) => entry.rfc);
		const unlisted = Array.from({ length: 25 }, (_, n) => `ZZZ0101${String(n + 1).padStart(2, '0')}A10`);
		return [...listed, ...unlisted, ...listed.slice(0, 15), ...unlisted.slice(0, 15)];
	};
	const manyRfcs = (): WorkflowFixture => {
		const rfcs = bulkRfcs();
		return linearWorkflow('admintotalE2eBulk1', 9, 'E2E: eighty RFC checks', [
			MANUAL_TRIGGER,
			setJson('RFCs', { rfcs }),
			{ name: 'One Item Per RFC', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'rfcs', options: {} } },
			{ name: 'Check RFC', type: nodeType('admintotalBlacklist'), parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfcs }}' }, credentials: uses(apiCredential()) },
		]);
	};

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
	const badRfcOrders = () =>
		threeOrders('admintotalE2eBatch1', 6, [
			{ order: 'B-1', rfc: DEMO.cliente.rfc, sku: DEMO.producto.codigo },
			{ order: 'B-2', rfc: DEMO.cliente.rfc, sku: DEMO.producto.codigo },
			{ order: 'B-3', rfc: 'NOT-AN-RFC', sku: DEMO.producto.codigo },
		]);
	const unknownSkuOrders = () =>
		threeOrders('admintotalE2eBatch2', 7, [
			{ order: 'C-1', rfc: DEMO.cliente.rfc, sku: DEMO.producto.codigo },
			{ order: 'C-2', rfc: DEMO.cliente.rfc, sku: 'NO-SUCH-SKU' },
			{ order: 'C-3', rfc: DEMO.cliente.rfc, sku: DEMO.producto.codigo },
		]);

	/**
	 * Example 2 as shipped, plus a Manual Trigger wired to its first node: `n8n execute` starts a
	 * workflow only from a Manual Trigger (its Schedule Trigger fires at 7:00 in a running n8n).

	 */
	let example2: WorkflowFixture;
	let shippedExample2: WorkflowFixture;
	const removeDuplicatesFields = (example: WorkflowFixture): unknown => example.nodes.find((node) => node.name === 'One Per Customer')?.parameters.fieldsToCompare;
	const example2Headless = (example: WorkflowFixture): WorkflowFixture => ({
		...example,
		nodes: [
			...example.nodes,
			{ id: nodeId(5, 1), name: 'Run Now', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 200], parameters: {} },
		],
		connections: { ...example.connections, 'Run Now': { main: [[{ node: 'Recent Sales Notes', type: 'main', index: 0 }]] } },
	});

	beforeAll(async () => {
		runtime = await resolveRuntime();
		sandbox = await startSandbox({ pageSize: { default: 20, max: PAGE_MAX } });
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		shippedExample2 = await loadExample('scheduled-rfc-check.json');
		example2 = example2Headless(shippedExample2);
		await timed(RUNTIME, 'import credentials and workflows', () =>
			importAll(n8n, [apiCredential(), jwt()], [prospectsAll(), writesWorkflow(), ledgerWithJwt(), missingProspect(), example2, badRfcOrders(), unknownSkuOrders(), readsWithJwt(), manyRfcs()]),
		);
	});

	afterAll(async () => {
		await disposeAllInstances();
		await sandbox?.close();
	});

	beforeEach(() => {
		sandbox.clearRequests();
		sandbox.faults.clear();
	});

	test('Get Many with Return All reads every page, 4 at a time: each record once in the API order, the sandbox saw every page once', async () => {
		// A slower server, so that pages read side by side are seen side by side.
		sandbox.faults.add({ method: 'GET', path: '/prospectos/', delayMs: 30 });
		const run = await timed(RUNTIME, 'execute Return All', () => n8n.executeOk('admintotalE2eList1'));

		const prospects = JSON.parse(JSON.stringify(sandbox.store.prospectos)) as Array<{ id: number }>;
		const output = nodeOutput(run.data, 'All Prospects');
		expect(output).toEqual(prospects);
		expect(new Set(output.map((item) => item.id)).size).toBe(prospects.length);

		const pages = Math.ceil(prospects.length / PAGE_MAX);
		expect(pages).toBeGreaterThanOrEqual(5);
		const requests = requestsTo(sandbox, '/prospectos/');
		expect(requests.map((request) => [request.method, request.status])).toEqual(Array.from({ length: pages }, () => ['GET', 200]));
		// The first page asks for 100; the sandbox caps it at PAGE_MAX, and the node asks the other offsets 4 at a time (Parallel Requests).
		expect(requests[0].query).toEqual({ limit: '100' });
		expect(requests.slice(1).map((request) => Number(request.query.offset)).sort((a, b) => a - b)).toEqual(Array.from({ length: pages - 1 }, (_, i) => (i + 1) * PAGE_MAX));
		expect(Math.max(...requests.map((request) => request.alongside))).toBe(3);
		expect(sandbox.requests).toHaveLength(pages);
		for (const request of sandbox.requests) expect(request.headers['api-key']).toBe(DEMO.apiKey);
	});

	// The bodies each operation sends are asserted field by field in test/nodes/<resource>/<operation>.test.ts;
	// here, what only a real n8n shows: the workflow's nodes load under their type and version, n8n hands
	// them the stored credential, each item reaches Admintotal once, and each node's output in n8n's run
	// data is the record Admintotal created or changed.
	test('every create and write operation runs in n8n: one request each with the stored credential, the record it made comes out', async () => {
		const run = await timed(RUNTIME, 'execute the write chain', () => n8n.executeOk('admintotalE2eWrite1'));

		// Every node of the workflow loaded (type n8n-nodes-admintotal.<name>, typeVersion 1) and ran once, in order.
		const workflow = writesWorkflow();
		expect(Object.keys(run.data.resultData.runData)).toEqual(workflow.nodes.map((node) => node.name));
		for (const node of workflow.nodes) expect(run.data.resultData.runData[node.name]).toHaveLength(1);

		// Each item reached the sandbox once, every write was accepted, and nothing else was sent (no GET on the way).
		expect(sandbox.requests.map((request) => [request.method, request.path.replace(API_PREFIX, ''), request.status])).toEqual([
			['POST', '/movimientos/notas_venta/', 201],
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
		// One spot check that parameters travel through n8n's own parameter handling: the Set node's
		// order number reached the first Sales Note through an expression evaluated by n8n.
		expect(sandbox.requests[0].body).toHaveProperty('id_externo', shopOrder.order_number);

		// Each node returned what Admintotal answered: one item, the created or changed record.
		const one = (node: string) => {
			const items = nodeOutput(run.data, node);
			expect(items).toHaveLength(1);
			return items[0];
		};
		const notes = sandbox.store.notasVenta.slice(-2).map((note) => note.id);
		expect([one('Sales Note From JSON').id, one('Sales Note From UI Lines').id]).toEqual(notes);
		expect(one('Order').id).toBe(sandbox.store.pedidos.at(-1)?.id);
		expect(one('Customer Advance').id).toBe(sandbox.store.anticiposClientes.at(-1)?.id);
		expect(one('Internal Consumption').id).toBe(sandbox.store.consumoInterno.at(-1)?.id);
		expect(one('Prospect').id).toBe(sandbox.store.prospectos.at(-1)?.id);
		expect(one('Edit Assemblies').id).toBe(DEMO.producto.id);
		expect(one('Enable Webhooks')).toMatchObject({ ok: true, no_encontrados: [] });
		expect(one('Update Work Order').id).toBe(DEMO.ordenServicio.id);
		expect(one('Attach Image').id).toBe(sandbox.store.imagenesOrdenesServicio.get(DEMO.ordenServicio.id)?.at(-1)?.id);
	});

	test('JWT: a token expiring during Return All is renewed with /refresh/, every record arrives once', async () => {
		// Hold the third page long enough to expire every access token while the run is under way.
		sandbox.faults.add({ method: 'GET', path: '/cuentas/', nth: 3, delayMs: 2_000 });
		const running = n8n.execute('admintotalE2eJwt01');
		await waitFor('the third page request', () => requestsTo(sandbox, '/cuentas/').length >= 3, 120_000);
		sandbox.auth.expireAccessTokens();
		const result = await timed(RUNTIME, 'rest of the JWT run after the expiry', () => running);
		expect({ succeeded: result.succeeded, error: result.run?.data.resultData.error?.message }).toEqual({ succeeded: true, error: undefined });

		const ids = nodeOutput(result.run!.data, 'All Ledger Accounts').map((account) => account.id);
		expect(ids).toEqual(sandbox.store.cuentas.map((account: { id: number }) => account.id));
		expect(new Set(ids).size).toBe(ids.length);

		const auth = sandbox.requests.filter((request) => /\/(token|refresh)\/$/.test(request.path)).map((request) => [request.path, request.status]);
		expect(auth).toEqual([
			['/api/v2/token/', 200],
			['/api/v2/refresh/', 200],
		]);
		expect(requestsTo(sandbox, '/token/')[0].body).toEqual({ username: DEMO.username, password: DEMO.password });
		const pages = requestsTo(sandbox, '/cuentas/');
		expect(pages.filter((request) => request.status === 401)).toHaveLength(1);
		// The page refused with 401 was asked again with the renewed token, and every page ended 200.
		expect(pages.filter((request) => request.status === 200)).toHaveLength(Math.ceil(ids.length / PAGE_MAX));
		const refused = pages.find((request) => request.status === 401)!;
		const retried = askedAgain(pages, refused);
		expect(retried?.status).toBe(200);
		expect(retried?.headers.authorization).not.toBe(refused.headers.authorization);
		for (const request of pages) expect(request.headers.authorization).toMatch(/^Bearer \S+$/);

		// n8n stored the renewed tokens in the credential: the next run logs in neither way.
		sandbox.clearRequests();
		const again = await timed(RUNTIME, 'execute Return All with the stored JWT', () => n8n.executeOk('admintotalE2eJwt01'));
		expect(nodeOutput(again.data, 'All Ledger Accounts')).toHaveLength(ids.length);
		expect(sandbox.requests.filter((request) => /\/(token|refresh)\/$/.test(request.path))).toEqual([]);
		expect(sandbox.requests.every((request) => request.status === 200 && request.headers.authorization === retried?.headers.authorization)).toBe(true);
	});

	test('JWT: thirty items refused at once after the token expired share one refresh, and all are answered', async () => {
		sandbox.auth.expireAccessTokens();
		const result = await timed(RUNTIME, 'execute thirty reads after the expiry', () => n8n.execute('admintotalE2eJwt02'));

		expect({ succeeded: result.succeeded, error: result.run?.data.resultData.error?.message }).toEqual({ succeeded: true, error: undefined });
		const ids = sandbox.store.prospectos.slice(0, 30).map((prospect) => prospect.id);
		expect(nodeOutput(result.run!.data, 'Get Prospect').map((prospect) => prospect.id)).toEqual(ids);
		const auth = sandbox.requests.filter((request) => /\/(token|refresh)\/$/.test(request.path)).map((request) => [request.path, request.status]);
		expect(auth).toEqual([['/api/v2/refresh/', 200]]);
		expect(sandbox.requests.filter((request) => request.path.startsWith('/api/v2/prospectos/') && request.status === 200)).toHaveLength(30);
	});

	test('Check RFC over eighty items reads the blacklist once instead of one lookup each, and every item gets its verdict', async () => {
		const run = await timed(RUNTIME, 'execute eighty RFC checks', () => n8n.executeOk('admintotalE2eBulk1'));

		const asked = bulkRfcs();
		const verdicts = nodeOutput(run.data, 'Check RFC');
		const listed = new Map(sandbox.store.listaNegra.map((entry) => [entry.rfc, entry]));
		expect(verdicts.map((verdict) => [verdict.rfc, verdict.listed, verdict.nombre])).toEqual(
			asked.map((rfc) => [rfc, listed.has(rfc), listed.get(rfc)?.nombre ?? null]),
		);
		const reads = requestsTo(sandbox, '/listanegra/');
		expect(reads.every((request) => request.query.rfc === undefined && request.status === 200)).toBe(true);
		expect(reads).toHaveLength(Math.ceil(sandbox.store.listaNegra.length / PAGE_MAX));
	});

	let missing: ExecuteResult | undefined;

	test('an error from the API fails the execution at the node that got it', async () => {
		missing = await timed(RUNTIME, 'execute Get of a missing ID', () => n8n.execute('admintotalE2eErr01'));

		expect(missing.succeeded).toBe(false);
		expect(missing.run?.data.resultData.error).toMatchObject({ name: 'NodeApiError', httpCode: '404', node: { name: 'Missing Prospect' } });
		expect(missing.run?.data.resultData.runData['Missing Prospect']?.[0]?.error).toBeDefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([['GET', '/api/v2/prospectos/31337/', 404]]);
	});

	test('the error says "The record was not found in Admintotal" with the API\'s "No encontrado.", and the context in the description', () => {
		if (!missing) throw new Error('the previous test did not run the workflow');
		const error = missing.run?.data.resultData.error;
		expect(error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(error?.description).toContain('No encontrado.');
		expect(error?.description).toContain('HTTP 404, item 0');
	});

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
		const idOf = (order: string) => sandbox.store.notasVenta.find((note) => note.comentarios === order)?.id;
		expect(idOf('C-2')).toBeUndefined();
		expect(error?.description).toContain(`Already done in Admintotal before this failure: item 0 (ID ${idOf('C-1')}), item 2 (ID ${idOf('C-3')}).`);
	});

	test('a 429 with Retry-After in the middle of Return All is waited out, the page asked again', async () => {
		sandbox.faults.add({ method: 'GET', path: '/prospectos/', nth: 2, retryAfterSeconds: 1 });
		const result = await timed(RUNTIME, 'execute Return All through a 429', () => n8n.execute('admintotalE2eList1'));

		const requests = requestsTo(sandbox, '/prospectos/');
		const limited = requests.filter((request) => request.status === 429);
		expect(limited).toHaveLength(1);
		const again = askedAgain(requests, limited[0]);
		expect(again?.status).toBe(200);
		expect(again!.at - limited[0].at).toBeGreaterThanOrEqual(1_000);
		expect({ succeeded: result.succeeded, error: result.run?.data.resultData.error?.message }).toEqual({ succeeded: true, error: undefined });
		expect(nodeOutput(result.run!.data, 'All Prospects').map((item) => item.id)).toEqual(sandbox.store.prospectos.map((prospect) => prospect.id));
	});

	test('a read whose connection drops is asked again, every record arrives once', async () => {
		sandbox.faults.add({ method: 'GET', path: '/prospectos/', nth: 3, drop: true });
		const result = await timed(RUNTIME, 'execute Return All through a dropped connection', () => n8n.execute('admintotalE2eList1'));

		expect({ succeeded: result.succeeded, error: result.run?.data.resultData.error?.message }).toEqual({ succeeded: true, error: undefined });
		const requests = requestsTo(sandbox, '/prospectos/');
		const dropped = requests.filter((request) => request.status === 0);
		expect(dropped).toHaveLength(1);
		expect(askedAgain(requests, dropped[0])?.status).toBe(200);
		expect(nodeOutput(result.run!.data, 'All Prospects').map((item) => item.id)).toEqual(sandbox.store.prospectos.map((prospect) => prospect.id));
	});

	test('example 2 (scheduled RFC check) runs headless: one blacklist query per customer, then the branches', async () => {
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
		// From 9 distinct RFCs (3 round trips of 4 lookups) the list's first page is read first, to choose
		// between the lookups and reading the whole list; this list has too many pages, so lookups win.
		expect(checks.filter((request) => request.query.rfc === undefined).map((request) => request.query)).toEqual(looked.length >= 9 ? [{ limit: '100' }] : []);
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

	// Remove Duplicates v1 reads its fields as a string (the Item Lists format is refused).
	test('example 2 as shipped gives Remove Duplicates its fields as n8n reads them (a string)', () => {
		expect(typeof removeDuplicatesFields(shippedExample2)).toBe('string');
	});
});
