/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * Our nodes as the tools of an MCP server: example 7 (n8n's MCP Server Trigger with Check RFC, Find
 * Sales Notes, Find Products, Get Product and the opt-in Create Prospect, enabled here) published in
 * `n8n start`, called by the official MCP client library over streamable HTTP with the trigger's
 * bearer token. What a client lists, what good calls answer (checked against what the sandbox holds
 * and received), a call the tenant refuses and one our node refuses, and the server answering after.
 * The tool list and every answer are also written to test/artifacts/mcp/<runtime>/.
 *
 * In the same n8n, on 2.41 only (2.8 has none): n8n's Agents (their own tab, not the AI Agent node),
 * an agent made through the REST API the editor uses, its model the scripted stand-in of test/agent,
 * with two of our nodes as node tools: Check RFC with the description docs/mcp.md advises, and Get
 * Product without one, to pin the description n8n makes up then. The agent calls Check RFC (n8n runs
 * it as a one-node workflow) and answers from its result.
 */
import { randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import { join } from 'path';

// The SDK's subpaths resolve through its package.json "exports", which the lint's resolver does not read (jest and tsc do).
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { startScriptedModel, textOf, type ChatRequest, type ScriptedModel, type ScriptedReply } from '../agent/scriptedModel';
import { toolResults } from '../agent/satBlacklistScript';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import type { ListaNegra } from '../sandbox/schemas/listaNegra';
import { REPO_ROOT, disposeAllInstances, http, resolveRuntime, selectedRuntimeName, sleep, type N8nServer, type WorkflowFixture } from './lib';
import {
	API_PREFIX,
	EXAMPLE_API_CREDENTIAL,
	apiKeyCredential,
	importAll,
	instanceWithPackage,
	loadExample,
	mcpClientsCredential,
	nodeType,
	requestsTo,
	writes,
} from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const EXAMPLE = 'mcp-server-tools.json';
/** The bearer token MCP clients send, new for each run. */
const TOKEN = randomBytes(24).toString('hex');
/** A company on SAT's 69-B list for this test, as Definitivo. */
const LISTING: ListaNegra = { rfc: 'EMP110101AB1', nombre: 'EMPRESA FACTURERA, S.A. DE C.V.', tipo: 1 };

const OPENAI_CREDENTIAL = { id: 'admintotalDemoAi1', name: 'OpenAI' };
/** The description docs/mcp.md advises for Check RFC as a node tool of an Agent. */
const CHECK_RFC_DESCRIPTION =
	"Check whether a Mexican taxpayer (by RFC) is on SAT's 69-B list (EFOS, lista negra) in Admintotal. Returns listed, tipoLabel, meaning and blocking: when blocking is true, do not invoice, pay or deduct with that taxpayer. Read only.";
const ANSWER_PREFIX = 'Checked in Admintotal:';

type CallResult = Awaited<ReturnType<Client['callTool']>>;
type Tool = Awaited<ReturnType<Client['listTools']>>['tools'][number];

let sandbox: Sandbox;
let model: ScriptedModel;
let server: N8nServer;
let example: WorkflowFixture;

// One n8n for both parts: every start-up costs 10 to 30 s.
beforeAll(async () => {
	const runtime = await resolveRuntime();
	sandbox = await startSandbox();
	sandbox.store.listaNegra.push(LISTING);
	model = await startScriptedModel(rfcCheckScript);
	const n8n = await instanceWithPackage(runtime);
	example = await loadExample(EXAMPLE);
	await importAll(
		n8n,
		[
			apiKeyCredential(sandbox, DEMO.apiKey, EXAMPLE_API_CREDENTIAL),
			mcpClientsCredential(TOKEN),
			{ ...OPENAI_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: `${model.url}/v1`, header: false } },
		],
		[forTheSuite(example)],
	);
	await n8n.publishWorkflow(example.id);
	server = await n8n.startServer();
}, 5 * 60_000);

afterAll(async () => {
	await disposeAllInstances();
	await model?.close();
	await sandbox?.close();
});

