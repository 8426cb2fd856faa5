import Fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from '../drf/errors';
import { M } from '../drf/messages';
import type { RouteContext } from '../routes/context';
import { registerApi } from '../routes/index';
import { installBodyParsers } from './bodyParsing';
import { SERVER_ERROR_HTML, type FaultInjector } from './faults';
import { PaceKeeper, type Pace } from './pace';
import { RequestLog, isControlPath, splitUrl } from './recording';
import { API_PREFIX, ApiRoutes } from './routeTable';

/** The HTTP server, and Django's answers to what matches no route (APPEND_SLASH redirects, 405, 404). */

export type ServerParts = Omit<RouteContext, 'routes'> & { faults: FaultInjector; log: RequestLog; logger: boolean; pace: Pace };

export function buildServer(parts: ServerParts): { app: FastifyInstance; routes: ApiRoutes } {
	const app = Fastify({ logger: parts.logger, bodyLimit: 20 * 1024 * 1024, forceCloseConnections: true });
	installBodyParsers(app);
	parts.log.install(app);
	parts.faults.install(app, parts.log);

	const pace = new PaceKeeper(parts.pace);
	app.addHook('preHandler', async (request, reply) => {
		if (isControlPath(request.url)) return;
		if (await pace.keep(request, reply, parts.log)) return reply;
		if (await parts.faults.apply(request, reply, parts.log)) return reply;
	});

	app.setErrorHandler((error, request, reply) => {
		if (error instanceof ApiError) {
			return reply.code(error.status).headers(error.headers).send(error.body);
		}
		const status = (error as { statusCode?: number }).statusCode;
		if (status === 413) return reply.code(413).send({ detail: 'La solicitud es demasiado grande.' });
		if (status === 415) return reply.code(415).send({ detail: M.unsupportedMediaType(String(request.headers['content-type'] ?? '')) });
		if (status !== undefined && status >= 400 && status < 500) return reply.code(400).send({ detail: (error as Error).message });
		request.log.error(error);
		return reply.code(500).type('text/html; charset=utf-8').send(SERVER_ERROR_HTML);
	});

	const routes = new ApiRoutes(app, parts.auth);
	registerApi({ ...parts, routes });

	app.setNotFoundHandler((request, reply) => {
		const [path, rawQuery] = splitUrl(request.url);
		if (!isControlPath(path) && (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))) {
			const registered = routes.methodsOf(path);
			if (registered.methods.length > 0) {
				// The URL exists for other methods: DRF authenticates first, then answers 405.
				if (!registered.public) routes.authenticate(request);
				const allow = [...registered.methods, 'OPTIONS'].join(', ');
				if (request.method === 'OPTIONS') {
					return reply.header('Allow', allow).send({ name: path, description: '', renders: ['application/json'], parses: ['application/json'] });
				}
				return reply.code(405).header('Allow', allow).send({ detail: M.methodNotAllowed(request.method) });
			}
			// Django's APPEND_SLASH: a relative, permanent redirect that keeps the query.
			if (!path.endsWith('/') && routes.methodsOf(`${path}/`).methods.length > 0) {
				return reply.code(301).header('Location', `${path}/${rawQuery !== undefined ? `?${rawQuery}` : ''}`).send('');
			}
		}
		return reply.code(404).send({ detail: M.notFound });
	});

	return { app, routes };
}
