/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * What the Admintotal end-to-end suites share: our package packed once per jest process, one
 * n8n instance per file with it installed like a user does, credentials pointing at the
 * in-process sandbox, workflow builders, the example workflows, and a few words to read what
 * the sandbox received.
 */
import { existsSync, promises as fs, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { RecordedRequest, Sandbox } from '../../sandbox';
import {
	N8nInstance,
	REPO_ROOT,
	buildAndPackProject,
	disposeAllInstances,
	linearWorkflow,
	nodeId,
	sleep,
	writeCredentialsFile,
	writeWorkflowFile,
	type CreateInstanceOptions,
	type CredentialFixture,
	type N8nRuntime,
	type WorkflowFixture,
} from '../lib';

export const PACKAGE = 'n8n-nodes-admintotal';
/** Ids the example workflows use for their credentials (examples/README.md). */
export const EXAMPLE_API_CREDENTIAL = { id: 'admintotalDemoCr1', name: 'Admintotal API' };
export const EXAMPLE_DELIVERY_CREDENTIAL = { id: 'admintotalDemoWh1', name: 'Admintotal Webhook Delivery' };
/** The Bearer Auth credential example 7's MCP Server Trigger asks MCP clients for. */
export const EXAMPLE_MCP_CREDENTIAL = { id: 'admintotalDemoMcp1', name: 'Admintotal MCP clients' };

/** `n8n-nodes-admintotal.<name>`, e.g. type('admintotalSalesNote'). */
export function nodeType(name: string): string {
	return `${PACKAGE}.${name}`;
}

// ---------------------------------------------------------------------------------------------
// The package, built and packed once per jest process (the files of one run share the process).

let packing: Promise<string> | undefined;

/**
 * `npm run build` + `npm pack` of this repository, once per test process: jest runs the e2e
 * files in band (maxWorkers 1), so the tarball is kept in a folder named after the process and
 * removed when the process exits. `E2E_PACKAGE_TARBALL=<path.tgz>` installs that tarball instead.
 */
export function packedProject(): Promise<string> {
	// A given tarball (e.g. a release candidate) is installed as is, without building.
	const given = process.env.E2E_PACKAGE_TARBALL;
	if (given) return Promise.resolve(given);
	packing ??= (async () => {
		const dir = join(tmpdir(), `admintotal-e2e-pack-${process.pid}`);
		const marker = join(dir, 'tarball.txt');
		if (existsSync(marker)) {
			const tarball = (await fs.readFile(marker, 'utf8')).trim();
			if (existsSync(tarball)) return tarball;
		}
		await fs.rm(dir, { recursive: true, force: true });
		await fs.mkdir(dir, { recursive: true });
		process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
		const tarball = await buildAndPackProject({ destDir: dir });
		await fs.writeFile(marker, tarball);
		return tarball;
	})();
	packing.catch(() => (packing = undefined));
	return packing;
}

/** A fresh n8n user folder with our packed package installed in `~/.n8n/nodes`, as a user does by hand. */
export async function instanceWithPackage(runtime: N8nRuntime, options?: CreateInstanceOptions): Promise<N8nInstance> {
	const tarball = await packedProject();
	const n8n = await N8nInstance.create(runtime, options);
	const installed = await n8n.installPackage(tarball);
	if (installed !== PACKAGE) throw new Error(`installed ${installed}, expected ${PACKAGE}`);
	return n8n;
}

/** Import credentials and workflows with one CLI call each (every call is an n8n start-up). */
export async function importAll(n8n: N8nInstance, credentials: CredentialFixture[], workflows: WorkflowFixture[]): Promise<void> {
	await n8n.importCredentials(await writeCredentialsFile(n8n.workDir, credentials));
	await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, workflows));
}

// ---------------------------------------------------------------------------------------------
// Credentials.

export function apiKeyCredential(sandbox: Sandbox, apiKey: string, ref = EXAMPLE_API_CREDENTIAL): CredentialFixture {
	return { ...ref, type: 'admintotalApi', data: { baseUrl: sandbox.url, authMethod: 'apiKey', apiKey } };
}

export function jwtCredential(sandbox: Sandbox, username: string, password: string, ref: { id: string; name: string }): CredentialFixture {
	return { ...ref, type: 'admintotalApi', data: { baseUrl: sandbox.url, authMethod: 'jwt', username, password } };
}

