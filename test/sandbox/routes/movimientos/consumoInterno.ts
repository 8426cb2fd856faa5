import { ValidationErrors, validateBody } from '../../drf/errors';
import { M } from '../../drf/messages';
import { CONSUMO_INTERNO_STATUS } from '../../schemas/catalogs';
import type { ConsumoInterno } from '../../schemas/movimientos';
import { consumoInternoInputSchema } from '../../schemas/requests';
import { FOLIO_INICIAL, TENANT_ORIGIN } from '../../seed/documentos';
import { readBody } from '../../server/bodyParsing';
import { CONSUMO_SIN_CFDI, CONSUMO_SIN_ENTREGA, SIN_CANCELACION, folioCompleto, siguienteFolio, totales } from '../../store/documentos';
import { isoDate, isoTimestamp } from '../../util/time';
import { findOr404, idParam, page, type RouteContext } from '../context';
import { construirLineas, resolverAlmacen, resolverProductos } from './referencias';

/** Internal consumption: goods a warehouse gives to the company's own use, charged to an expense account. */
export function registerConsumoInterno(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/movimientos/consumo_interno/', (request) => page(context, request, store.consumoInterno));
	routes.get('/movimientos/consumo_interno/:id', (request) => findOr404(store.consumoInterno, idParam(request)));

	routes.post('/movimientos/consumo_interno/', (request, reply, user) => {
		const body = validateBody(consumoInternoInputSchema, readBody(request));
		const errors = new ValidationErrors(body);
		const almacen = resolverAlmacen(store, body.almacen, errors);
		const centro = store.centrosResponsabilidad.find((c) => c.id === body.centro_responsabilidad);
		if (!centro) errors.add(['centro_responsabilidad'], M.pkNotFound(body.centro_responsabilidad));
		if (!store.byId(store.cuentas, body.cuenta_gasto)) errors.add(['cuenta_gasto'], M.pkNotFound(body.cuenta_gasto));
		const productos = resolverProductos(store, body.detalles, errors);
		errors.throwIfAny();

		// Consumption is valued at cost and carries no VAT.
		const detalles = construirLineas(store, body.detalles, productos, (p) => p.costo, 0);
		const now = Date.now();
		const folio = siguienteFolio(store.consumoInterno, 'CI', FOLIO_INICIAL.CI);
		const id = store.nextId(store.consumoInterno);
		const consumo: ConsumoInterno = {
			id,
			status: 1,
			status_display: CONSUMO_INTERNO_STATUS[1],
			almacen: almacen!.id,
			fecha: isoDate(now),
			fecha_vencimiento: isoDate(now),
			...totales(detalles),
			uso_cfdi: null,
			comentarios: body.comentarios ?? '',
			mostrar_comentarios: false,
			forma_pago: null,
			detalles,
			creado: isoTimestamp(now),
			...CONSUMO_SIN_CFDI,
			...SIN_CANCELACION,
			...CONSUMO_SIN_ENTREGA,
			folio,
			folio_completo: folioCompleto('CI', folio),
			vendedor: user?.username ?? '',
			url_pdf: `${TENANT_ORIGIN}/admin/pdf_consumo_interno/${id}/`,
			cliente: [],
			motivo: centro!.nombre,
		};
		store.consumoInterno.push(consumo);
		void reply.code(201);
		return consumo;
	});
}
