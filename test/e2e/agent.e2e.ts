/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * n8n's own AI Agent and OpenAI Chat Model (its Base URL at the scripted model of test/agent) call
 * our nodes as the tools n8n makes of usableAsTool nodes, parameters by `$fromAI()`: example 4 with
 * its chat trigger replaced by a manual start and the question. The tool schemas and requests are
 * also written to test/artifacts/agent/<runtime>/.
 */
import { promises as fs } from 'fs';
import { join } from 'path';

import { startScriptedModel, type ChatRequest, type ScriptedModel } from '../agent/scriptedModel';
import { EXAMPLE_TOOLS, satBlacklistScript, toolResults } from '../agent/satBlacklistScript';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import type { ListaNegra } from '../sandbox/schemas/listaNegra';
import { REPO_ROOT, disposeAllInstances, nodeOutput, resolveRuntime, selectedRuntimeName, type N8nInstance, type RunJson, type WorkflowFixture } from './lib';
import { EXAMPLE_API_CREDENTIAL, apiKeyCredential, importAll, instanceWithPackage, loadExample, requestsTo } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const EXAMPLE = 'ask-sat-blacklist-agent.json';
const TRIGGER = 'When Chat Message Received';
const QUESTION = `Is our customer ${DEMO.cliente.razonSocial} (RFC ${DEMO.cliente.rfc.toLowerCase()}) on the SAT blacklist? What did we sell them lately?`;
/** For this test the demo customer is on the list, as Presunto. */
const LISTING: ListaNegra = { rfc: DEMO.cliente.rfc, nombre: `${DEMO.cliente.razonSocial}, S.A. DE C.V.`, tipo: 3 };

