import type { FastifyRequest } from 'fastify';
import { notFound } from '../drf/errors';
import type { ListOrdering } from '../drf/ordering';
import { paginate, type PageSize } from '../drf/pagination';
import { QueryParams } from '../drf/queryParams';
import type { ListEnvelope } from '../schemas/common';
import type { Authenticator } from '../server/authentication';
import { splitUrl } from '../server/recording';
import type { ApiRoutes } from '../server/routeTable';
import type { Store } from '../store/store';

/** What every route module gets, and the helpers they all use. */
export interface RouteContext {
	routes: ApiRoutes;
	store: Store;
	auth: Authenticator;
	pageSize: PageSize;
	/** The order the lists the Polling Trigger reads come in (sales notes, orders, the 69-B list). */
	listOrdering: ListOrdering;
	/** Fixed origin for absolute links; else taken from the request's Host, http. */
	linkOrigin?: string;
}

export function originOf(context: RouteContext, request: FastifyRequest): string {
	return context.linkOrigin?.replace(/\/+$/, '') ?? `http://${request.headers.host ?? '127.0.0.1'}`;
}

export function queryOf(request: FastifyRequest): QueryParams {
	return new QueryParams(new URLSearchParams(splitUrl(request.url)[1] ?? ''));
}

/** One page of `items`, with links built from this request. */
export function page<T>(context: RouteContext, request: FastifyRequest, items: readonly T[]): ListEnvelope<T> {
	const [path, rawQuery = ''] = splitUrl(request.url);
	return paginate(items, { origin: originOf(context, request), path, rawQuery }, context.pageSize);
}

/** The integer id of the path; anything else is a 404, as the URL pattern would not match. */
export function idParam(request: FastifyRequest, name = 'id'): number {
	const text = (request.params as Record<string, string>)[name];
	if (!/^\d+$/.test(text) || Number(text) === 0 || text.length > 15) throw notFound();
	return Number(text);
}

/** A record by the id of the path, or 404. */
export function findOr404<T extends { id: number }>(records: readonly T[], id: number): T {
	const record = records.find((r) => r.id === id);
	if (!record) throw notFound();
	return record;
}
