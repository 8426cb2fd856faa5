/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
/**
 * Our package on n8n's distributed engine (queue mode, E2E_RUNTIME=node20|node24): PostgreSQL and
 * Redis of this run, a main process, one webhook process and two workers, each with the packed
 * package installed in its own user folder. Executions are started the ways a user starts them
 * (a production webhook on the webhook process, a schedule on main), run on the workers (proved
 * from the workers' logs), and are read back through main's public API; what Admintotal received
 * is read from the sandbox, what n8n shares from PostgreSQL.
 */
import { randomBytes } from 'crypto';
import { DEMO, startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import { groupAlive, http, nodeOutput, resolveRuntime, selectedRuntimeName, sleep, type ApiExecution, type WorkflowFixture } from '../e2e/lib';
import { crearNotaVenta } from '../sandbox/store/cambios';
import {
	apiKeyCredential,
	deliveryCredential,
	jwtCredential,
	linearWorkflow,
	loadExample,
	nodeId,
	nodeType,
	priceStockTrigger,
	requestsTo,
	setJson,
	triggerPath,
	uses,
	waitFor,
	writes,
	type NodeSpec,
} from '../e2e/suites/admintotal';
import { QueueCluster } from './lib/cluster';

const RUNTIME = selectedRuntimeName();
const TRIGGER_TOKEN = randomBytes(16).toString('hex');
/** Sales notes per page at most: 120 seeded notes are three pages. */
const PAGE_MAX = 50;
const NOTES_PATH = '/movimientos/notas_venta/';
const STARTED = JSON.stringify({ message: 'Workflow was started' });
const NOTHING_TO_REPORT = JSON.stringify({ message: 'Received; no product to report, no workflow started' });

const report = (line: string) => process.stderr.write(`[queue ${RUNTIME}] ${line}\n`);
const oldestFirst = (executions: ApiExecution[]): ApiExecution[] => [...executions].sort((a, b) => Number(a.id) - Number(b.id));
const authRequests = (sandbox: Sandbox) => sandbox.requests.filter((request) => /\/(token|refresh)\/$/.test(request.path));
const bearerOf = (request: RecordedRequest) => request.headers.authorization?.replace(/^Bearer /, '');

/** A Webhook node answering with the last node's output once the worker is done. */
function webhookNode(path: string, number: number, responseData: 'firstEntryJson' | 'allEntries' = 'firstEntryJson'): NodeSpec {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: nodeId(number, 99),
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData, options: {} },
	};
}

