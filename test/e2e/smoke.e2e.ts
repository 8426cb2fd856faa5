/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * Smoke test of the e2e driver on a real n8n (runtime from E2E_RUNTIME): a throw-away
 * community package is packed, installed like a user would, run headless with
 * `n8n execute`, then served by `n8n start` and triggered through its production webhook,
 * and the execution is read back through the public API.
 */
import { existsSync, promises as fs } from 'fs';
import { dirname, join } from 'path';
import {
	THROWAWAY_HELLO_TYPE,
	THROWAWAY_PACKAGE,
	THROWAWAY_TRIGGER_TYPE,
	MANUAL_TRIGGER,
	N8nInstance,
	disposeAllInstances,
	groupAlive,
	http,
	linearWorkflow,
	nodeId,
	nodeOutput,
	packThrowawayPackage,
	resolveRuntime,
	selectedRuntimeName,
	writeCredentialsFile,
	writeWorkflowFile,
	type N8nRuntime,
	type N8nServer,
	type WorkflowFixture,
} from './lib';

const RUNTIME = selectedRuntimeName();
const EXPECTED: Record<string, { n8n: string; node: RegExp }> = {
	node20: { n8n: '2.8.4', node: /^v22\.23\./ },
	node24: { n8n: '2.41.1', node: /^v24\.21\./ },
};

const helloWorkflow = linearWorkflow('e2eSmokeHello001', 1, 'E2E smoke: hello', [MANUAL_TRIGGER, { name: 'E2E Hello', type: THROWAWAY_HELLO_TYPE, parameters: { name: 'cli' } }]);

const failingWorkflow = linearWorkflow('e2eSmokeFailing1', 2, 'E2E smoke: stop and error', [
	MANUAL_TRIGGER,
	{ name: 'E2E Hello', type: THROWAWAY_HELLO_TYPE, parameters: { name: 'before the error' } },
	{ name: 'Boom', type: 'n8n-nodes-base.stopAndError', parameters: { errorMessage: 'boom from e2e' } },
]);

const hookWorkflow = (id: string, path: string, number: number, greetingName: string): WorkflowFixture =>
	linearWorkflow(id, number, `E2E smoke: webhook ${path}`, [
		{ name: 'E2E Trigger', type: THROWAWAY_TRIGGER_TYPE, parameters: { path }, webhookId: nodeId(number, 0) },
		{ name: 'E2E Hello', type: THROWAWAY_HELLO_TYPE, parameters: { name: greetingName } },
	]);

const publishedHook = hookWorkflow('e2eSmokeHookPub1', 'e2e-smoke-published', 3, 'webhook');
const apiHook = hookWorkflow('e2eSmokeHookApi1', 'e2e-smoke-api', 4, 'api');

