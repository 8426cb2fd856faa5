/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/*
 * Every request of a node's run goes through the node's settings, the login included: with each way
 * in, a tenant with a self-signed certificate answers when Ignore SSL Issues is on, and behind the
 * node's Proxy every request the tenant receives (the login's too) comes through the proxy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { credentialFor, runNode } from '../harness/engine';
import { startConnectProxy, startSelfSignedTenant } from '../harness/tlsTenant';

const WAYS_IN = {
	'API key': { authMethod: 'apiKey', apiKey: 'key-1' },
	'Username and Password (JWT)': { authMethod: 'jwt', username: 'ana', password: 'secreto' },
	'Username and Password (API Key Login)': { authMethod: 'loginApiKey', username: 'ana', password: 'secreto' },
};

describe.each(Object.entries(WAYS_IN))('the node settings reach every request, the login included (%s)', (way, credentialData) => {
	let folder: string;
	let tenant: Awaited<ReturnType<typeof startSelfSignedTenant>>;
	let proxy: Awaited<ReturnType<typeof startConnectProxy>>;

	beforeAll(async () => {
		folder = mkdtempSync(path.join(tmpdir(), 'admintotal-tls-'));
		tenant = await startSelfSignedTenant(folder);
		proxy = await startConnectProxy();
	});
	afterAll(async () => {
		await tenant?.close();
		await proxy?.close();
		rmSync(folder, { recursive: true, force: true });
	});
	beforeEach(() => {
		tenant.received.length = 0;
		tenant.state.loginDelayMs = 0;
		proxy.tunnelPorts.clear();
	});

	// A user of its own per test: a login of the same account a moment ago would be shared (nodes/shared/tenant/sessions.ts).
	let user = 0;
	const getBankAccount = async (requestOptions: object) =>
		await runNode({
			node: 'admintotalBankAccount',
			parameters: { resource: 'bankAccount', operation: 'get', bankAccountId: { __rl: true, mode: 'id', value: '1' }, requestOptions },
			credential: credentialFor({ baseUrl: tenant.url, ...credentialData, ...('username' in credentialData ? { username: `ana-${++user}` } : {}) }),
		});
	const logins = () => tenant.received.filter((request) => request.method === 'POST');

	it('without Ignore SSL Issues, the self-signed tenant is refused (the test tenant is what it claims)', async () => {
		const run = await getBankAccount({});
		expect(run.error?.message ?? '').toMatch(/self[- ]signed/i);
	});

	it('Ignore SSL Issues on: the run (its login too) reaches the self-signed tenant', async () => {
		const run = await getBankAccount({ allowUnauthorizedCerts: true });
		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([expect.objectContaining({ id: 1 })]);
		expect(logins()).toHaveLength(way === 'API key' ? 0 : 1);
	});

	it("Proxy and Ignore SSL Issues: every request the tenant receives, the login's too, comes through the proxy", async () => {
		const run = await getBankAccount({ allowUnauthorizedCerts: true, proxy: proxy.url });
		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([expect.objectContaining({ id: 1 })]);
		expect(logins()).toHaveLength(way === 'API key' ? 0 : 1);
		expect(tenant.received.length).toBeGreaterThan(0);
		for (const request of tenant.received) expect(proxy.tunnelPorts).toContain(request.fromPort);
	});

	if (way !== 'API key') {
		it("the node's Timeout bounds the login: a login answered after 2 s fails at 300 ms", async () => {
			tenant.state.loginDelayMs = 2000;
			const started = Date.now();
			const run = await getBankAccount({ allowUnauthorizedCerts: true, timeout: 300 });
			expect(run.error?.message ?? '').toMatch(/300 ms|timeout/i);
			expect(Date.now() - started).toBeLessThan(1900);
		});
	}
});
