import { CONSUMO_INTERNO_STATUS, NOTA_CREDITO_STATUS, NOTA_VENTA_STATUS, PEDIDO_STATUS } from '../schemas/catalogs';
import type { LineaDocumento } from '../schemas/common';
import type { ConsumoInterno, NotaVenta } from '../schemas/movimientos';
import type { Producto } from '../schemas/productos';
import {
	CONSUMO_SIN_CFDI,
	CONSUMO_SIN_ENTREGA,
	clienteEmbebido,
	clientePedido,
	folioCompleto,
	lineaDocumento,
	precioEnAlmacen,
	totales,
} from '../store/documentos';
import { uuidDe, xmlConsumoInterno, xmlNotaVenta } from '../store/cfdi';
import type { ClienteInterno, Store } from '../store/store';
import { decimal, formatDecimal, multiply, percentOf } from '../util/decimal';
import { addDays, dateToMs, isoTimestamp } from '../util/time';
import { SERIE_WEB } from './catalogos';
import { correo, persona } from './personas';
import { Random } from './random';

/** Sales notes, orders, credit notes and internal consumption over 2026 in id order; number 1 of each is DEMO.cliente's. */

export const TENANT_ORIGIN = 'https://sandbox.admintotal.com';

/** First folio of each series, so folios look like those of a tenant with history. */
export const FOLIO_INICIAL: Record<string, number> = { A: 15001, B: 8001, C: 3001, [SERIE_WEB]: 501, P: 4001, NC: 1201, CI: 101 };

const MOTIVOS_CANCELACION = ['Error en captura', 'Cliente canceló la compra', 'Se duplicó la nota', 'Cambio de forma de pago'];
const COMENTARIOS = ['', '', '', 'Entregar por la mañana', 'Cliente recoge en mostrador', 'Facturar a fin de mes', 'Urgente'];

/** The `fecha` of document i of n, spread from January 2 over the year 2026. */
function fechaDe(i: number, n: number): string {
	return addDays('2026-01-02', Math.floor(((i - 1) * 360) / Math.max(n, 1)));
}

function horaDe(random: Random, fecha: string): number {
	return dateToMs(fecha, random.int(8, 19), random.int(0, 59), random.int(0, 59));
}

/** What the seeds of documents draw from, computed once per resource. */
interface Fuentes {
	clientes: ClienteInterno[];
	productos: Producto[];
	/** Next folio per series; the store is empty of this resource while seeding. */
	folios: Map<string, number>;
}

function fuentes(store: Store): Fuentes {
	return {
		clientes: store.clientes.filter((c, i) => i === 0 || (i >= 2 && c.activo)),
		productos: store.productos.filter((p) => p.activo),
		folios: new Map(),
	};
}

function tomarFolio(f: Fuentes, serie: string): number {
	const folio = f.folios.get(serie) ?? FOLIO_INICIAL[serie];
	f.folios.set(serie, folio + 1);
	return folio;
}

function clienteDe(store: Store, random: Random, i: number, f: Fuentes): ClienteInterno {
	if (i === 1 || store.clientes.length < 3) return store.clientes[0];
	if (random.chance(0.2)) return store.clientes[1];
	return random.pick(f.clientes);
}

function lineasAleatorias(store: Store, random: Random, almacenId: number, max: number, activos: Producto[]): LineaDocumento[] {
	if (activos.length === 0) return [];
	return random.sample(activos, random.int(1, max)).map((producto) => {
		const cantidad = producto.restringir_decimales ? String(random.int(1, 10)) : (random.int(5, 100) / 10).toFixed(1);
		return lineaDocumento(store, producto, cantidad, precioEnAlmacen(producto, almacenId));
	});
}

function usuarioAlAzar(store: Store, random: Random): number {
	return store.usuarios.length > 0 ? random.pick(store.usuarios.slice(0, 5)).id : 1;
}