describe(`Admintotal package in n8n queue mode: main, webhook process, two workers (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let cluster: QueueCluster;
	/** Figures for the run's report, printed after the last test. */
	const figures: Record<string, unknown> = {};

	const apiCredential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const jwt = () => jwtCredential(sandbox, DEMO.username, DEMO.password, { id: 'admintotalQJwt001', name: 'Admintotal JWT (queue)' });
	const delivery = deliveryCredential(TRIGGER_TOKEN, { id: 'admintotalQWh0001', name: 'Admintotal delivery (queue)' });
	const codes = (count: number, from = 0) => sandbox.store.productos.slice(from, from + count).map((product) => product.codigo);
	const enabledOnActivation = () => codes(2);
	const noteIds = () => sandbox.store.notasVenta.map((note: { id: number }) => note.id);

	const notesNode = (credential: ReturnType<typeof apiCredential>): NodeSpec => ({
		name: 'All Sales Notes',
		type: nodeType('admintotalSalesNote'),
		parameters: { resource: 'salesNote', operation: 'getAll', returnAll: true },
		credentials: uses(credential),
	});
	const notesByWebhook = () => linearWorkflow('admintotalQNotesHook', 21, 'Queue: sales notes by webhook', [webhookNode('queue-sales-notes', 21), notesNode(apiCredential())]);
	const notesBySchedule = () =>
		linearWorkflow('admintotalQNotesSch', 22, 'Queue: sales notes on a schedule', [
			{ name: 'Every Few Seconds', type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, parameters: { rule: { interval: [{ field: 'seconds', secondsInterval: 4 }] } } },
			notesNode(apiCredential()),
		]);
	const notesWithJwt = () => linearWorkflow('admintotalQJwtHook', 23, 'Queue: sales notes with JWT', [webhookNode('queue-jwt-notes', 23), notesNode(jwt())]);
	const enabling = (productCodes: string, options = {}) => ({ authentication: 'headerToken', enableProductWebhooks: true, productCodes, options });
	const trigger = () => priceStockTrigger('admintotalQTrigger', 24, 'Admintotal Trigger', enabling(enabledOnActivation().join(', '), { onlyChanged: true }), [delivery, apiCredential()]);
	const triggerWithUnknownCode = () => priceStockTrigger('admintotalQTrigBad', 25, 'Admintotal Trigger', enabling(`${DEMO.producto.codigo}, NO-SUCH-PRODUCT`), [delivery, apiCredential()]);
	const orders = [
		{ order: 'Q-1', sku: DEMO.producto.codigo },
		{ order: 'Q-2', sku: 'NO-SUCH-SKU' },
		{ order: 'Q-3', sku: DEMO.productoParte.codigo },
	];
	const createNotes = () =>
		linearWorkflow('admintotalQCreate', 26, 'Queue: three orders, one refused, On Error: Continue', [
			webhookNode('queue-create-notes', 26, 'allEntries'),
			setJson('Shop Orders', { orders }),
			{ name: 'One Item Per Order', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'orders', include: 'noOtherFields', options: {} } },
			{
				name: 'Sales Notes',
				type: nodeType('admintotalSalesNote'),
				onError: 'continueRegularOutput',
				credentials: uses(apiCredential()),
				parameters: {
					resource: 'salesNote',
					operation: 'create',
					clientBy: 'rfc',
					clientRfc: DEMO.cliente.rfc,
					linesInput: 'json',
					linesJson: '={{ [{ productCode: $json.sku, quantity: 1 }] }}',
					additionalFields: { comments: '={{ $json.order }}' },
				},
			},
		]);

	/** The finished executions of a workflow, oldest first, once there are `count`. */
	const executionsOf = async (workflowId: string, count: number) =>
		oldestFirst(await cluster.main.waitForExecutions({ workflowId, includeData: true, count, timeoutMs: 120_000 }));
	/** Which worker ran an execution: exactly one worker's log must say it started it. */
	const expectOneWorker = (execution: ApiExecution): string => {
		const workers = cluster.workersOf(execution.id);
		expect({ execution: execution.id, workers: workers.length }).toEqual({ execution: execution.id, workers: 1 });
		return workers[0];
	};
	const activate = (workflowId: string) => cluster.main.activateWorkflow(workflowId);

	/** Example 5: the Polling Trigger's New Sales Note, every minute (n8n 2.41 allows no shorter), then a message. */
	let newNotes: WorkflowFixture;

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox({ pageSize: { default: 20, max: PAGE_MAX } });
		newNotes = await loadExample('new-sales-note-pdf-message.json');
		cluster = await QueueCluster.start({
			runtime,
			credentials: [apiCredential(), jwt(), delivery],
			workflows: [notesByWebhook(), notesBySchedule(), notesWithJwt(), trigger(), triggerWithUnknownCode(), createNotes(), newNotes],
			report,
		});
		figures.bringUpMs = cluster.timings;
	}, 15 * 60_000);

	afterAll(async () => {
		if (cluster) figures.stopMs ??= await cluster.stop();
		await sandbox?.close();
		report(`figures ${JSON.stringify(figures)}`);
	}, 3 * 60_000);

	beforeEach(() => {
		sandbox.clearRequests();
		sandbox.faults.clear();
	});

	test('only the webhook process serves production webhooks; main answers 404 there', async () => {
		await activate(notesByWebhook().id);
		await cluster.webhook.waitForWebhook('queue-sales-notes');
		const onMain = await http(cluster.main.webhookUrl('queue-sales-notes'), { method: 'POST', body: {} });
		expect(onMain.status).toBe(404);
		expect(sandbox.requests).toEqual([]);
	});

	describe('Sales Note Get Many (Return All) runs on a worker', () => {
		test('started by a production webhook: one execution on one worker, every sales note once', async () => {
			const response = await cluster.webhook.callWebhook<{ id?: number }>('queue-sales-notes', { body: {} });
			expect(response.status).toBe(200);
			expect(response.body.id).toBe(noteIds()[0]);

			const [execution] = await executionsOf(notesByWebhook().id, 1);
			expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
			figures.webhookGetManyWorker = expectOneWorker(execution);
			const ids = nodeOutput(execution.data!, 'All Sales Notes').map((note) => note.id);
			expect(ids).toEqual(noteIds());
			expect(new Set(ids).size).toBe(ids.length);
			figures.records = ids.length;
			const pages = requestsTo(sandbox, NOTES_PATH);
			expect(pages.map((request) => [request.method, request.status])).toEqual(Array.from({ length: Math.ceil(ids.length / PAGE_MAX) }, () => ['GET', 200]));
			for (const page of pages) expect(page.headers['api-key']).toBe(DEMO.apiKey);
		});

		test('started by a schedule on main: each execution on one worker, every sales note once', async () => {
			const workflowId = notesBySchedule().id;
			await activate(workflowId);
			let executions: ApiExecution[];
			try {
				await cluster.main.waitForExecutions({ workflowId, count: 1, timeoutMs: 60_000 });
			} finally {
				await cluster.main.deactivateWorkflow(workflowId);
			}
			// A tick that fired just before the deactivation is waited for too.
			for (;;) {
				const all = await cluster.main.listExecutions({ workflowId });
				if (all.every((execution) => !['new', 'running', 'waiting'].includes(execution.status))) {
					executions = await executionsOf(workflowId, all.length);
					break;
				}
				await sleep(250);
			}
			expect(executions.length).toBeGreaterThanOrEqual(1);
			const pagesPerRun = Math.ceil(noteIds().length / PAGE_MAX);
			for (const execution of executions) {
				expect(execution).toMatchObject({ mode: 'trigger', status: 'success' });
				expectOneWorker(execution);
				expect(nodeOutput(execution.data!, 'All Sales Notes').map((note) => note.id)).toEqual(noteIds());
			}
			expect(requestsTo(sandbox, NOTES_PATH).map((request) => request.status)).toEqual(Array.from({ length: pagesPerRun * executions.length }, () => 200));
			figures.scheduledExecutions = executions.map((execution) => ({ id: execution.id, worker: cluster.workersOf(execution.id)[0] }));
		});
	});

	describe('JWT credential shared through PostgreSQL', () => {
		let token: string | undefined;
		let firstWorker: string | undefined;

		test('the first execution logs in once and n8n writes the tokens back to PostgreSQL', async () => {
			await activate(notesWithJwt().id);
			await cluster.webhook.waitForWebhook('queue-jwt-notes');
			const before = await cluster.credentialData(jwt().id);
			expect(before.data.sessionToken ?? '').toBe('');

			const response = await cluster.webhook.callWebhook('queue-jwt-notes', { body: {} });
			expect(response.status).toBe(200);
			expect(authRequests(sandbox).map((request) => [request.path, request.status, request.body])).toEqual([
				['/api/v2/token/', 200, { username: DEMO.username, password: DEMO.password }],
			]);
			const pages = requestsTo(sandbox, NOTES_PATH);
			expect(pages.map((request) => request.status)).toEqual([200, 200, 200]);
			token = bearerOf(pages[0]);
			expect(token).toMatch(/^\S+\.\S+\.\S+$/);
			for (const page of pages) expect(bearerOf(page)).toBe(token);

			figures.jwtFirstRun = { logins: requestsTo(sandbox, '/token/').length, refreshes: requestsTo(sandbox, '/refresh/').length };
			const after = await cluster.credentialData(jwt().id);
			expect(after.data).toMatchObject({ authMethod: 'jwt', username: DEMO.username, sessionToken: token, refreshToken: expect.stringMatching(/\S/) });
			const [execution] = await executionsOf(notesWithJwt().id, 1);
			expect(execution.status).toBe('success');
			firstWorker = expectOneWorker(execution);
		});

		test('the other worker reuses the stored token: no login, no refresh', async () => {
			if (!token || !firstWorker) throw new Error('the previous test did not log in');
			let otherWorker: string | undefined;
			for (let attempt = 1; attempt <= 12 && !otherWorker; attempt++) {
				sandbox.clearRequests();
				const response = await cluster.webhook.callWebhook('queue-jwt-notes', { body: {} });
				expect(response.status).toBe(200);
				expect(authRequests(sandbox)).toEqual([]);
				const pages = requestsTo(sandbox, NOTES_PATH);
				expect(pages.map((request) => [request.status, bearerOf(request)])).toEqual([200, 200, 200].map((status) => [status, token]));
				const executions = await executionsOf(notesWithJwt().id, attempt + 1);
				const worker = expectOneWorker(executions[attempt]);
				if (worker !== firstWorker) otherWorker = worker;
			}
			expect(otherWorker).toBeDefined();
			figures.jwtTokenReusedBy = otherWorker;
		});

		test('twelve concurrent executions on both workers across two access-token expiries all complete; one refresh per worker per expiry at most, no login', async () => {
			const workflowId = notesWithJwt().id;
			const before = (await cluster.main.listExecutions({ workflowId })).length;
			const perWorkerBefore = cluster.executionsPerWorker();
			// Every page answer waits a little, so the executions are in flight when the tokens expire.
			sandbox.faults.add({ method: 'GET', path: NOTES_PATH, delayMs: 300 });
			const CONCURRENT = 12;
			const calls = Promise.all(Array.from({ length: CONCURRENT }, () => cluster.webhook.callWebhook('queue-jwt-notes', { body: {} })));
			const pagesServed = () => requestsTo(sandbox, NOTES_PATH).filter((request) => request.status === 200).length;
			await waitFor('every execution asking for its first page', () => requestsTo(sandbox, NOTES_PATH).length >= CONCURRENT, 120_000);
			sandbox.auth.expireAccessTokens();
			await waitFor('half of the pages served', () => pagesServed() >= (CONCURRENT * 3) / 2, 120_000);
			sandbox.auth.expireAccessTokens();
			const responses = await calls;
			expect(responses.map((response) => response.status)).toEqual(Array.from({ length: CONCURRENT }, () => 200));

			const executions = (await executionsOf(workflowId, before + CONCURRENT)).slice(before);
			expect(executions).toHaveLength(CONCURRENT);
			for (const execution of executions) {
				expect({ id: execution.id, status: execution.status }).toEqual({ id: execution.id, status: 'success' });
				expectOneWorker(execution);
				expect(nodeOutput(execution.data!, 'All Sales Notes').map((note) => note.id)).toEqual(noteIds());
			}
			const perWorker = Object.fromEntries(Object.entries(cluster.executionsPerWorker()).map(([worker, count]) => [worker, count - (perWorkerBefore[worker] ?? 0)]));
			for (const worker of cluster.workers) expect({ worker: worker.name, ran: perWorker[worker.name] > 0 }).toEqual({ worker: worker.name, ran: true });

			const logins = requestsTo(sandbox, '/token/');
			const refreshes = requestsTo(sandbox, '/refresh/');
			const refused = requestsTo(sandbox, NOTES_PATH).filter((request) => request.status === 401);
			figures.jwtConcurrent = { executions: CONCURRENT, perWorker, expiries: 2, logins: logins.length, refreshes: refreshes.length, refused401: refused.length };
			expect(logins).toEqual([]);
			expect(refused.length).toBeGreaterThan(0);
			expect(refreshes.length).toBeGreaterThanOrEqual(1);
			expect(refreshes.length).toBeLessThanOrEqual(cluster.workers.length * 2);
			expect(refreshes.map((request) => request.status)).toEqual(refreshes.map(() => 200));
			expect(requestsTo(sandbox, NOTES_PATH).filter((request) => request.status === 200)).toHaveLength(CONCURRENT * 3);
		});
	});

	describe('Admintotal Trigger behind the webhook process', () => {
		const path = () => triggerPath(trigger(), 'Admintotal Trigger');
		const auth = { type: 'header', token: TRIGGER_TOKEN } as const;
		const deliver = (deliveredCodes: string[]) => sandbox.webhooks.sendPriceStock({ url: cluster.webhook.webhookUrl(path()), auth, codes: deliveredCodes });
		const delivered = () => codes(60, 20);
		/** SKUs in the trigger's memory as saved in PostgreSQL: day → SKU → fingerprint (version 1 of the node saved SKU → fingerprint). */
		const rememberedSkus = async () => {
			const saved = ((await cluster.staticData(trigger().id))?.['node:Admintotal Trigger']?.lastDelivered ?? {}) as Record<string, unknown>;
			return Object.entries(saved).flatMap(([key, value]) => (typeof value === 'string' ? [key] : Object.keys(value ?? {})));
		};
		const deliveryFigures = { deliveries: 0, executions: 0, reReportsStartingNothing: 0 };
		figures.trigger = deliveryFigures;

		test('activation on main sends habilitar_webhook once, for the products listed', async () => {
			await activate(trigger().id);
			await cluster.webhook.waitForWebhook(path());
			// The webhook process may serve the path before main's activation hook has reached Admintotal (seen once on node24).
			await waitFor('habilitar_webhook from the activation', () => writes(sandbox).length > 0, 30_000);
			expect(writes(sandbox)).toEqual([['POST', '/productos/habilitar_webhook/', { codigos: enabledOnActivation() }]]);
			expect(sandbox.requests.map((request) => [request.headers['api-key'], request.status])).toEqual([[DEMO.apiKey, 200]]);
			for (const code of enabledOnActivation()) expect(sandbox.store.producto(code)?.habilitar_webhook).toBe(true);
			// Saved by main once the activation hook has returned.
			const enabledWebhooks = async () => (await cluster.staticData(trigger().id))?.['node:Admintotal Trigger']?.enabledWebhooks;
			for (let tries = 0; tries < 100 && !(await enabledWebhooks()); tries++) await sleep(100);
			expect(await enabledWebhooks()).toMatchObject({ codes: enabledOnActivation() });
		});

		test('a delivery of 60 products (two batches) starts one execution per batch on a worker, one item per product', async () => {
			const results = await deliver(delivered());
			deliveryFigures.deliveries += results.length;
			expect(results.map((result) => [result.status, result.body])).toEqual([
				[200, STARTED],
				[200, STARTED],
			]);
			const executions = await executionsOf(trigger().id, 2);
			expect(executions).toHaveLength(2);
			deliveryFigures.executions += executions.length;
			const rows = sandbox.webhooks.priceStockRows({ codes: delivered() });
			// Two workers run the batches side by side: either may be listed first.
			const first = (skus: unknown[]) => rows.findIndex((row) => row.sku === skus[0]);
			const batches = executions.map((execution) => nodeOutput(execution.data!, 'Admintotal Trigger').map((item) => item.sku));
			expect(batches.sort((one, other) => first(one) - first(other))).toEqual([
				rows.slice(0, 50).map((row) => row.sku),
				rows.slice(50).map((row) => row.sku),
			]);
			for (const execution of executions) {
				expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
				expectOneWorker(execution);
			}
			expect((await rememberedSkus()).sort()).toEqual([...delivered()].sort());
			expect(sandbox.requests).toEqual([]);
		});

		test('the same payload again starts nothing', async () => {
			const results = await deliver(delivered());
			deliveryFigures.deliveries += results.length;
			deliveryFigures.reReportsStartingNothing += results.length;
			expect(results.map((result) => [result.status, result.body])).toEqual([
				[200, NOTHING_TO_REPORT],
				[200, NOTHING_TO_REPORT],
			]);
			expect(await cluster.main.listExecutions({ workflowId: trigger().id })).toHaveLength(2);
		});

		test('the memory survives a restart of the webhook process; a changed price is reported alone; nothing is enabled again', async () => {
			figures.webhookRestartStop = await cluster.webhook.restart();
			await cluster.webhook.waitForWebhook(path());

			const again = await deliver(delivered());
			deliveryFigures.deliveries += again.length;
			deliveryFigures.reReportsStartingNothing += again.length;
			expect(again.map((result) => result.body)).toEqual([NOTHING_TO_REPORT, NOTHING_TO_REPORT]);

			const repriced = delivered()[7];
			sandbox.store.setPrecio(repriced, 432.1);
			const changed = await deliver(delivered());
			deliveryFigures.deliveries += changed.length;
			deliveryFigures.reReportsStartingNothing += 1;
			expect(changed.map((result) => result.body)).toEqual([STARTED, NOTHING_TO_REPORT]);
			const executions = await executionsOf(trigger().id, 3);
			expect(executions).toHaveLength(3);
			deliveryFigures.executions += 1;
			expect(nodeOutput(executions[2].data!, 'Admintotal Trigger')).toEqual([expect.objectContaining({ sku: repriced, price: 432.1 })]);
			expectOneWorker(executions[2]);
			// Neither the restart nor the deliveries asked Admintotal for anything.
			expect(sandbox.requests).toEqual([]);
		});

		test('ten overlapping deliveries of different products to one webhook process lose no memory', async () => {
			const fresh = codes(10, 200);
			const results = await Promise.all(fresh.map((code) => deliver([code])));
			deliveryFigures.deliveries += results.length;
			expect(results.map((batches) => batches.map((result) => [result.status, result.body]))).toEqual(fresh.map(() => [[200, STARTED]]));
			const executions = (await executionsOf(trigger().id, 3 + fresh.length)).slice(3);
			deliveryFigures.executions += executions.length;
			expect(executions.map((execution) => nodeOutput(execution.data!, 'Admintotal Trigger').map((item) => item.sku)).flat().sort()).toEqual([...fresh].sort());
			for (const execution of executions) expect(execution.status).toBe('success');

			// Every product is remembered: delivered again, none is reported.
			const repeated: Array<{ status: number; body: string }> = [];
			for (const code of fresh) repeated.push(...(await deliver([code])));
			deliveryFigures.deliveries += repeated.length;
			deliveryFigures.reReportsStartingNothing += repeated.filter((result) => result.body === NOTHING_TO_REPORT).length;
			expect(fresh.filter((_code, index) => repeated[index].body !== NOTHING_TO_REPORT)).toEqual([]);
			expect(await cluster.main.listExecutions({ workflowId: trigger().id })).toHaveLength(3 + fresh.length);
			expect(sandbox.requests).toEqual([]);

			// And saved, for a restart: the overlapping saves may land in any order, so an older copy can
			// land last; the next delivery saves the whole memory again. n8n saves after answering, so the
			// last save may still be on its way; a product missing once it has landed (10 s) is lost.
			let forgotten = fresh;
			for (const deadline = Date.now() + 10_000; forgotten.length > 0 && Date.now() < deadline; await sleep(200)) {
				const remembered = await rememberedSkus();
				forgotten = fresh.filter((code) => !remembered.includes(code));
			}
			figures.overlappingDeliveriesForgotten = forgotten.length;
			expect(forgotten).toEqual([]);
		});

		test('an unknown product code refuses activation with a message naming it; nothing is registered', async () => {
			const workflowId = triggerWithUnknownCode().id;
			const response = await http<{ message?: string }>(`${cluster.main.baseUrl}/api/v1/workflows/${workflowId}/activate`, {
				method: 'POST',
				headers: { 'X-N8N-API-KEY': await cluster.main.ensureApiKey() },
			});
			let refusal: { status: string | number; message?: string };
			if (response.status !== 200) {
				// n8n 2.8 activates during the request and answers with the trigger's error.
				refusal = { status: response.status, message: response.body.message };
				expect(response.status).toBe(400);
				expect((await cluster.main.api<{ active: boolean }>(`/workflows/${workflowId}`)).active).toBe(false);
			} else {
				// n8n 2.41 accepts the request and publishes afterwards: the editor shows the publication status.
				const cookie = await cluster.main.login();
				const statusOf = async () =>
					(await http<{ data: { status: string; triggers: Array<{ status: string; errorMessage: string | null }> } }>(`${cluster.main.baseUrl}/rest/workflows/${workflowId}/publication-status`, { headers: { cookie } })).body.data;
				let publication = await statusOf();
				for (const deadline = Date.now() + 60_000; ['in_progress', 'not_published'].includes(publication.status) && Date.now() < deadline; publication = await statusOf()) await sleep(250);
				refusal = { status: publication.status, message: publication.triggers.map((trigger) => trigger.errorMessage).join(' ') };
				expect(publication.status).toBe('failed');
			}
			const attempts = writes(sandbox);
			figures.unknownCodeActivation = { ...refusal, habilitarWebhookRequests: attempts.length };
			expect(refusal.message).toContain('Admintotal has no products with the codes NO-SUCH-PRODUCT');
			// n8n 2.8 tries once; 2.41 retries a failed publication, each attempt asking for the same codes.
			const attempt = ['POST', '/productos/habilitar_webhook/', { codigos: [DEMO.producto.codigo, 'NO-SUCH-PRODUCT'] }];
			expect(attempts).toEqual(response.status !== 200 ? [attempt] : attempts.map(() => attempt));
			expect(attempts.length).toBeGreaterThanOrEqual(1);
			const probe = await http<{ message?: string }>(cluster.webhook.webhookUrl(triggerPath(triggerWithUnknownCode(), 'Admintotal Trigger')), { method: 'PATCH' });
			expect(probe.status).toBe(404);
			expect(String(probe.body.message)).not.toMatch(/Did you mean/);
		});
	});

	test('Sales Note Create on a worker under On Error: Continue: the refused order is an error item, the two others are created', async () => {
		await activate(createNotes().id);
		await cluster.webhook.waitForWebhook('queue-create-notes');
		const response = await cluster.webhook.callWebhook<Array<Record<string, unknown>>>('queue-create-notes', { body: {} });
		expect(response.status).toBe(200);

		const posts = requestsTo(sandbox, NOTES_PATH, 'POST');
		const statusOf = (order: string) => posts.find((request) => (request.body as { comentarios?: string }).comentarios === order)?.status;
		expect(orders.map(({ order }) => [order, statusOf(order)])).toEqual([
			['Q-1', 201],
			['Q-2', 400],
			['Q-3', 201],
		]);
		const noteOf = (order: string) => sandbox.store.notasVenta.find((note: { comentarios?: string }) => note.comentarios === order) as { id: number } | undefined;
		expect(noteOf('Q-2')).toBeUndefined();

		const [execution] = await executionsOf(createNotes().id, 1);
		expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
		figures.createWorker = expectOneWorker(execution);
		const items = nodeOutput(execution.data!, 'Sales Notes');
		expect(items).toHaveLength(3);
		expect(items[0].id).toBe(noteOf('Q-1')?.id);
		// The error item carries the API's own reason, for the workflow to route and report on.
		expect(items[1]).toEqual({ error: 'Admintotal rejected the data sent: detalles[0].producto_codigo: No existe un producto con el código "NO-SUCH-SKU".' });
		expect(items[1].id).toBeUndefined();
		expect(items[2].id).toBe(noteOf('Q-3')?.id);
		expect(response.body).toEqual(items);
		figures.executionsPerWorker = cluster.executionsPerWorker();
	});

	test('the Polling Trigger polls on main once a tick; new notes start one execution on a worker, and nothing is reported twice', async () => {
		const polls = () => requestsTo(sandbox, NOTES_PATH).length;
		/** A tick comes within a minute; some slack for a busy machine. */
		const waitForPoll = async (after: number) => await waitFor(`a poll after ${after}`, () => polls() > after, 75_000);
		await activate(newNotes.id);
		// The activation's first poll only remembers where the list is.
		await waitForPoll(0);
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
		const created = [crearNotaVenta(sandbox.store, { fecha: today }).id, crearNotaVenta(sandbox.store, { fecha: today }).id];
		try {
			const [execution] = await executionsOf(newNotes.id, 1);
			expect(execution).toMatchObject({ mode: 'trigger', status: 'success' });
			figures.pollingTriggerWorker = expectOneWorker(execution);
			expect(nodeOutput(execution.data!, 'New Sales Note').map((note) => Number(note.id))).toEqual(created);
			// One more tick: one poll (only main polls), and no execution reports the notes again.
			const before = polls();
			await waitForPoll(before);
			await sleep(5_000);
			expect(polls()).toBe(before + 1);
			expect(await cluster.main.listExecutions({ workflowId: newNotes.id })).toHaveLength(1);
		} finally {
			await cluster.main.deactivateWorkflow(newNotes.id);
		}
	}, 5 * 60_000);

	test('stopping leaves no process behind: PostgreSQL, Redis, main, the webhook process (both runs) and the workers, each by process group', async () => {
		const pids = cluster.pids();
		for (const [name, list] of Object.entries(pids)) expect({ name, started: list.length > 0 }).toEqual({ name, started: true });
		figures.stopMs = await cluster.stop();
		const alive = Object.entries(pids).flatMap(([name, list]) => list.filter((pid) => groupAlive(pid)).map((pid) => `${name} ${pid}`));
		expect(alive).toEqual([]);
	});
});
