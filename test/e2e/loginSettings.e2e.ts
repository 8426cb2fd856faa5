/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * The login goes through the node's settings inside a real n8n (E2E_RUNTIME=node20|node24): a JWT
 * credential against a tenant with a self-signed certificate behind a CONNECT proxy, with Ignore SSL
 * Issues and the Proxy set on the node. The node hands its settings to the credential's login with
 * the credential it passes to n8n, and n8n stores what the login returns into that same object:
 * what n8n stored afterwards must hold the new session and nothing of the node's settings.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startConnectProxy, startSelfSignedTenant } from '../harness/tlsTenant';
import { nodeOutput, resolveRuntime, selectedRuntimeName, type CredentialFixture, type N8nInstance } from './lib';
import { MANUAL_TRIGGER, importAll, instanceWithPackage, linearWorkflow, nodeType, timed, uses } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
/**
 * n8n 2.8 (node20) checks the certificate of an https address reached through a proxy even with
 * Ignore SSL Issues on (its proxy agent), for every request alike: there a self-signed tenant behind
 * the node's Proxy fails for each way in, the login no differently from the request it serves.
 */
const PROXY_HONOURS_IGNORE_SSL = RUNTIME !== 'node20';

describe(`the login through the node's Proxy and Ignore SSL Issues, in n8n (${RUNTIME})`, () => {
	let folder: string;
	let n8n: N8nInstance;
	let tenant: Awaited<ReturnType<typeof startSelfSignedTenant>>;
	let proxy: Awaited<ReturnType<typeof startConnectProxy>>;
	const credential = (): CredentialFixture => ({
		id: 'loginSettings001',
		name: 'Admintotal self-signed (JWT)',
		type: 'admintotalApi',
		data: { baseUrl: tenant.url, authMethod: 'jwt', username: 'ana', password: 'secreto' },
	});

	/** Another account, so that its first login is its own. */
	const otherCredential = (): CredentialFixture => ({ ...credential(), id: 'loginSettings002', name: 'Admintotal self-signed (JWT), no proxy', data: { ...credential().data, username: 'berta' } });

	const keyCredential = (): CredentialFixture => ({ ...credential(), id: 'loginSettings003', name: 'Admintotal self-signed (API key)', data: { baseUrl: tenant.url, authMethod: 'apiKey', apiKey: 'key-1' } });

	beforeAll(async () => {
		folder = mkdtempSync(path.join(tmpdir(), 'admintotal-tls-e2e-'));
		tenant = await startSelfSignedTenant(folder);
		proxy = await startConnectProxy();
		n8n = await timed(RUNTIME, 'build, pack and install the package', async () => await instanceWithPackage(await resolveRuntime()));
		const getBankAccount = (id: string, number: number, credentialData: ReturnType<typeof credential>, requestOptions: object) =>
			linearWorkflow(id, number, `E2E: login settings ${id}`, [
				MANUAL_TRIGGER,
				{
					name: 'Under Test',
					type: nodeType('admintotalBankAccount'),
					credentials: uses(credentialData),
					parameters: { resource: 'bankAccount', operation: 'get', bankAccountId: { __rl: true, mode: 'id', value: '1' }, requestOptions },
				},
			]);
		const viaProxy = getBankAccount('loginSettings01', 61, credential(), { allowUnauthorizedCerts: true, proxy: proxy.url });
		const insecure = getBankAccount('loginSettings02', 62, otherCredential(), { allowUnauthorizedCerts: true });
		const keyViaProxy = getBankAccount('loginSettings03', 63, keyCredential(), { allowUnauthorizedCerts: true, proxy: proxy.url });
		await importAll(n8n, [credential(), otherCredential(), keyCredential()], [viaProxy, insecure, keyViaProxy]);
	});

	afterAll(async () => {
		await n8n?.dispose();
		await tenant?.close();
		await proxy?.close();
		rmSync(folder, { recursive: true, force: true });
	});

	test('Ignore SSL Issues alone: a first JWT login to a self-signed tenant succeeds', async () => {
		const run = await timed(RUNTIME, 'execute', async () => await n8n.executeOk('loginSettings02'));
		expect(nodeOutput(run.data, 'Under Test')).toEqual([expect.objectContaining({ id: 1 })]);
		expect(tenant.received.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/v2/token/']);
		tenant.received.length = 0;
	});

	test('an API key (no login): the request goes through the proxy to the self-signed tenant', async () => {
		if (!PROXY_HONOURS_IGNORE_SSL) {
			const refused = await timed(RUNTIME, 'execute', async () => await n8n.execute('loginSettings03'));
			expect(refused.run?.data.resultData.error?.message).toBe('self-signed certificate');
			return;
		}
		const run = await timed(RUNTIME, 'execute', async () => await n8n.executeOk('loginSettings03'));
		expect(nodeOutput(run.data, 'Under Test')).toEqual([expect.objectContaining({ id: 1 })]);
		for (const request of tenant.received) expect(proxy.tunnelPorts).toContain(request.fromPort);
		tenant.received.length = 0;
	});

	test('a first JWT login to a self-signed tenant goes through the proxy, and n8n stores the session without the node settings', async () => {
		if (!PROXY_HONOURS_IGNORE_SSL) {
			const refused = await timed(RUNTIME, 'execute', async () => await n8n.execute('loginSettings01'));
			expect(refused.run?.data.resultData.error?.message).toBe('self-signed certificate');
			// The login went through the proxy all the same: the tenant saw no request from anywhere else.
			for (const request of tenant.received) expect(proxy.tunnelPorts).toContain(request.fromPort);
			return;
		}
		const run = await timed(RUNTIME, 'execute', async () => await n8n.executeOk('loginSettings01'));
		expect(nodeOutput(run.data, 'Under Test')).toEqual([expect.objectContaining({ id: 1 })]);
		expect(tenant.received.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/v2/token/']);
		for (const request of tenant.received) expect(proxy.tunnelPorts).toContain(request.fromPort);

		const exported = path.join(folder, 'credentials.json');
		await n8n.cliOk(['export:credentials', '--id=loginSettings001', '--decrypted', `--output=${exported}`]);
		const [stored] = JSON.parse(readFileSync(exported, 'utf8')) as Array<{ data: Record<string, unknown> }>;
		expect(stored.data.sessionToken).toBe('access-1');
		expect(Object.keys(stored.data).sort()).toEqual(['authMethod', 'baseUrl', 'password', 'refreshToken', 'sessionToken', 'username']);
	});
});
