import { ValidationErrors, validateBody } from '../../drf/errors';
import { NOTA_VENTA_STATUS } from '../../schemas/catalogs';
import type { NotaVenta } from '../../schemas/movimientos';
import { notaVentaInputSchema } from '../../schemas/requests';
import { FOLIO_INICIAL, TENANT_ORIGIN } from '../../seed/documentos';
import { readBody } from '../../server/bodyParsing';
import { SIN_CANCELACION, clienteEmbebido, folioCompleto, precioEnAlmacen, siguienteFolio, totales } from '../../store/documentos';
import type { ClienteInterno } from '../../store/store';
import { decimal, formatDecimal } from '../../util/decimal';
import { addDays, isoDate, isoTimestamp, parseIsoDateTime } from '../../util/time';
import { page, queryOf, type RouteContext } from '../context';
import { filtrarDocumentos } from './filtros';
import {
	construirLineas,
	nuevaDireccion,
	resolverAlmacen,
	resolverCliente,
	resolverProductos,
	validarCamposPersonalizados,
} from './referencias';

/** Sales notes: filtered list, and create (which prices, totals and numbers the note). */
export function registerNotasVenta(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/movimientos/notas_venta/', (request) => {
		const notas = filtrarDocumentos(store.notasVenta, queryOf(request), (n) => n.cancelado);
		return page(context, request, context.listOrdering.documents(notas));
	});

	routes.post('/movimientos/notas_venta/', (request, reply) => {
		const body = validateBody(notaVentaInputSchema, readBody(request));
		const errors = new ValidationErrors(body);
		const cliente = resolverCliente(store, errors, { id: ['cliente', body.cliente], rfc: ['cliente_rfc', body.cliente_rfc] });
		const almacen = resolverAlmacen(store, body.almacen, errors);
		const productos = resolverProductos(store, body.detalles, errors);
		validarCamposPersonalizados(store, body.campos_personalizados, errors);
		errors.throwIfAny();

		const almacenId = almacen!.id;
		const detalles = construirLineas(store, body.detalles, productos, (p) => precioEnAlmacen(p, almacenId));
		const sumas = totales(detalles);
		const now = Date.now();
		const fecha = body.fecha ? isoDate(parseIsoDateTime(body.fecha)!) : isoDate(now);
		const efectivo = decimal(body.monto_efectivo ?? '0');
		const tarjeta = decimal(body.monto_tarjeta ?? '0');
		const pagada = efectivo + tarjeta >= decimal(sumas.total);
		const status = pagada ? 2 : 1;
		const serie = almacen!.serie;
		const folio = siguienteFolio(store.notasVenta, serie, FOLIO_INICIAL[serie] ?? 1);
		const id = store.nextId(store.notasVenta);
		const nota: NotaVenta = {
			id,
			status,
			status_display: NOTA_VENTA_STATUS[status],
			almacen: almacenId,
			fecha,
			fecha_vencimiento: addDays(fecha, cliente!.dias_credito),
			...sumas,
			uso_cfdi: usoCfdiPorOmision(cliente!),
			comentarios: body.comentarios ?? '',
			mostrar_comentarios: false,
			forma_pago: formaPago(tarjeta > efectivo, body.tipo_tarjeta, efectivo + tarjeta > 0n),
			metodo_pago: pagada ? 'PUE' : 'PPD',
			detalles,
			creado: isoTimestamp(now),
			xml_timbrado: '',
			...SIN_CANCELACION,
			monto_efectivo: formatDecimal(efectivo, 2),
			monto_tarjeta: formatDecimal(tarjeta, 2),
			monto_transferencia: '0.00',
			monto_cheque: '0.00',
			direccion_entrega: body.direccion_entgrega ? nuevaDireccion(store, body.direccion_entgrega) : { ...cliente!.direccion },
			folio,
			folio_completo: folioCompleto(serie, folio),
			url_pdf: `${TENANT_ORIGIN}/admin/pdf_nota_venta/${id}/`,
			cliente: clienteEmbebido(cliente!),
		};
		store.notasVenta.push(nota);
		store.notasVentaExtras.set(id, {
			id_externo: body.id_externo ?? null,
			clave_facturacion: body.clave_facturacion ?? body.clave_autofacturacion ?? null,
			campos_personalizados: body.campos_personalizados ?? [],
			numero_tarjeta: body.numero_tarjeta ?? null,
			tipo_tarjeta: body.tipo_tarjeta ?? null,
			moneda: body.moneda ?? null,
			tipo_cambio: body.tipo_cambio ?? null,
		});
		void reply.code(201);
		return nota;
	});
}

function usoCfdiPorOmision(cliente: ClienteInterno): string {
	return cliente.rfc === 'XAXX010101000' ? 'S01' : 'G03';
}

/** SAT payment form as the integer the note shows: 01 cash, 04 credit card, 28 debit card, 99 to be defined. */
function formaPago(porTarjeta: boolean, tipoTarjeta: number | undefined, hayPago: boolean): number {
	if (!hayPago) return 99;
	if (porTarjeta) return tipoTarjeta === 2 ? 28 : 4;
	return 1;
}