describe(`e2e driver smoke on ${RUNTIME}`, () => {
	let runtime: N8nRuntime;
	let n8n: N8nInstance;
	let tarball: string;
	let server: N8nServer | undefined;

	beforeAll(async () => {
		runtime = await resolveRuntime();
		tarball = await packThrowawayPackage();
		n8n = await N8nInstance.create(runtime);
	});

	afterAll(async () => {
		await disposeAllInstances();
		if (tarball) await fs.rm(dirname(dirname(tarball)), { recursive: true, force: true });
	});

	test('runtime is the pinned n8n on the expected Node', () => {
		expect(runtime.name).toBe(RUNTIME);
		expect(runtime.version).toBe(EXPECTED[RUNTIME].n8n);
		expect(runtime.nodeVersion).toMatch(EXPECTED[RUNTIME].node);
		expect(existsSync(runtime.n8nBin)).toBe(true);
	});

	test('installs the package tarball into <userFolder>/.n8n/nodes', async () => {
		const name = await n8n.installPackage(tarball);
		expect(name).toBe(THROWAWAY_PACKAGE);
		expect(existsSync(join(n8n.nodesDir, 'node_modules', THROWAWAY_PACKAGE, 'dist', 'nodes', 'E2eHello', 'E2eHello.node.js'))).toBe(true);
	});

	test('imports a credential (stored encrypted, decrypts to the same data)', async () => {
		const file = await writeCredentialsFile(n8n.workDir, {
			id: 'e2eSmokeCred0001',
			name: 'E2E smoke header',
			type: 'httpHeaderAuth',
			data: { name: 'X-E2E', value: 'secret-value' },
		});
		await n8n.importCredentials(file);
		const exported = join(n8n.workDir, 'exported-credentials.json');
		await n8n.cliOk(['export:credentials', '--id=e2eSmokeCred0001', '--decrypted', `--output=${exported}`]);
		const credentials = JSON.parse(await fs.readFile(exported, 'utf8')) as Array<{ id: string; type: string; data: unknown }>;
		expect(credentials).toHaveLength(1);
		expect(credentials[0]).toMatchObject({ id: 'e2eSmokeCred0001', type: 'httpHeaderAuth', data: { name: 'X-E2E', value: 'secret-value' } });
	});

	test('imports and executes a workflow using the package node (n8n execute)', async () => {
		await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, helloWorkflow));
		const result = await n8n.execute(helloWorkflow.id);
		expect({ succeeded: result.succeeded, stderr: result.succeeded ? '' : result.stdout + result.stderr }).toEqual({ succeeded: true, stderr: '' });
		// node24 may segfault at exit after a complete result (see the runtime recipe).
		expect([0, 139]).toContain(result.exitCode);
		expect(nodeOutput(result.run!.data, 'E2E Hello')).toEqual([{ greeting: 'Hello cli', e2eNode: true, itemIndex: 0 }]);
	});

	test('reports a failing workflow as not succeeded, with its run JSON', async () => {
		await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, failingWorkflow));
		const result = await n8n.execute(failingWorkflow.id);
		expect(result.succeeded).toBe(false);
		expect(result.exitCode).not.toBe(0);
		expect(result.run?.data.resultData.error).toMatchObject({ message: 'boom from e2e', node: { name: 'Boom' } });
		expect(nodeOutput(result.run!.data, 'E2E Hello')).toEqual([{ greeting: 'Hello before the error', e2eNode: true, itemIndex: 0 }]);
	});

	test('serves the published webhook; the execution is read back through the public API', async () => {
		await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, [publishedHook, apiHook]));
		await n8n.publishWorkflow(publishedHook.id);

		server = await n8n.startServer();
		expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		await server.waitForWebhook('e2e-smoke-published');

		const response = await server.callWebhook<Record<string, unknown>>('e2e-smoke-published?from=test', { body: { hello: 'e2e' } });
		expect(response.status).toBe(200);
		expect(response.body).toEqual({ body: { hello: 'e2e' }, query: { from: 'test' }, via: 'e2eTrigger', greeting: 'Hello webhook', e2eNode: true, itemIndex: 0 });

		await server.ensureApiKey();
		const executions = await server.waitForExecutions({ workflowId: publishedHook.id, includeData: true });
		expect(executions).toHaveLength(1);
		expect(executions[0]).toMatchObject({ workflowId: publishedHook.id, status: 'success', mode: 'webhook', finished: true });
		expect(nodeOutput(executions[0].data!, 'E2E Hello')).toEqual([
			{ body: { hello: 'e2e' }, query: { from: 'test' }, via: 'e2eTrigger', greeting: 'Hello webhook', e2eNode: true, itemIndex: 0 },
		]);
	});

	test('activates a workflow through the public API on the running server', async () => {
		if (!server) throw new Error('server did not start in the previous test');
		const before = await server.callWebhook('e2e-smoke-api', { body: { n: 1 } });
		expect(before.status).toBe(404);
		await server.activateWorkflow(apiHook.id);
		await server.waitForWebhook('e2e-smoke-api', 15_000);
		const response = await server.callWebhook<Record<string, unknown>>('e2e-smoke-api', { body: { n: 2 } });
		expect(response.status).toBe(200);
		expect(response.body).toMatchObject({ body: { n: 2 }, greeting: 'Hello api' });
		const [execution] = await server.waitForExecutions({ workflowId: apiHook.id, includeData: true });
		expect(execution.status).toBe('success');
	});

	test('stop() ends n8n and its task runner and frees the port', async () => {
		if (!server) throw new Error('server did not start');
		const pid = server.pid;
		await server.stop();
		expect(server.running).toBe(false);
		expect(groupAlive(pid)).toBe(false);
		await expect(http(`${server.baseUrl}/healthz`, { timeoutMs: 2_000 })).rejects.toThrow();
	});
});
