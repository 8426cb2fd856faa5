import { LISTA_NEGRA_TIPO, keysOf } from '../schemas/catalogs';
import { findOr404, idParam, page, queryOf, type RouteContext } from './context';

/** Bank accounts, ledger accounts, the SAT blacklist and users: read-only lists. */
export function registerCatalogos(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/cuentas_bancarias/', (request) => page(context, request, store.cuentasBancarias));
	routes.get('/cuentas_bancarias/:id/', (request) => findOr404(store.cuentasBancarias, idParam(request)));

	routes.get('/cuentas/', (request) => page(context, request, store.cuentas));
	routes.get('/cuentas/:id/', (request) => findOr404(store.cuentas, idParam(request)));

	routes.get('/usuarios/', (request) => page(context, request, store.usuarios));

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
		return page(context, request, entries);
	});
}

/** The spec does not say how `rfc` matches; taken as comparing RFCs as SAT writes them (upper case, no spaces or dashes). */
function asSatWrites(rfc: string | undefined): string | undefined {
	return rfc?.toUpperCase().replace(/[\s-]/g, '');
}
