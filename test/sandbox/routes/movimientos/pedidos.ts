import { ValidationErrors, validateBody } from '../../drf/errors';
import { PEDIDO_STATUS, STATUS_CANCELADO } from '../../schemas/catalogs';
import type { Pedido } from '../../schemas/movimientos';
import { pedidoInputSchema } from '../../schemas/requests';
import { FOLIO_INICIAL } from '../../seed/documentos';
import { readBody } from '../../server/bodyParsing';
import { clientePedido, folioCompleto, precioEnAlmacen, siguienteFolio, totales } from '../../store/documentos';
import { isoDate, isoTimestamp } from '../../util/time';
import { page, queryOf, type RouteContext } from '../context';
import { filtrarDocumentos } from './filtros';
import { construirLineas, nuevaDireccion, resolverAlmacen, resolverCliente, resolverProductos } from './referencias';

/** Orders: filtered list (cancelled = status "Cancelado") and create. */
export function registerPedidos(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/movimientos/pedidos/', (request) => {
		const pedidos = filtrarDocumentos(store.pedidos, queryOf(request), (p) => p.status === STATUS_CANCELADO.pedido);
		return page(context, request, context.listOrdering.documents(pedidos));
	});

	routes.post('/movimientos/pedidos/', (request, reply) => {
		const body = validateBody(pedidoInputSchema, readBody(request));
		const errors = new ValidationErrors(body);
		const cliente = resolverCliente(store, errors, {
			id: ['id_cliente', body.id_cliente],
			rfc: ['rfc_cliente', body.rfc_cliente],
			codigo: ['codigo_cliente', body.codigo_cliente],
		});
		const almacen = resolverAlmacen(store, body.almacen, errors);
		const productos = resolverProductos(store, body.detalles, errors);
		errors.throwIfAny();

		const almacenId = almacen!.id;
		const detalles = construirLineas(store, body.detalles, productos, (p) => precioEnAlmacen(p, almacenId));
		const now = Date.now();
		const folio = siguienteFolio(store.pedidos, 'P', FOLIO_INICIAL.P);
		const contacto = body.contacto
			? { ...body.contacto, nombre: body.contacto.nombre ?? '', telefono: body.contacto.telefono ?? '', email: body.contacto.email ?? '' }
			: null;
		const pedido: Pedido = {
			id: store.nextId(store.pedidos),
			status: 1,
			status_display: PEDIDO_STATUS[1],
			almacen: almacenId,
			fecha: body.fecha ?? isoDate(now),
			...totales(detalles),
			comentarios: body.comentarios ?? '',
			detalles,
			creado: isoTimestamp(now),
			direccion_entrega: body.direccion_entrega ? nuevaDireccion(store, body.direccion_entrega) : { ...cliente!.direccion },
			folio,
			folio_completo: folioCompleto('P', folio),
			cliente: clientePedido(cliente!),
			contacto,
		};
		store.pedidos.push(pedido);
		void reply.code(201);
		return pedido;
	});
}