describe(`An MCP client uses the Admintotal nodes through n8n's MCP Server Trigger (${RUNTIME})`, () => {
	let client: Client;
	let url: URL;
	let tools: Tool[];
	/** Every text a tool call answered, to look for the key in. */
	const answered: string[] = [];

	beforeAll(async () => {
		url = new URL(`${server.baseUrl}/mcp/${String(trigger(example).parameters.path)}`);
		client = await connectWhenRegistered(url, TOKEN);
		tools = (await client.listTools()).tools;
		await recordArtifact('tools.json', tools);
	}, 2 * 60_000);

	afterAll(async () => {
		await recordArtifact('answers.json', answered.map((answer) => JSON.parse(answer) as unknown));
		await client?.close().catch(() => undefined);
	});

	async function call(name: string, args: Record<string, unknown>): Promise<CallResult> {
		const result = await client.callTool({ name, arguments: args });
		answered.push(JSON.stringify(result));
		return result;
	}

	it('a client without the bearer token is refused, and nothing reaches the tenant', async () => {
		const before = sandbox.requests.length;
		await expect(connect(url, 'not-the-token')).rejects.toThrow(/403|401|Authorization/i);
		await expect(connect(url)).rejects.toThrow(/401|403|Authorization/i);
		expect(sandbox.requests.length).toBe(before);
	});

	it('lists the enabled tools by node name, each with the description written in its node and the arguments its $fromAI() asks for', () => {
		const described = Object.fromEntries(
			example.nodes.filter((node) => node.type.startsWith('n8n-nodes-admintotal.')).map((node) => [node.name.replace(/ /g, '_'), String(node.parameters.toolDescription)]),
		);
		expect(tools.map((tool) => tool.name).sort()).toEqual(['Check_RFC', 'Create_Prospect', AUTO_DESCRIBED, 'Find_Products', 'Find_Sales_Notes', 'Get_Product']);
		for (const tool of tools.filter((candidate) => candidate.name !== AUTO_DESCRIBED)) expect(tool.description).toBe(described[tool.name]);
		// What a Create says of itself when its description is left to n8n: nothing of each call
		// creating a record, so the example sets its own (docs/mcp.md).
		expect(tools.find((tool) => tool.name === AUTO_DESCRIBED)?.description).toBe('Create a prospect in Admintotal Prospect');

		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		const schema = (name: string) => byName[name].inputSchema as { type: string; properties: Record<string, { type?: string; description?: string }>; required?: string[] };
		expect(schema('Check_RFC')).toMatchObject({ type: 'object', properties: { RFC: { type: 'string', description: expect.stringContaining('RFC') } }, required: ['RFC'] });
		expect(Object.keys(schema('Find_Sales_Notes').properties).sort()).toEqual(['Client_Business_Name', 'From_Date', 'To_Date']);
		// A filter with a default in $fromAI() is one the model may leave out.
		expect(schema('Find_Sales_Notes').required ?? []).toEqual([]);
		expect(schema('Find_Sales_Notes').properties.From_Date.description).toContain('YYYY-MM-DD');
		expect(schema('Get_Product')).toMatchObject({ properties: { Product_ID: { type: 'number' } }, required: ['Product_ID'] });
		expect(schema('Find_Products').required).toEqual(['Description_Contains']);
		expect(schema('Create_Prospect')).toMatchObject({ properties: { Name: { type: 'string' }, Company: { type: 'string' } }, required: ['Name'] });
		// A client that retries a timed-out call blindly would create a second prospect: the model is told.
		expect(byName.Create_Prospect.description).toMatch(/each call creates one more prospect/i);
		expect(byName.Create_Prospect.description).toMatch(/never again to retry/i);
		for (const name of ['Check_RFC', 'Find_Sales_Notes', 'Find_Products', 'Get_Product']) expect(byName[name].description).toMatch(/Read only\.$/);
	});

	it('Check RFC answers the 69-B verdict of a listed and of a clean RFC, one request each', async () => {
		sandbox.clearRequests();
		const listed = records(await call('Check_RFC', { RFC: LISTING.rfc.toLowerCase() }));
		expect(listed).toEqual([expect.objectContaining({ rfc: LISTING.rfc, listed: true, tipo: 1, tipoLabel: 'Definitivo', nombre: LISTING.nombre, blocking: true })]);
		const clean = records(await call('Check_RFC', { RFC: DEMO.cliente.rfc }));
		expect(clean).toEqual([expect.objectContaining({ rfc: DEMO.cliente.rfc, listed: false, blocking: false })]);
		expect(requestsTo(sandbox, '/listanegra/').map((request) => request.query.rfc)).toEqual([LISTING.rfc, DEMO.cliente.rfc]);
	});

	it("Find Sales Notes sends the model's filters and answers the tenant's matching notes, at most 10", async () => {
		sandbox.clearRequests();
		const notes = records(await call('Find_Sales_Notes', { Client_Business_Name: DEMO.cliente.razonSocial, From_Date: '2020-01-01', To_Date: '2030-12-31' }));
		expect(requestsTo(sandbox, '/movimientos/notas_venta/').map((request) => request.query)).toEqual([
			{ cliente_razon_social: DEMO.cliente.razonSocial, desde: '2020-01-01', hasta: '2030-12-31', cancelado: '0', limit: '10' },
		]);
		const expected = sandbox.store.notasVenta.filter((note) => note.cliente.razon_social.toLowerCase().includes(DEMO.cliente.razonSocial.toLowerCase()) && !note.cancelado);
		expect(notes.length).toBe(Math.min(10, expected.length));
		expect(notes.length).toBeGreaterThan(0);
		for (const note of notes) expect(expected.map((candidate) => candidate.id)).toContain(note.id);

		// Every filter left out: none sent.
		sandbox.clearRequests();
		expect(records(await call('Find_Sales_Notes', {}))).toHaveLength(10);
		expect(requestsTo(sandbox, '/movimientos/notas_venta/').map((request) => request.query)).toEqual([{ cancelado: '0', limit: '10' }]);
	});

	it('Find Products then Get Product: the id found gets that product with its price', async () => {
		sandbox.clearRequests();
		const found = records(await call('Find_Products', { Description_Contains: 'Martillo de uña' }));
		expect(found.map((product) => product.id)).toContain(DEMO.producto.id);
		const [product] = records(await call('Get_Product', { Product_ID: DEMO.producto.id }));
		expect(product).toMatchObject({ id: DEMO.producto.id, codigo: DEMO.producto.codigo, descripcion: DEMO.producto.descripcion });
		expect(requestsTo(sandbox, `/productos/${DEMO.producto.id}/`)).toHaveLength(1);
		expect(writes(sandbox)).toEqual([]);
	});

	it('Create Prospect creates exactly one prospect per call and answers it with its id', async () => {
		sandbox.clearRequests();
		const [created] = records(await call('Create_Prospect', { Name: 'Laura Méndez', Company: 'Ferretería Méndez' }));
		expect(writes(sandbox)).toEqual([['POST', '/prospectos/', expect.objectContaining({ nombre: 'Laura Méndez', empresa: 'Ferretería Méndez' })]]);
		expect(created).toMatchObject({ nombre: 'Laura Méndez', empresa: 'Ferretería Méndez' });
		expect(sandbox.store.prospectos.filter((prospect) => prospect.id === created.id)).toHaveLength(1);
	});

	it('a call the tenant refuses (401, its answer echoing the key) comes back as a tool error naming the cause, never the key; the server answers on', async () => {
		sandbox.clearRequests();
		sandbox.faults.add({ method: 'GET', path: `${API_PREFIX}/productos/${DEMO.producto.id}/`, times: 1, status: 401, body: { detail: `Api-key inválida: ${DEMO.apiKey}` } });
		const refused = await call('Get_Product', { Product_ID: DEMO.producto.id });
		expect(refused.isError).toBe(true);
		expect(text(refused)).toContain('Admintotal did not accept the credentials');
		expect(text(refused)).toContain('401');
		expect(requestsTo(sandbox, `/productos/${DEMO.producto.id}/`)).toHaveLength(1);

		// The same session lists and calls again.
		expect((await client.listTools()).tools).toHaveLength(tools.length);
		expect(records(await call('Check_RFC', { RFC: LISTING.rfc }))).toEqual([expect.objectContaining({ listed: true })]);
	});

	it('a value our node refuses (a date that is not a date) comes back as a tool error naming the field, with nothing sent', async () => {
		sandbox.clearRequests();
		const refused = await call('Find_Sales_Notes', { From_Date: '31/05/2024' });
		expect(refused.isError).toBe(true);
		expect(text(refused)).toMatch(/From Date/);
		expect(sandbox.requests).toEqual([]);
	});

	it('no tool answer holds the API key, and a new client connects after all that', async () => {
		expect(answered.length).toBeGreaterThan(8);
		for (const answer of answered) expect(answer).not.toContain(DEMO.apiKey);
		const another = await connect(url, TOKEN);
		try {
			expect((await another.listTools()).tools.map((tool) => tool.name).sort()).toEqual(tools.map((tool) => tool.name).sort());
		} finally {
			await another.close();
		}
	});
});

