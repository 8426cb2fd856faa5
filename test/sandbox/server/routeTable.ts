import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Credencial } from '../store/store';
import type { Authenticator } from './authentication';

/**
 * The API's routes, remembered because Django's answer to a miss depends on them: 405 for a path of another method,
 * 301 for one that exists with a trailing slash added (APPEND_SLASH).
 */

export const API_PREFIX = '/api/v2';

export type ApiHandler = (request: FastifyRequest, reply: FastifyReply, user: Credencial | undefined) => unknown;

interface RoutePattern {
	method: string;
	url: string;
	regex: RegExp;
	public: boolean;
}

const currentUsers = new WeakMap<FastifyRequest, Credencial>();

export class ApiRoutes {
	private readonly patterns: RoutePattern[] = [];

	constructor(
		private readonly app: FastifyInstance,
		private readonly auth: Authenticator,
	) {}

	get(path: string, handler: ApiHandler, options: { public?: boolean } = {}): void {
		this.add('GET', path, handler, options);
	}

	post(path: string, handler: ApiHandler, options: { public?: boolean } = {}): void {
		this.add('POST', path, handler, options);
	}

	/** DRF's UpdateModelMixin answers PUT and PATCH alike here (every field is optional). */
	update(path: string, handler: ApiHandler): void {
		this.add('PATCH', path, handler, {});
		this.add('PUT', path, handler, {});
	}

	/** `path` is relative to /api/v2 and keeps the spec's trailing-slash rule. */
	private add(method: HTTPMethods, path: string, handler: ApiHandler, options: { public?: boolean }): void {
		const url = `${API_PREFIX}${path}`;
		const isPublic = options.public ?? false;
		this.patterns.push({ method, url, regex: patternToRegex(url), public: isPublic });
		this.app.route({
			method,
			url,
			preHandler: isPublic ? undefined : async (request) => this.authenticate(request),
			handler: (request, reply) => handler(request, reply, currentUsers.get(request)),
		});
	}

	authenticate(request: FastifyRequest): Credencial {
		const user = this.auth.authenticate(request.headers);
		currentUsers.set(request, user);
		return user;
	}

	/** Methods registered for a concrete path ('GET', 'POST', ...), empty when none. */
	methodsOf(path: string): { methods: string[]; public: boolean } {
		const matching = this.patterns.filter((p) => p.regex.test(path));
		return { methods: [...new Set(matching.map((p) => p.method))], public: matching.some((p) => p.public) };
	}

	/** Paths of the list endpoints, for the API root. */
	listPaths(): string[] {
		return this.patterns.filter((p) => p.method === 'GET' && !p.url.includes(':')).map((p) => p.url);
	}
}

function patternToRegex(url: string): RegExp {
	const escaped = url
		.split('/')
		.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('\\/');
	return new RegExp(`^${escaped}$`);
}