export function deliveryCredential(token: string, ref = EXAMPLE_DELIVERY_CREDENTIAL): CredentialFixture {
	return { ...ref, type: 'admintotalWebhookApi', data: { token, username: '', password: '' } };
}

/** n8n's Bearer Auth credential with the token MCP clients must send (example 7). */
export function mcpClientsCredential(token: string, ref = EXAMPLE_MCP_CREDENTIAL): CredentialFixture {
	return { ...ref, type: 'httpBearerAuth', data: { token } };
}

export function uses(credential: CredentialFixture): Record<string, { id: string; name: string }> {
	return { [credential.type]: { id: credential.id, name: credential.name } };
}

// ---------------------------------------------------------------------------------------------
// Workflows (the generic builders live in the driver; bench/n8n imports them from here).

export { MANUAL_TRIGGER, linearWorkflow, nodeId, setJson, type NodeSpec } from '../lib';

/** A workflow of one Admintotal Trigger on price and stock changes, named `node`, with these credentials. */
export function priceStockTrigger(id: string, number: number, node: string, parameters: Record<string, unknown>, credentials: CredentialFixture[] = [], typeVersion = 1): WorkflowFixture {
	const credentialRefs = Object.assign({}, ...credentials.map(uses)) as Record<string, { id: string; name: string }>;
	return linearWorkflow(id, number, `E2E: ${node}`, [
		{ name: node, type: nodeType('admintotalTrigger'), typeVersion, webhookId: nodeId(number, 0), parameters: { event: 'priceStockChanged', options: {}, ...parameters }, credentials: credentialRefs },
	]);
}

/** An example workflow as shipped in examples/, parsed. */
export async function loadExample(file: string): Promise<WorkflowFixture> {
	return JSON.parse(await fs.readFile(join(REPO_ROOT, 'examples', file), 'utf8')) as WorkflowFixture;
}

/** The path of the production webhook of a node with a webhookId and a non-full path: `<webhookId>/<path>`. */
export function triggerPath(workflow: WorkflowFixture, nodeName: string, path = 'webhook'): string {
	const node = workflow.nodes.find((candidate) => candidate.name === nodeName);
	if (!node?.webhookId) throw new Error(`node "${nodeName}" of ${workflow.id} has no webhookId`);
	return `${node.webhookId}/${path}`;
}

// ---------------------------------------------------------------------------------------------
// What the sandbox received.

export const API_PREFIX = '/api/v2';

/** Requests to a path relative to /api/v2 (e.g. `/prospectos/`), optionally of one method. */
/** The request that asked `failed`'s page again: the next one to the same URL (pages read side by side interleave). */
export function askedAgain(requests: RecordedRequest[], failed: RecordedRequest): RecordedRequest | undefined {
	return requests.slice(requests.indexOf(failed) + 1).find((request) => request.url === failed.url);
}

export function requestsTo(sandbox: Sandbox, path: string, method?: string): RecordedRequest[] {
	return sandbox.requests.filter((request) => request.path === `${API_PREFIX}${path}` && (method === undefined || request.method === method));
}

/** Requests that change something (anything but GET), as `[method, path without /api/v2, body]`. */
export function writes(sandbox: Sandbox): Array<[string, string, unknown]> {
	return sandbox.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path.replace(API_PREFIX, ''), request.body]);
}

/** Poll until `condition` holds; throws with `what` after the timeout. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(50);
	}
}

/** For a file's tests: the sandbox's requests and faults cleared before each; every n8n and the sandbox stopped after the file. */
export function resetSandboxAndStopAfterAll(sandbox: () => Sandbox | undefined): void {
	beforeEach(() => {
		sandbox()?.clearRequests();
		sandbox()?.faults.clear();
	});
	afterAll(async () => {
		await disposeAllInstances();
		await sandbox()?.close();
	});
}

/** Milliseconds a step took, for the log of a run (`[e2e node20] label: 1234 ms`). */
export async function timed<T>(runtime: string, label: string, step: () => Promise<T>): Promise<T> {
	const started = Date.now();
	try {
		return await step();
	} finally {
		process.stderr.write(`[e2e ${runtime}] ${label}: ${Date.now() - started} ms\n`);
	}
}
