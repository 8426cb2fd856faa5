/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * A throttled tenant for the bench: a front on 127.0.0.1 that passes requests on to the sandbox
 * while fewer than `limit` are in flight, and answers the others 429 with Retry-After: 1, as a
 * tenant behind a rate limiter does. It keeps the Host header, so the sandbox's next links point
 * at the front.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ThrottledTenant {
	url: string;
	limit: number;
	/** 429 answers given so far (reset by the bench before each run). */
	throttled: number;
	close(): Promise<void>;
}

export async function startThrottledTenant(target: string, limit: number): Promise<ThrottledTenant> {
	let inFlight = 0;
	const tenant = { limit, throttled: 0 } as ThrottledTenant;
	const server = http.createServer((request, response) => {
		if (inFlight >= limit) {
			tenant.throttled++;
			request.resume();
			response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
			response.end('{"detail":"Solicitud fue regulada (throttled). Expected available in 1 second."}');
			return;
		}
		inFlight++;
		response.once('close', () => inFlight--);
		const upstream = http.request(`${target}${request.url ?? '/'}`, { method: request.method, headers: request.headers }, (answer) => {
			response.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(response);
		});
		upstream.on('error', () => response.destroy());
		request.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	tenant.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	tenant.close = async () =>
		await new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return tenant;
}