const describeOn241 = RUNTIME === 'node24' ? describe : describe.skip;

describeOn241(`An n8n Agent (the Agents tab of n8n 2.41) calls an Admintotal node as a tool (${RUNTIME})`, () => {
	let events: Array<Record<string, unknown>>;

	beforeAll(async () => {
		sandbox.clearRequests();
		const cookie = await ownerCookie(server);
		const rest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
			const response = await http<{ data: T }>(`${server.baseUrl}/rest${path}`, { method, headers: { cookie }, body });
			if (response.status >= 300) throw new Error(`${method} /rest${path}: ${response.status} ${response.text.slice(0, 1500)}`);
			return response.body.data;
		};
		const project = await rest<{ id: string }>('GET', '/projects/personal');
		const agents = `/projects/${project.id}/agents/v2`;
		const agent = await rest<{ id: string }>('POST', agents, { name: 'Admintotal RFC checker' });
		// The editor sends the hash of the config it edits, so two editors do not overwrite each other.
		const current = await rest<{ configHash: string }>('GET', `${agents}/${agent.id}/config`);
		await rest('PUT', `${agents}/${agent.id}/config`, {
			baseConfigHash: current.configHash,
			config: {
				name: 'Admintotal RFC checker',
				model: 'openai/scripted-model',
				credential: OPENAI_CREDENTIAL.id,
				instructions: 'Check RFCs against the SAT 69-B list with Check RFC and answer from its result only.',
				tools: [
					{
						type: 'node',
						name: 'Check RFC',
						description: CHECK_RFC_DESCRIPTION,
						node: {
							nodeType: nodeType('admintotalBlacklist'),
							nodeTypeVersion: 1,
							nodeParameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: "={{ $fromAI('RFC', `The taxpayer's RFC`, 'string') }}" },
							credentials: { admintotalApi: EXAMPLE_API_CREDENTIAL },
						},
					},
					{
						type: 'node',
						name: 'Get Product',
						node: {
							nodeType: nodeType('admintotalProduct'),
							nodeTypeVersion: 1,
							nodeParameters: { resource: 'product', operation: 'get', productId: { __rl: true, mode: 'id', value: "={{ $fromAI('Product_ID', `The product's internal id`, 'number') }}" }, options: {} },
							credentials: { admintotalApi: EXAMPLE_API_CREDENTIAL },
						},
					},
				],
			},
		});
		const chat = await http(`${server.baseUrl}/rest${agents}/${agent.id}/chat`, {
			method: 'POST',
			headers: { cookie, accept: 'text/event-stream' },
			body: { message: `Is ${LISTING.rfc} on the SAT blacklist?` },
			timeoutMs: 120_000,
		});
		events = chat.text
			.split('\n')
			.filter((line) => line.startsWith('data:'))
			.map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
		if (chat.status !== 200) throw new Error(`chat: ${chat.status} ${chat.text.slice(0, 2000)}`);
	}, 5 * 60_000);

	it('the model is offered our tools: Check RFC with the description given, Get Product with the one n8n makes up', () => {
		expect(model.refusals).toEqual([]);
		const turn = model.requests.find((request) => request.tools?.some((tool) => tool.function.name === 'Check_RFC')) as ChatRequest;
		const byName = Object.fromEntries((turn.tools ?? []).map((tool) => [tool.function.name, tool.function]));
		expect(byName.Check_RFC.description).toBe(CHECK_RFC_DESCRIPTION);
		expect(byName.Check_RFC.parameters).toMatchObject({ properties: { RFC: { type: 'string' } }, required: ['RFC'] });
		expect(byName.Get_Product.description).toBe(`Execute the ${nodeType('admintotalProductTool')} node`);
	});

	it('the tool call reached the tenant once and the model was sent back the verdict; the agent answered from it', () => {
		expect(requestsTo(sandbox, '/listanegra/').map((request) => request.query.rfc)).toEqual([LISTING.rfc]);
		const last = [...model.requests].reverse().find((request) => toolResults(request.messages).size > 0) as ChatRequest;
		// An Agent's node tool answers with the one-node run: its status and the node's output items.
		const [run] = toolResults(last.messages).get('Check_RFC') ?? [];
		expect(run).toMatchObject({ status: 'success' });
		expect(itemsOfRun([run])).toEqual([expect.objectContaining({ rfc: LISTING.rfc, listed: true, tipoLabel: 'Definitivo', blocking: true })]);
		// The chat streams the tool's run and the answer in pieces, as the Agents tab shows them.
		expect(events.filter((event) => event.type === 'tool-execution-end')).toEqual([expect.objectContaining({ toolName: 'Check_RFC', isError: false })]);
		const answer = events.filter((event) => event.type === 'text-delta').map((event) => String(event.delta)).join('');
		expect(answer).toBe(`${ANSWER_PREFIX} ${LISTING.rfc} listed=true Definitivo`);
		expect(JSON.stringify(events)).not.toContain(DEMO.apiKey);
		expect(last.messages.map(textOf).join('\n')).not.toContain(DEMO.apiKey);
	});
});

