import { LISTA_NEGRA_TIPO, keysOf } from '../schemas/catalogs';
import { page, queryOf, type RouteContext } from './context';

/** The SAT blacklist: a read-only list with filters, so not a row of READ_ONLY_RESOURCES. */
export function registerListaNegra(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/listanegra/', (request) => {
		const query = queryOf(request);
		const tipo = query.choice('tipo', keysOf(LISTA_NEGRA_TIPO));
		const rfc = asSatWrites(query.string('rfc'));
		const nombre = query.string('nombre')?.toLowerCase();
		query.throwIfInvalid();
		const entries = store.listaNegra.filter(
			(e) =>
				(tipo === undefined || e.tipo === tipo) &&
				(rfc === undefined || asSatWrites(e.rfc) === rfc) &&
				(nombre === undefined || e.nombre.toLowerCase().includes(nombre)),
		);
		return page(context, request, context.listOrdering.entries(entries));
	});
}

/** The spec does not say how `rfc` matches; taken as comparing RFCs as SAT writes them (upper case, no spaces or dashes). */
function asSatWrites(rfc: string | undefined): string | undefined {
	return rfc?.toUpperCase().replace(/[\s-]/g, '');
}