export function seedNotasVenta(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'notasVenta');
	if (store.clientes.length === 0) return;
	const f = fuentes(store);
	for (let i = 1; i <= count; i++) {
		const cliente = clienteDe(store, random, i, f);
		const web = i > 1 && random.chance(0.15);
		const almacen = i === 1 ? store.almacenes[0] : random.pick(store.almacenes);
		const serie = web ? SERIE_WEB : almacen.serie;
		const folio = tomarFolio(f, serie);
		const fecha = fechaDe(i, count);
		const creado = horaDe(random, fecha);
		const detalles = lineasAleatorias(store, random, almacen.id, 5, f.productos);
		const sumas = totales(detalles);
		const cancelada = i === 3 || (i > 3 && random.chance(0.08));
		const aCredito = !cancelada && cliente.dias_credito > 0 && random.chance(0.4);
		const status = cancelada ? 4 : aCredito ? 1 : random.chance(0.3) ? 3 : 2;
		const pago = aCredito || cancelada ? null : random.weighted([['efectivo', 4], ['tarjeta', 3], ['transferencia', 3], ['cheque', 1]] as const);
		const tarjetaDebito = random.chance(0.5);
		const monto = (medio: typeof pago) => (pago === medio ? sumas.total : '0.00');
		const nota: NotaVenta = {
			id: i,
			status,
			status_display: NOTA_VENTA_STATUS[status as 1],
			almacen: almacen.id,
			fecha,
			fecha_vencimiento: addDays(fecha, cliente.dias_credito),
			...sumas,
			uso_cfdi: cliente.rfc === 'XAXX010101000' ? 'S01' : random.pick(['G01', 'G03', 'G03']),
			comentarios: random.pick(COMENTARIOS),
			mostrar_comentarios: random.chance(0.3),
			forma_pago: pago === 'efectivo' ? 1 : pago === 'cheque' ? 2 : pago === 'transferencia' ? 3 : pago === 'tarjeta' ? (tarjetaDebito ? 28 : 4) : 99,
			metodo_pago: aCredito ? 'PPD' : 'PUE',
			detalles,
			creado: isoTimestamp(creado),
			xml_timbrado: '',
			cancelado: cancelada,
			motivo_cancelacion: cancelada ? random.pick(MOTIVOS_CANCELACION) : '',
			usuario_cancelacion: cancelada ? usuarioAlAzar(store, random) : null,
			fecha_cancelacion: cancelada ? isoTimestamp(creado + random.int(1, 48) * 3600000) : null,
			monto_efectivo: monto('efectivo'),
			monto_tarjeta: monto('tarjeta'),
			monto_transferencia: monto('transferencia'),
			monto_cheque: monto('cheque'),
			direccion_entrega: { ...cliente.direccion },
			folio,
			folio_completo: folioCompleto(serie, folio),
			url_pdf: `${TENANT_ORIGIN}/admin/pdf_nota_venta/${i}/`,
			cliente: clienteEmbebido(cliente),
		};
		// An invoiced note (Facturada) carries its stamped CFDI.
		if (status === 3) nota.xml_timbrado = xmlNotaVenta(store, nota);
		store.notasVenta.push(nota);
	}
}

export function seedPedidos(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'pedidos');
	if (store.clientes.length === 0) return;
	const f = fuentes(store);
	for (let i = 1; i <= count; i++) {
		const cliente = clienteDe(store, random, i, f);
		const web = i > 1 && random.chance(0.2);
		const serie = web ? SERIE_WEB : 'P';
		const almacen = i === 1 ? store.almacenes[0] : random.pick(store.almacenes);
		const folio = tomarFolio(f, serie);
		const fecha = fechaDe(i, count);
		const detalles = lineasAleatorias(store, random, almacen.id, 6, f.productos);
		const status = i === 2 ? 4 : random.weighted([[1, 4], [2, 3], [3, 2], [4, 1]] as const);
		const contacto = random.chance(0.6) ? persona(random) : null;
		store.pedidos.push({
			id: i,
			status,
			status_display: PEDIDO_STATUS[status],
			almacen: almacen.id,
			fecha,
			...totales(detalles),
			comentarios: random.pick(COMENTARIOS),
			detalles,
			creado: isoTimestamp(horaDe(random, fecha)),
			direccion_entrega: { ...cliente.direccion },
			folio,
			folio_completo: folioCompleto(serie, folio),
			cliente: clientePedido(cliente),
			contacto: contacto
				? { nombre: contacto.completo, telefono: cliente.direccion.telefono, email: correo(random, `${contacto.nombre}.${contacto.apellidoPaterno}`) }
				: null,
		});
	}
}

