/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../drf/messages';
import type { FaultRule } from '../types';
import { API_PREFIX } from './routeTable';
import type { RequestLog } from './recording';
import { splitUrl } from './recording';

/**
 * Fault rules answer in place of the API, delay, drop or cut the answer; `nth` counts the requests
 * that rule matches. An `afterRoute` rule lets the route run first (a record is saved) and then
 * replaces its answer: the write Admintotal did whose answer the client never got. A `reshape`
 * rule rewrites the route's own answer.
 */

export class FaultInjector {
	private active: { rule: FaultRule; matched: number; fired: number }[] = [];
	/** Requests whose route runs first, with the `afterRoute` rule that then replaces its answer. */
	private readonly afterRoute = new WeakMap<FastifyRequest, FaultRule>();

	get rules(): readonly FaultRule[] {
		return this.active.map((a) => a.rule);
	}

	add(rule: FaultRule): void {
		this.active.push({ rule, matched: 0, fired: 0 });
	}

	clear(): void {
		this.active = [];
	}

	/** Counts the request against every matching rule and returns the first that fires. */
	match(method: string, path: string, rawQuery = ''): FaultRule | undefined {
		let firing: FaultRule | undefined;
		const query = new URLSearchParams(rawQuery);
		for (const active of this.active) {
			if (!matches(active.rule, method, path, query)) continue;
			active.matched++;
			const { nth, times } = active.rule;
			const limit = times ?? (nth !== undefined ? 1 : Infinity);
			const due = (nth === undefined || active.matched >= nth) && active.fired < limit;
			if (due && !firing) {
				active.fired++;
				firing = active.rule;
			}
		}
		return firing;
	}

	/**
	 * Applies a matching rule to a request, as a fastify preHandler. Returns true when the rule
	 * answered (or dropped) the request, so normal handling must not run.
	 */
	async apply(request: FastifyRequest, reply: FastifyReply, log: RequestLog): Promise<boolean> {
		const [path, rawQuery] = splitUrl(request.url);
		const rule = this.match(request.method, path, rawQuery);
		if (!rule) return false;
		rule.meanwhile?.();
		if (rule.delayMs) await sleep(rule.delayMs);
		if (rule.afterRoute || rule.reshape) {
			this.afterRoute.set(request, rule);
			return false;
		}
		if (rule.drop) {
			const record = log.recordOf(request);
			if (record) record.status = 0;
			reply.hijack();
			request.raw.socket.destroy();
			return true;
		}
		if (rule.truncate) {
			const record = log.recordOf(request);
			if (record) record.status = rule.status ?? 200;
			reply.hijack();
			const whole = Buffer.from(JSON.stringify(rule.body ?? { count: 1, next: null, previous: null, results: [{ id: 1 }] }));
			const raw = reply.raw;
			raw.writeHead(rule.status ?? 200, { 'content-type': 'application/json', 'content-length': String(whole.length) });
			raw.write(whole.subarray(0, Math.floor(whole.length / 2)), () => request.raw.socket.destroy());
			return true;
		}
		const answers = rule.status !== undefined || rule.body !== undefined || rule.retryAfterSeconds !== undefined;
		if (!answers) {
			if (rule.headers) void reply.headers(rule.headers);
			return false;
		}
		const { status, body } = answerOf(rule);
		if (rule.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(rule.retryAfterSeconds));
		if (rule.headers) void reply.headers(rule.headers);
		if (typeof body === 'string' && !reply.hasHeader('content-type')) void reply.type(textType(body));
		void reply.code(status).send(body);
		return true;
	}

	/**
	 * Replaces a route's successful answer with its `afterRoute` rule's (or drops the connection), as
	 * a fastify onSend hook installed after the request log's; an answer the route refused is left as
	 * it is, since nothing was saved.
	 */
	install(app: FastifyInstance, log: RequestLog): void {
		app.addHook('onSend', async (request, reply, payload) => {
			const rule = this.afterRoute.get(request);
			if (!rule || reply.statusCode >= 300) return payload;
			if (rule.reshape) return JSON.stringify(rule.reshape(JSON.parse(String(payload))));
			const record = log.recordOf(request);
			if (rule.drop) {
				if (record) record.status = 0;
				request.raw.socket.destroy();
				return payload;
			}
			const { status, body } = answerOf(rule);
			if (record) record.status = status;
			void reply.code(status);
			if (rule.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(rule.retryAfterSeconds));
			if (rule.headers) void reply.headers(rule.headers);
			if (typeof body === 'string') {
				if (!rule.headers || !Object.keys(rule.headers).some((name) => name.toLowerCase() === 'content-type')) void reply.header('content-type', textType(body));
				return body;
			}
			void reply.header('content-type', 'application/json; charset=utf-8');
			return JSON.stringify(body);
		});
	}
}

/** A body alone replaces the answer (200); a status alone gets the stack's usual body. */
function answerOf(rule: FaultRule): { status: number; body: unknown } {
	const status = rule.status ?? (rule.retryAfterSeconds !== undefined ? 429 : rule.body !== undefined ? 200 : 500);
	return { status, body: rule.body !== undefined ? rule.body : defaultBody(status, rule.retryAfterSeconds) };
}

function textType(body: string): string {
	return body.trimStart().startsWith('<') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
}

function matches(rule: FaultRule, method: string, path: string, query: URLSearchParams): boolean {
	if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
	if (rule.query && Object.entries(rule.query).some(([name, value]) => query.get(name) !== value)) return false;
	if (rule.path === undefined) return true;
	if (rule.path instanceof RegExp) return rule.path.test(path);
	const wanted = rule.path.startsWith('/') ? rule.path : `/${rule.path}`;
	return path === wanted || path === `${API_PREFIX}${wanted}`;
}

/** Django's page for an unhandled error (DEBUG off). */
export const SERVER_ERROR_HTML =
	'<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n';

/** What the real stack answers with: DRF JSON for API errors, Django or nginx HTML for 5xx. */
function defaultBody(status: number, retryAfterSeconds: number | undefined): unknown {
	if (status === 429) return { detail: retryAfterSeconds !== undefined ? M.throttled(retryAfterSeconds) : 'Solicitud fue regulada.' };
	if (status === 500) return SERVER_ERROR_HTML;
	if (status >= 502 && status <= 504) {
		const text = { 502: '502 Bad Gateway', 503: '503 Service Temporarily Unavailable', 504: '504 Gateway Time-out' }[status];
		return `<html>\r\n<head><title>${text}</title></head>\r\n<body>\r\n<center><h1>${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
	}
	if (status === 401) return { detail: M.notAuthenticated };
	if (status === 403) return { detail: 'Usted no tiene permiso para realizar esta acción.' };
	if (status === 404) return { detail: M.notFound };
	return { detail: `Error simulado (${status}).` };
}
