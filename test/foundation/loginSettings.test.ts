/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in Node.js, not inside n8n */
/*
 * Every request of a node's run goes through the node's settings, the login included: with each way
 * in, a tenant with a self-signed certificate answers when Ignore SSL Issues is on, and behind the
 * node's Proxy every request the tenant receives (the login's too) comes through the proxy.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { credentialFor, runNode } from '../harness/engine';

interface Received {
	method: string;
	path: string;
	/** The port the request came from: the proxy's, when it came through the proxy. */
	fromPort: number;
}

/** A self-signed https tenant on 127.0.0.1 that knows the three ways in. */
async function startSelfSignedTenant(folder: string) {
	execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(folder, 'key.pem'), '-out', path.join(folder, 'cert.pem')], {
		stdio: 'ignore',
	});
	const received: Received[] = [];
	const state = { loginDelayMs: 0 };
	const server = https.createServer({ key: readFileSync(path.join(folder, 'key.pem')), cert: readFileSync(path.join(folder, 'cert.pem')) }, (request, response) => {
		received.push({ method: request.method ?? '', path: request.url ?? '', fromPort: request.socket.remotePort ?? 0 });
		request.resume();
		request.on('end', () => {
			const answer = (status: number, body: unknown) => {
				response.writeHead(status, { 'content-type': 'application/json' });
				response.end(JSON.stringify(body));
			};
			const url = request.url ?? '';
			if (url === '/api/v2/token/') return setTimeout(() => answer(200, { access: 'access-1', refresh: 'refresh-1' }), state.loginDelayMs);
			if (url === '/api/v2/usuarios/login_usuario/') return setTimeout(() => answer(200, { usuario: { api_key: 'key-from-login' } }), state.loginDelayMs);
			const authorized = ['Bearer access-1'].includes(String(request.headers.authorization)) || ['key-1', 'key-from-login'].includes(String(request.headers['api-key']));
			if (!authorized) return answer(401, { detail: 'Las credenciales de autenticación no se proveyeron.' });
			if (url.startsWith('/api/v2/cuentas_bancarias/1/')) return answer(200, { id: 1, nombre: 'Banorte', numero_cuenta: '0123' });
			answer(404, { detail: 'No encontrado.' });
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		received,
		state,
		url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () =>
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A small CONNECT proxy on 127.0.0.1 that notes the ports its tunnels leave from. */
async function startProxy() {
	const tunnelPorts = new Set<number>();
	const sockets = new Set<net.Socket>();
	const server = http.createServer((_request, response) => {
		response.writeHead(405);
		response.end();
	});
	server.on('connect', (request: http.IncomingMessage, client: net.Socket) => {
		const [host, port] = (request.url ?? '').split(':');
		const upstream = net.connect(Number(port), host, () => {
			tunnelPorts.add(upstream.localPort ?? 0);
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.pipe(client);
			client.pipe(upstream);
		});
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('error', () => socket.destroy());
			socket.on('close', () => sockets.delete(socket));
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		tunnelPorts,
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () =>
			await new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

const WAYS_IN = {
	'API key': { authMethod: 'apiKey', apiKey: 'key-1' },
	'Username and Password (JWT)': { authMethod: 'jwt', username: 'ana', password: 'secreto' },
	'Username and Password (API Key Login)': { authMethod: 'loginApiKey', username: 'ana', password: 'secreto' },
};

describe.each(Object.entries(WAYS_IN))('the node settings reach every request, the login included (%s)', (way, credentialData) => {
	let folder: string;
	let tenant: Awaited<ReturnType<typeof startSelfSignedTenant>>;
	let proxy: Awaited<ReturnType<typeof startProxy>>;

	beforeAll(async () => {
		folder = mkdtempSync(path.join(tmpdir(), 'admintotal-tls-'));
		tenant = await startSelfSignedTenant(folder);
		proxy = await startProxy();
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

	// A user of its own per test: a login of the same account a moment ago would be shared (tenant/sessions.ts).
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
