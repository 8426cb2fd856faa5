/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * `npm run dev`, the README's first command, run exactly as a newcomer runs it: it must end with a
 * running n8n whose owner can log in and finds the credential and the examples, example 1 must turn
 * a shop order into a sales note in the sandbox, example 7 must serve its tools to an MCP client with
 * the printed token, and Ctrl-C must stop everything it started.
 * In the node24 pass it runs `npm run dev` as is (the newest n8n is the default); in the node20
 * pass `npm run dev -- --runtime node20`. Under E2E_FIRST_RUN=1 (test/e2e/first-run.sh, run by
 * .ci/run) the runtime cache is empty, so `npm run dev` itself installs n8n, as on a fresh machine.
 */
import type { ChildProcess } from 'child_process';
import { existsSync, readdirSync } from 'fs';
import { join } from 'path';

// The SDK's subpaths resolve through its package.json "exports", which the lint's resolver does not read (jest and tsc do).
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { DEMO } from '../sandbox';
import { REPO_ROOT, authCookie, freePort, groupAlive, http, killGroup, resolveRuntime, selectedRuntimeName, settlesWithin, sleep, spawnTracked, tail } from './lib';

const READY = 'n8n with the Admintotal nodes is ready.';
const RUNTIME = selectedRuntimeName();
/** The default is the newest runtime; the older one is asked for. */
const DEV_ARGS = RUNTIME === 'node24' ? ['run', 'dev'] : ['run', 'dev', '--', '--runtime', RUNTIME];
const FIRST_RUN = process.env.E2E_FIRST_RUN === '1';
/** Complete runtime installs in the cache `npm run dev` uses. */
const installed = (): string[] => {
	const cache = process.env.ADMINTOTAL_E2E_CACHE;
	if (!cache || !existsSync(cache)) return [];
	return readdirSync(cache).filter((entry) => entry.startsWith(`${RUNTIME}-`) && existsSync(join(cache, entry, '.install-complete')));
};