describe(`An AI agent calls the Admintotal nodes as tools (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let model: ScriptedModel;
	let n8n: N8nInstance;
	let run: RunJson;
	let firstTurn: ChatRequest;

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		sandbox.store.listaNegra.push(LISTING);
		model = await startScriptedModel(satBlacklistScript());
		n8n = await instanceWithPackage(runtime);

		const example = await loadExample(EXAMPLE);
		const openAi = example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')!.credentials!.openAiApi;
		await importAll(
			n8n,
			[
				apiKeyCredential(sandbox, DEMO.apiKey, EXAMPLE_API_CREDENTIAL),
				{ ...openAi, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: `${model.url}/v1`, header: false } },
			],
			[withManualStart(example, QUESTION)],
		);
		const result = await n8n.execute(example.id);
		if (!result.succeeded || !result.run) {
			throw new Error(`the agent workflow failed on ${RUNTIME}: ${JSON.stringify(result.run?.data.resultData.error ?? result.stderr.slice(-2000))}\nmodel refusals: ${model.refusals.join('; ')}`);
		}
		run = result.run;
		firstTurn = model.requests[0];
		await recordConversation(model.requests);
	}, 10 * 60_000);

	afterAll(async () => {
		await disposeAllInstances();
		await model?.close();
		await sandbox?.close();
	});

	it('the model is sent both tools, named after their nodes, each with its $fromAI parameter and a description', () => {
		expect(model.refusals).toEqual([]);
		const tools = firstTurn.tools ?? [];
		expect(tools.map((tool) => tool.function.name).sort()).toEqual([EXAMPLE_TOOLS.checkRfc, EXAMPLE_TOOLS.salesNotes]);
		const byName = Object.fromEntries(tools.map((tool) => [tool.function.name, tool.function]));

		// n8n's automatic tool description is the operation's action followed by "in <node name>": it
		// must say which blacklist, or a model reads it as Admintotal's own list of bad customers.
		expect(byName.Check_RFC.description).toBe('Check whether an RFC is on the SAT 69-B blacklist in Admintotal Blacklist');
		expect(byName.Check_RFC.parameters).toMatchObject({
			type: 'object',
			properties: { RFC: { type: 'string', description: expect.stringContaining("customer's RFC") } },
			required: ['RFC'],
		});
		expect(Object.keys(byName.Check_RFC.parameters?.properties ?? {})).toEqual(['RFC']);
		expect(byName.Recent_Sales_Notes.description).toBe('Get many sales notes in Admintotal Sales Note');
		expect(byName.Recent_Sales_Notes.parameters).toMatchObject({
			properties: { Client_Business_Name: { type: 'string', description: expect.stringContaining('business name') } },
			required: ['Client_Business_Name'],
		});
		expect(Object.keys(byName.Recent_Sales_Notes.parameters?.properties ?? {})).toEqual(['Client_Business_Name']);
	});

	it("the sandbox received exactly the agent's two tool calls: the RFC check and the customer's latest active sales notes", () => {
		expect(requestsTo(sandbox, '/listanegra/').map((request) => request.query)).toEqual([{ rfc: DEMO.cliente.rfc, limit: '100' }]);
		expect(requestsTo(sandbox, '/movimientos/notas_venta/').map((request) => request.query)).toEqual([
			{ cliente_razon_social: DEMO.cliente.razonSocial, cancelado: '0', limit: '5' },
		]);
		expect(sandbox.requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});

	it('the model was sent back the Check RFC verdict and the sales notes, as the nodes output them', () => {
		expect(model.requests).toHaveLength(2);
		const results = toolResults(model.requests[1].messages);
		expect(results.get(EXAMPLE_TOOLS.checkRfc)).toEqual([
			expect.objectContaining({ rfc: DEMO.cliente.rfc, listed: true, tipo: 3, tipoLabel: 'Presunto', nombre: LISTING.nombre, blocking: true, generic: false }),
		]);
		const customerNotes = sandbox.store.notasVenta.filter((note) => note.cliente.razon_social.toLowerCase().includes(DEMO.cliente.razonSocial.toLowerCase()) && !note.cancelado);
		const sent = results.get(EXAMPLE_TOOLS.salesNotes) ?? [];
		expect(sent.length).toBe(Math.min(5, customerNotes.length));
		expect(sent.length).toBeGreaterThan(0);
		for (const note of sent) {
			expect(customerNotes.map((candidate) => candidate.id)).toContain(note.id);
			// Simplify keeps the client as id, business name and RFC.
			expect(note.cliente).toEqual({ id: DEMO.cliente.id, razon_social: expect.any(String), rfc: DEMO.cliente.rfc });
		}
	});

	it("the agent's answer is the one the model built from those tool results", () => {
		const [answer] = nodeOutput(run.data, 'AI Agent');
		const results = toolResults(model.requests[1].messages);
		const folios = (results.get(EXAMPLE_TOOLS.salesNotes) ?? []).map((note) => String(note.folio_completo ?? note.folio));
		expect(answer.output).toMatch(new RegExp(`^${DEMO.cliente.rfc} is on SAT's 69-B list as Presunto\\. Blocking: `));
		expect(answer.output).toContain('Presunto: SAT presumes simulated operations');
		expect(answer.output).toContain(`Latest sales notes: ${folios.join(', ')}.`);
	});
});

/** The example with its chat trigger swapped for a manual start and a node giving the question as `chatInput`. */
function withManualStart(example: WorkflowFixture, question: string): WorkflowFixture {
	const trigger = example.nodes.find((node) => node.name === TRIGGER);
	if (!trigger) throw new Error(`${EXAMPLE} has no node "${TRIGGER}"`);
	const agentLinks = (example.connections as Record<string, unknown>)[TRIGGER];
	const connections = { ...(example.connections as Record<string, unknown>) };
	delete connections[TRIGGER];
	return {
		...example,
		nodes: [
			...example.nodes.filter((node) => node !== trigger),
			{ id: 'a9e0a000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [-240, 0], parameters: {} },
			{
				id: 'a9e0a000-0000-4000-8000-000000000002',
				name: 'Question',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [0, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ chatInput: question }), options: {} },
			},
		],
		connections: { ...connections, Start: { main: [[{ node: 'Question', type: 'main', index: 0 }]] }, Question: agentLinks } as WorkflowFixture['connections'],
	};
}

/** The tools array and every request as the model received them, kept for reading (not committed). */
async function recordConversation(requests: ChatRequest[]) {
	const dir = join(REPO_ROOT, 'test', 'artifacts', 'agent', RUNTIME);
	await fs.mkdir(dir, { recursive: true });
	await fs.writeFile(join(dir, 'tools.json'), JSON.stringify(requests[0]?.tools ?? null, null, 2) + '\n');
	await fs.writeFile(join(dir, 'requests.json'), JSON.stringify(requests, null, 2) + '\n');
}
