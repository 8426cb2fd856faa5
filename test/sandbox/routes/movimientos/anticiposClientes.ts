import { ValidationErrors, validateBody } from '../../drf/errors';
import { M } from '../../drf/messages';
import type { AnticipoCliente } from '../../schemas/movimientos';
import { anticipoClienteInputSchema } from '../../schemas/requests';
import { readBody } from '../../server/bodyParsing';
import { uuidDe, xmlAnticipo } from '../../store/cfdi';
import { decimal, formatDecimal } from '../../util/decimal';
import { dateToMs, isoTimestamp } from '../../util/time';
import type { RouteContext } from '../context';
import { resolverAlmacen, resolverCliente, validarCamposPersonalizados } from './referencias';

/** Customer advances: create only. The advance lowers the client's pending balance. */
export function registerAnticiposClientes(context: RouteContext): void {
	const { routes, store } = context;

	routes.post('/movimientos/anticipos_clientes/', (request, reply, user) => {
		const body = validateBody(anticipoClienteInputSchema, readBody(request));
		const errors = new ValidationErrors(body);
		const cliente = resolverCliente(store, errors, { id: ['cliente', body.cliente], rfc: ['cliente_rfc', body.cliente_rfc] });
		const almacen = resolverAlmacen(store, body.almacen, errors);
		if (!store.byId(store.cuentasBancarias, body.cuenta)) errors.add(['cuenta'], M.pkNotFound(body.cuenta));
		validarCamposPersonalizados(store, body.campos_personalizados, errors);
		// "When omitted, taken from the client if possible": a client without one needs it given.
		if (cliente && body.forma_pago === undefined && !cliente.forma_pago) errors.add(['forma_pago'], M.required);
		errors.throwIfAny();

		const total = decimal(body.total);
		const saldoCliente = decimal(cliente!.saldo_pendiente) - total;
		cliente!.saldo_pendiente = formatDecimal(saldoCliente, 2);
		const now = Date.now();
		const anticipo: AnticipoCliente = {
			id: store.nextId(store.anticiposClientes),
			fecha: isoTimestamp(dateToMs(body.fecha)),
			almacen: almacen!.id,
			cliente: cliente!.id,
			folio: store.anticiposClientes.length + 1,
			cuenta: body.cuenta,
			saldo: formatDecimal(total, 2),
			saldo_cliente: formatDecimal(saldoCliente, 2),
			total: formatDecimal(total, 2),
			comentarios: body.comentarios ?? '',
			usuario_creado: user?.usuarioId ?? 1,
			creado: isoTimestamp(now),
			uso_cfdi: body.uso_cfdi,
			tipo_relacion: null,
			cancelado: false,
			usuario_cancelacion: null,
			fecha_cancelacion: null,
			motivo_cancelacion: '',
			cfdi_uuid: null,
			cfdi_xml: null,
			cfdi_certificado_pago: '',
			cfdi_cadena_pago: '',
			cfdi_sello_pago: '',
			concepto_cfdi: body.concepto_cfdi ?? 'Anticipo del bien o servicio',
			campos_personalizados: (body.campos_personalizados ?? []).map((c) => ({ key: c.key, valor: c.valor })),
		};
		// Stamped at once, except an advance of the public in general (XAXX010101000), which goes into the day's global invoice.
		if (cliente!.rfc !== 'XAXX010101000') {
			anticipo.cfdi_xml = xmlAnticipo(anticipo, { rfc: cliente!.rfc, nombre: cliente!.razon_social, cp: cliente!.direccion.cp }, String(body.forma_pago ?? cliente!.forma_pago));
			anticipo.cfdi_uuid = uuidDe(anticipo.cfdi_xml) ?? null;
		}
		store.anticiposClientes.push(anticipo);
		void reply.code(201);
		return anticipo;
	});
}
