/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
/*
 * A tenant that answers as an attacker on the server side would: each test gives it a handler that
 * echoes what it was sent, drips a body, or streams more than any page holds. It records what it
 * received and how many bytes it managed to send before the client hung up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { perFile } from './perFile';

export interface HostileHit {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export type HostileHandler = (hit: HostileHit, response: http.ServerResponse) => void;

export interface HostileTenant {
	readonly url: string;
	readonly hits: HostileHit[];
	/** Bytes written to answers so far (body only), and whether a client hung up before an answer ended. */
	readonly sent: { bytes: number; hungUp: boolean };
	answer: HostileHandler;
	close(): Promise<void>;
}

const notFound: HostileHandler = (_hit, response) => {
	response.writeHead(404, { 'content-type': 'application/json' });
	response.end('{"detail":"No encontrado."}');
};

export async function startHostileTenant(): Promise<HostileTenant> {
	const tenant = { hits: [] as HostileHit[], sent: { bytes: 0, hungUp: false }, answer: notFound } as HostileTenant & { url: string };
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const hit = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
			tenant.hits.push(hit);
			response.on('close', () => {
				if (!response.writableFinished) tenant.sent.hungUp = true;
			});
			tenant.answer(hit, response);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	tenant.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	tenant.close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return tenant;
}

/** A hostile tenant for the tests of one file, reset before each. */
export const hostileTenantPerFile = () =>
	perFile(startHostileTenant, (tenant) => {
		tenant.hits.length = 0;
		tenant.sent.bytes = 0;
		tenant.sent.hungUp = false;
		tenant.answer = notFound;
	});

export function json(response: http.ServerResponse, status: number, body: unknown) {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

/**
 * Answers every GET with a DRF page of `records` (read at each request, so a test can add to them),
 * paged by `limit`/`offset` with absolute `next` links that end with the records. `count` is the
 * records' number, a number the tenant claims instead (a lie), or 'none' for pages without it.
 */
export function servePages(tenant: HostileTenant, records: readonly object[], { count }: { count?: number | 'none' } = {}) {
	tenant.answer = (hit, response) => {
		const { pathname, searchParams } = new URL(hit.url, tenant.url);
		const limit = Number(searchParams.get('limit') ?? 100);
		const offset = Number(searchParams.get('offset') ?? 0);
		const next = new URL(hit.url, tenant.url);
		next.searchParams.set('offset', String(offset + limit));
		json(response, 200, {
			...(count === 'none' ? {} : { count: count ?? records.length }),
			next: offset + limit < records.length ? `${tenant.url}${pathname}${next.search}` : null,
			previous: null,
			results: records.slice(offset, offset + limit),
		});
	};
}

/** Writes `total` bytes of `filler` after `head` and before `tail`, waiting for the client to read (so a client that stops reading stops it). */
export function stream(response: http.ServerResponse, tenant: HostileTenant, { head, filler, total, tail }: { head: string; filler: string; total: number; tail: string }) {
	response.writeHead(200, { 'content-type': 'application/json' });
	const chunk = Buffer.from(filler.repeat(Math.ceil(65536 / filler.length)).slice(0, 65536));
	let left = total;
	response.write(head);
	const write = () => {
		while (left > 0 && !response.destroyed) {
			const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
			left -= piece.length;
			tenant.sent.bytes += piece.length;
			if (!response.write(piece)) {
				response.once('drain', write);
				return;
			}
		}
		if (!response.destroyed) response.end(tail);
	};
	write();
}

/** One byte at a time, every `everyMs`, until the client hangs up. */
export function drip(response: http.ServerResponse, tenant: HostileTenant, everyMs: number) {
	response.writeHead(200, { 'content-type': 'application/json' });
	response.write('{"count": 1, "next": null, "results": [{"id": 1, "nombre": "');
	const timer = setInterval(() => {
		if (response.destroyed) return clearInterval(timer);
		tenant.sent.bytes += 1;
		response.write('x');
	}, everyMs);
	response.on('close', () => clearInterval(timer));
}
