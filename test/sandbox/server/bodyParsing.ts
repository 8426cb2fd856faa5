import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../drf/errors';
import { M } from '../drf/messages';

/**
 * Bodies as DRF's parsers take them: JSON (empty is no body: clients send Content-Type on GET too) and form-urlencoded.
 * Anything else is a 415 only when the route reads the body, as DRF parses lazily.
 */

interface UnsupportedBody {
	unsupportedMediaType: string;
}

export function installBodyParsers(app: FastifyInstance): void {
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
		const source = String(text);
		if (source.trim() === '') return done(null, undefined);
		try {
			done(null, JSON.parse(source));
		} catch (error) {
			done(new ApiError(400, { detail: M.jsonParse((error as Error).message) }), undefined);
		}
	});
	app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
		done(null, Object.fromEntries(new URLSearchParams(String(text))));
	});
	app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _raw, done) => {
		const type = String(request.headers['content-type'] ?? '').split(';')[0].trim();
		done(null, { unsupportedMediaType: type } satisfies UnsupportedBody);
	});
}

/** The body of a request that needs one: a 415 when its media type has no parser. */
export function readBody(request: FastifyRequest): unknown {
	const body = request.body;
	if (body !== null && typeof body === 'object' && 'unsupportedMediaType' in body) {
		throw new ApiError(415, { detail: M.unsupportedMediaType((body as UnsupportedBody).unsupportedMediaType) });
	}
	return body;
}
