/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code runs in Node.js, not inside n8n */
/*
 * A tenant with a self-signed certificate (made with openssl in the test's temp folder) that knows
 * the three ways in, and a small CONNECT proxy, both on 127.0.0.1: for the node's Proxy and Ignore
 * SSL Issues, the login included.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface Received {
	method: string;
	path: string;
	/** The port the request came from: the proxy's, when it came through the proxy. */
	fromPort: number;
}

/** A self-signed https tenant on 127.0.0.1 that knows the three ways in. */
export async function startSelfSignedTenant(folder: string) {
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
export async function startConnectProxy() {
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