/** The stand-in model of the Agent: Check RFC on the listed RFC, then an answer from its result. */
function rfcCheckScript(request: ChatRequest): ScriptedReply {
	// Only a turn offering our tool is the agent's; n8n may ask the model for other things (a title).
	if (!request.tools?.some((tool) => tool.function.name === 'Check_RFC')) return { content: 'RFC check' };
	const results = toolResults(request.messages);
	if (results.size === 0) return { toolCalls: [{ name: 'Check_RFC', arguments: { RFC: LISTING.rfc } }] };
	const [verdict = {}] = itemsOfRun(results.get('Check_RFC'));
	return { content: `${ANSWER_PREFIX} ${String(verdict.rfc)} listed=${String(verdict.listed)} ${String(verdict.tipoLabel)}` };
}

/** The items of an Agent node tool's answer `{ status, data: [{ json }] }`. */
function itemsOfRun(results: Array<Record<string, unknown>> | undefined): Array<Record<string, unknown>> {
	const data = (results?.[0]?.data ?? []) as Array<{ json?: Record<string, unknown> }>;
	return data.map((item) => item.json ?? {});
}

/** A copy of Create Prospect whose description is left to n8n, added by the suite only. */
const AUTO_DESCRIBED = 'Create_Prospect_Auto';

/**
 * The example with its opt-in write tool enabled, as a user who opts in does, and a copy of it
 * described automatically (never called), to read what n8n tells a model of a Create by default.
 */