export function seedNotasCredito(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'notasCredito');
	if (store.clientes.length === 0) return;
	const f = fuentes(store);
	const activos = f.productos;
	for (let i = 1; i <= count; i++) {
		const cliente = clienteDe(store, random, i, f);
		const folio = tomarFolio(f, 'NC');
		const factura = random.int(5000, 9000);
		const status = random.weighted([[1, 4], [2, 5], [3, 1]] as const);
		const partes = activos.length > 0 ? random.sample(activos, random.int(1, 3)) : [];
		store.notasCredito.push({
			id: i,
			fecha: fechaDe(i, count),
			status_display: NOTA_CREDITO_STATUS[status],
			direccion_entrega: { ...cliente.direccion },
			folio,
			folio_completo: folioCompleto('NC', folio),
			url_pdf: `${TENANT_ORIGIN}/admin/pdf_nota_credito/${i}/`,
			detalles: partes.map((producto: Producto) => {
				const importe = multiply(decimal(producto.precio), decimal(random.int(1, 3)));
				return {
					id: store.nextSequence('linea'),
					factura,
					producto: producto.id,
					precio_unitario: formatDecimal(decimal(producto.precio), 4),
					iva: formatDecimal(percentOf(importe, producto.porcentaje_iva), 6),
					importe: formatDecimal(importe, 6),
				};
			}),
			cliente: clienteEmbebido(cliente),
		});
	}
}

const MOTIVOS_CONSUMO = ['Uso en taller', 'Mantenimiento de instalaciones', 'Muestras para clientes', 'Consumo de oficina', 'Reparación de vehículo de reparto'];

export function seedConsumoInterno(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'consumoInterno');
	const f = fuentes(store);
	const activos = f.productos;
	for (let i = 1; i <= count; i++) {
		const almacen = i === 1 ? store.almacenes[0] : random.pick(store.almacenes);
		const fecha = fechaDe(i, count);
		const creado = horaDe(random, fecha);
		const folio = tomarFolio(f, 'CI');
		// Some captures were saved without lines, as the spec's listing shows ("may be empty").
		const detalles =
			activos.length === 0 || (i > 1 && random.chance(0.1))
				? []
				: random.sample(activos, random.int(1, 3)).map((p) => lineaDocumento(store, p, String(random.int(1, 5)), p.costo, 0));
		const cancelado = i > 1 && random.chance(0.1);
		const status = cancelado ? 2 : 1;
		const usuario = store.usuarios.length > 0 ? random.pick(store.usuarios.slice(0, 5)) : undefined;
		const consumo: ConsumoInterno = {
			id: i,
			status,
			status_display: CONSUMO_INTERNO_STATUS[status],
			almacen: almacen.id,
			fecha,
			fecha_vencimiento: fecha,
			...totales(detalles),
			uso_cfdi: null,
			comentarios: random.pick(COMENTARIOS),
			mostrar_comentarios: false,
			forma_pago: null,
			detalles,
			creado: isoTimestamp(creado),
			...CONSUMO_SIN_CFDI,
			cancelado,
			motivo_cancelacion: cancelado ? random.pick(MOTIVOS_CANCELACION) : '',
			usuario_cancelacion: cancelado ? usuarioAlAzar(store, random) : null,
			fecha_cancelacion: cancelado ? isoTimestamp(creado + 7200000) : null,
			...CONSUMO_SIN_ENTREGA,
			folio,
			folio_completo: folioCompleto('CI', folio),
			vendedor: usuario?.username ?? 'demo',
			url_pdf: `${TENANT_ORIGIN}/admin/pdf_consumo_interno/${i}/`,
			cliente: [],
			motivo: random.pick(MOTIVOS_CONSUMO),
		};
		// Two in three applied consumptions carry a transfer CFDI (decided by ID, so no random draw changes).
		if (!cancelado && i % 3 !== 0) {
			consumo.xml_timbrado = xmlConsumoInterno(store, consumo);
			Object.assign(consumo, { cfdi_uuid: uuidDe(consumo.xml_timbrado), cfdi_status: 'Vigente' });
		}
		store.consumoInterno.push(consumo);
	}
}
