import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordedRequest } from '../types';

/** Every API request in arrival order, with its parsed body and final status (set before the answer leaves). */

export const CONTROL_PREFIX = '/__sandbox';

export function isControlPath(url: string): boolean {
	return url === CONTROL_PREFIX || url.startsWith(`${CONTROL_PREFIX}/`) || url.startsWith(`${CONTROL_PREFIX}?`);
}

export class RequestLog {
	readonly requests: RecordedRequest[] = [];
	private readonly byRequest = new WeakMap<FastifyRequest, RecordedRequest>();
	/** API requests received and not yet answered (or dropped). */
	private unanswered = 0;

	clear(): void {
		this.requests.length = 0;
	}

	/** The record of a request, if it is being recorded. */
	recordOf(request: FastifyRequest): RecordedRequest | undefined {
		return this.byRequest.get(request);
	}

	install(app: FastifyInstance): void {
		app.addHook('onRequest', async (request, reply) => {
			if (isControlPath(request.url)) return;
			const alongside = this.unanswered++;
			reply.raw.once('close', () => this.unanswered--);
			const [path, rawQuery = ''] = splitUrl(request.url);
			const record: RecordedRequest = {
				method: request.method,
				path,
				url: request.url,
				query: Object.fromEntries(new URLSearchParams(rawQuery)),
				headers: flattenHeaders(request.headers),
				body: undefined,
				status: 0,
				at: Date.now(),
				alongside,
			};
			this.requests.push(record);
			this.byRequest.set(request, record);
		});
		app.addHook('preHandler', async (request) => {
			const record = this.byRequest.get(request);
			if (record) record.body = recordableBody(request.body);
		});
		app.addHook('onSend', async (request, reply, payload) => {
			const record = this.byRequest.get(request);
			if (record) {
				record.status = reply.statusCode;
				if (record.body === undefined) record.body = recordableBody(request.body);
			}
			return payload;
		});
	}
}

/** Bodies the JSON parser could not take are kept out of the record (see bodyParsing.ts). */
function recordableBody(body: unknown): unknown {
	return body !== null && typeof body === 'object' && 'unsupportedMediaType' in body ? undefined : body;
}

export function splitUrl(url: string): [string, string | undefined] {
	const index = url.indexOf('?');
	return index < 0 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

function flattenHeaders(headers: FastifyRequest['headers']): Record<string, string> {
	const flat: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return flat;
}
