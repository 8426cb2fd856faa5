import { findOr404, idParam, page, type RouteContext } from '../context';

/** Credit notes: list and detail; no filters in the spec (unknown parameters are ignored). */
export function registerNotasCredito(context: RouteContext): void {
	const { routes, store } = context;
	routes.get('/movimientos/notas_credito/', (request) => page(context, request, store.notasCredito));
	routes.get('/movimientos/notas_credito/:id/', (request) => findOr404(store.notasCredito, idParam(request)));
}
