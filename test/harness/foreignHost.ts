/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/*
 * A second web server on another port standing in for a foreign host: it records everything it
 * receives (method, address, headers, body), so a test can prove no credential ever reached it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { perFile } from './perFile';

export interface ForeignHit {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export interface ForeignHost {
	readonly url: string;
	readonly hits: ForeignHit[];
	close(): Promise<void>;
}

export async function startForeignHost(): Promise<ForeignHost> {
	const hits: ForeignHit[] = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			hits.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
			// An answer a careless client would take as success.
			response.setHeader('content-type', 'application/json');
			response.end(JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 1, stolen: true }], access: 'x', refresh: 'y', usuario: { api_key: 'z' } }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://localhost:${port}`,
		hits,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A foreign host for the tests of one file, emptied before each. */
export const foreignHostPerFile = () => perFile(startForeignHost, (host) => (host.hits.length = 0));