describe(`npm ${DEV_ARGS.join(' ')}`, () => {
	let dev: ChildProcess;
	let output = '';
	let exited: Promise<number | null>;
	let n8nUrl: string;
	let sandboxUrl: string;
	let cookie = '';

	beforeAll(async () => {
		if (FIRST_RUN) expect(installed()).toEqual([]);
		const [sandboxPort, n8nPort] = [await freePort(), await freePort()];
		n8nUrl = `http://127.0.0.1:${n8nPort}`;
		sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
		const env: NodeJS.ProcessEnv = { ...process.env, SANDBOX_PORT: String(sandboxPort), N8N_PORT: String(n8nPort) };
		// The runtime must come from the command line alone.
		delete env.DEV_RUNTIME;
		dev = spawnTracked('npm', DEV_ARGS, { cwd: REPO_ROOT, env });
		dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
		dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
		exited = new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
		const ready = new Promise<void>((resolve) => {
			// Polling stops when npm run dev exits, or the timer would keep jest from ever exiting.
			const check = () => {
				if (output.includes(READY)) resolve();
				else if (dev.exitCode === null && dev.signalCode === null) setTimeout(check, 250);
			};
			check();
		});
		await Promise.race([ready, exited.then((code) => Promise.reject(new Error(`npm run dev exited (${code}) before it was ready:\n${tail(output)}`)))]);
		// A first run installs n8n (measured cold: 7 to 11 minutes on this 2-core machine).
	}, (FIRST_RUN ? 30 : 5) * 60_000);

	if (FIRST_RUN) it(`on a fresh machine, npm run dev itself installed ${RUNTIME}'s n8n into the empty cache`, () => {
		expect(installed()).toHaveLength(1);
	});

	afterAll(async () => {
		// Only if a test failed before the Ctrl-C test ran.
		if (dev.exitCode === null) killGroup(dev.pid, 'SIGKILL');
	});

	it('prints where to open n8n and the login, and the owner can log in with it', async () => {
		expect(output).toContain(`Open        ${n8nUrl}`);
		const login = /Log in {6}(\S+) \/ (\S+)/.exec(output);
		expect(login).not.toBeNull();
		const response = await http(`${n8nUrl}/rest/login`, { body: { emailOrLdapLoginId: login![1], password: login![2] } });
		expect(response.status).toBe(200);
		cookie = authCookie(response) ?? '';
		expect(cookie).not.toBe('');
	});

	it(`the n8n that answers is the ${RUNTIME} runtime's, and the banner says which`, async () => {
		const runtime = await resolveRuntime(RUNTIME);
		const settings = await http<{ data: { versionCli: string } }>(`${n8nUrl}/rest/settings`, { headers: { cookie } });
		expect(settings.body.data.versionCli).toBe(runtime.version);
		expect(output).toContain(`n8n         ${runtime.version} on Node ${runtime.nodeVersion} (runtime ${RUNTIME};`);
	});

	it('n8n holds the ready "Admintotal API", "OpenAI" and MCP clients credentials and the seven example workflows', async () => {
		const credentials = await http<{ data: Array<{ name: string; type: string }> }>(`${n8nUrl}/rest/credentials`, { headers: { cookie } });
		expect(credentials.body.data.map((credential) => [credential.name, credential.type])).toEqual(
			expect.arrayContaining([
				['Admintotal API', 'admintotalApi'],
				['OpenAI', 'openAiApi'],
				['Admintotal MCP clients', 'httpBearerAuth'],
			]),
		);
		const workflows = await http<{ data: Array<{ id: string }> }>(`${n8nUrl}/rest/workflows`, { headers: { cookie } });
		expect(workflows.body.data.map((workflow) => workflow.id).sort()).toEqual(['admintotalExmpl01', 'admintotalExmpl02', 'admintotalExmpl03', 'admintotalExmpl04', 'admintotalExmpl05', 'admintotalExmpl06', 'admintotalExmpl07']);
	});

	it('example 7, as printed: an MCP client with the printed URL and token lists the four read tools', async () => {
		const printed = /MCP clients \(example 7, published\): (\S+) \(streamable HTTP\)\n\s+with the header {2}Authorization: Bearer (\S+)/.exec(output);
		expect(printed).not.toBeNull();
		const client = new Client({ name: 'dev-e2e', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(printed![1]), { requestInit: { headers: { authorization: `Bearer ${printed![2]}` } } }));
		try {
			expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['Check_RFC', 'Find_Products', 'Find_Sales_Notes', 'Get_Product']);
		} finally {
			await client.close();
		}
	});

	it('example 1, as printed: a shop order becomes a sales note in the sandbox tenant', async () => {
		const order = { order_number: 'W-DEV-1', customer: { rfc: DEMO.cliente.rfc }, line_items: [{ sku: DEMO.producto.codigo, quantity: 2, price: '189.50' }] };
		const response = await http<Array<{ id: number; folio: number }>>(`${n8nUrl}/webhook/shop-order`, { body: order });
		expect(response.status).toBe(200);
		expect(response.body).toHaveLength(1);
		const [created] = response.body;

		const notes = await http<{ results: Array<{ id: number }> }>(`${sandboxUrl}/api/v2/movimientos/notas_venta/?folio=${created.folio}`, { headers: { 'Api-key': DEMO.apiKey } });
		expect(notes.body.results.map((note) => note.id)).toEqual([created.id]);
	});

	it('Ctrl-C stops n8n and the sandbox, and leaves no process behind', async () => {
		// What a terminal does on Ctrl-C: SIGINT to the foreground process group (npm, sh, node).
		killGroup(dev.pid, 'SIGINT');
		expect(await settlesWithin(exited, 60_000)).toBe(true);
		// npm itself dies of the signal; dev.js may still be stopping n8n, so wait for the group.
		for (let waited = 0; groupAlive(dev.pid) && waited < 60_000; waited += 250) await sleep(250);
		expect(groupAlive(dev.pid)).toBe(false);
		for (const url of [n8nUrl, sandboxUrl]) await expect(http(url, { timeoutMs: 2000 })).rejects.toThrow();
	}, 150_000);
});
