/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * Example 7 (our nodes behind n8n's MCP Server Trigger) in queue mode: main, one webhook process and
 * two workers. The MCP client talks to the webhook process only, as n8n asks of MCP traffic; each
 * tool call is run by a worker (its log says so) and its answer relayed back to the client's session.
 * n8n 2.8.4 runs the wrong tool there: pinned, and docs/mcp.md warns.
 */
import { randomBytes } from 'crypto';

// The SDK's subpaths resolve through its package.json "exports", which the lint's resolver does not read (jest and tsc do).
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import type { ListaNegra } from '../sandbox/schemas/listaNegra';
import { resolveRuntime, selectedRuntimeName, sleep } from '../e2e/lib';
import { apiKeyCredential, loadExample, mcpClientsCredential, requestsTo } from '../e2e/suites/admintotal';
import { QueueCluster } from './lib/cluster';

const RUNTIME = selectedRuntimeName();
const TOKEN = randomBytes(24).toString('hex');
const LISTING: ListaNegra = { rfc: 'EMP110101AB1', nombre: 'EMPRESA FACTURERA, S.A. DE C.V.', tipo: 1 };
const report = (line: string) => process.stderr.write(`[queue mcp ${RUNTIME}] ${line}\n`);

describe(`Example 7's MCP tools in n8n queue mode: the webhook process holds the session, workers run the calls (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let cluster: QueueCluster;
	let client: Client;

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		sandbox.store.listaNegra.push(LISTING);
		const example = await loadExample('mcp-server-tools.json');
		cluster = await QueueCluster.start({ runtime, credentials: [apiKeyCredential(sandbox, DEMO.apiKey), mcpClientsCredential(TOKEN)], workflows: [example], report });
		await cluster.main.activateWorkflow(example.id);
		const path = String(example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')?.parameters.path);
		const url = new URL(`${cluster.webhook.baseUrl}/mcp/${path}`);
		const deadline = Date.now() + 60_000;
		for (;;) {
			try {
				client = new Client({ name: 'admintotal-queue', version: '1.0.0' });
				await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
				break;
			} catch (error) {
				if (Date.now() > deadline) throw new Error(`the MCP endpoint ${url.href} did not answer: ${String(error)}\n${cluster.webhook.logTail()}`);
				await sleep(500);
			}
		}
	}, 5 * 60_000);

	afterAll(async () => {
		await client?.close().catch(() => undefined);
		if (cluster) await cluster.stop();
		await sandbox?.close();
	}, 3 * 60_000);

	beforeEach(() => sandbox.clearRequests());

	test('the webhook process lists the four read tools', async () => {
		expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['Check_RFC', 'Find_Products', 'Find_Sales_Notes', 'Get_Product']);
	});

	/** n8n 2.41.1 runs the tool called; see the next test for 2.8.4. */
	const on241 = RUNTIME === 'node24' ? test : test.skip;
	const on28 = RUNTIME === 'node20' ? test : test.skip;

	on28('n8n 2.8.4 runs another tool than the one called: Check_RFC ran Find Sales Notes, twice (why docs/mcp.md says not to use it)', async () => {
		// 2.8.4 tells the worker which node to run by its position among the trigger's parent nodes,
		// which do not line up with its tools (the disabled Create Prospect shifts them).
		await client.callTool({ name: 'Check_RFC', arguments: { RFC: LISTING.rfc } });
		await client.callTool({ name: 'Check_RFC', arguments: { RFC: DEMO.cliente.rfc } });
		expect(requestsTo(sandbox, '/listanegra/')).toEqual([]);
		expect(sandbox.requests.map((request) => [request.method, request.path.replace('/api/v2', '')])).toEqual([
			['GET', '/movimientos/notas_venta/'],
			['GET', '/movimientos/notas_venta/'],
		]);
	});

	on241('two calls in one session: each run by a worker, the answers relayed back, one request each at the tenant', async () => {
		const before = cluster.executionsPerWorker();
		const listed = await client.callTool({ name: 'Check_RFC', arguments: { RFC: LISTING.rfc } });
		const clean = await client.callTool({ name: 'Check_RFC', arguments: { RFC: DEMO.cliente.rfc } });
		for (const result of [listed, clean]) expect(result.isError).toBeFalsy();
		const text = (result: typeof listed) => (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
		expect(JSON.parse(text(listed))).toEqual([expect.objectContaining({ rfc: LISTING.rfc, listed: true, tipoLabel: 'Definitivo' })]);
		expect(JSON.parse(text(clean))).toEqual([expect.objectContaining({ rfc: DEMO.cliente.rfc, listed: false })]);
		expect(requestsTo(sandbox, '/listanegra/').map((request) => request.query.rfc)).toEqual([LISTING.rfc, DEMO.cliente.rfc]);
		const after = cluster.executionsPerWorker();
		const ranOnWorkers = Object.keys(after).reduce((sum, worker) => sum + after[worker] - (before[worker] ?? 0), 0);
		report(`executions per worker ${JSON.stringify(after)}`);
		expect(ranOnWorkers).toBeGreaterThanOrEqual(2);
	});
});