function forTheSuite(workflow: WorkflowFixture): WorkflowFixture {
	const nodes = workflow.nodes.map((node) => Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'disabled')) as typeof node);
	const create = nodes.find((node) => node.name === 'Create Prospect');
	if (!create) throw new Error(`${EXAMPLE} has no Create Prospect`);
	const auto = { ...create, id: 'e2e0a000-0007-4000-8000-00000000a070', name: AUTO_DESCRIBED.replace(/_/g, ' '), parameters: { ...create.parameters, descriptionType: 'auto', toolDescription: '' } };
	const connections = { ...workflow.connections, [auto.name]: (workflow.connections as Record<string, unknown>)['Create Prospect'] } as WorkflowFixture['connections'];
	return { ...workflow, nodes: [...nodes, auto], connections };
}

function trigger(workflow: WorkflowFixture) {
	const node = workflow.nodes.find((candidate) => candidate.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
	if (!node) throw new Error(`${EXAMPLE} has no MCP Server Trigger`);
	return node;
}

async function connect(url: URL, token?: string): Promise<Client> {
	const client = new Client({ name: 'admintotal-e2e', version: '1.0.0' });
	const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
	await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
	return client;
}

/** A published workflow's webhooks register a few seconds after n8n is ready: connect until the endpoint answers. */
async function connectWhenRegistered(url: URL, token: string, timeoutMs = 60_000): Promise<Client> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return await connect(url, token);
		} catch (error) {
			if (Date.now() > deadline) throw new Error(`the MCP endpoint ${url.href} did not answer within ${timeoutMs} ms: ${String(error)}`);
			await sleep(500);
		}
	}
}

function text(result: CallResult): string {
	return (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
}

/** A good call's answer: the tool's output items, as n8n serialises them into one text part. */
function records(result: CallResult): Array<Record<string, unknown> & { id: number }> {
	if (result.isError) throw new Error(`the tool call failed: ${text(result)}`);
	const parsed = JSON.parse(text(result)) as unknown;
	return (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown> & { id: number }>;
}

/** What a client saw of our tools and their answers, kept for reading (not committed). */
async function recordArtifact(file: string, value: unknown) {
	const dir = join(REPO_ROOT, 'test', 'artifacts', 'mcp', RUNTIME);
	await fs.mkdir(dir, { recursive: true });
	await fs.writeFile(join(dir, file), JSON.stringify(value, null, 2) + '\n');
}

async function ownerCookie(server: N8nServer): Promise<string> {
	await server.setupOwner();
	return await server.login();
}
