import { clientePedidoSchema, clienteSchema, type Cliente, type ClientePedido, type LineaDocumento } from '../schemas/common';
import type { Producto } from '../schemas/productos';
import { decimal, formatDecimal, multiply, percentOf, roundTo, sum } from '../util/decimal';
import type { ClienteInterno, Store } from './store';

/** What documents compute alike: line amounts, totals, the embedded client, the folio of a series. */

/** A line: importe = cantidad × precio (6 places), iva = importe × the product's IVA rate. */
export function lineaDocumento(
	store: Store,
	producto: Producto,
	cantidad: string,
	precioUnitario: string | number,
	porcentajeIva = producto.porcentaje_iva,
): LineaDocumento {
	const precio = roundTo(decimal(precioUnitario), 4);
	const importe = roundTo(multiply(decimal(cantidad), precio), 6);
	return {
		id: store.nextSequence('linea'),
		producto: producto.id,
		cantidad: formatDecimal(decimal(cantidad), 4),
		precio_unitario: formatDecimal(precio, 4),
		importe: formatDecimal(importe, 6),
		iva: formatDecimal(percentOf(importe, porcentajeIva), 6),
	};
}

/** Document totals in 2 places; total is the sum of the rounded subtotal and IVA. */
export function totales(lineas: readonly Pick<LineaDocumento, 'importe' | 'iva'>[]) {
	const subtotal = roundTo(sum(lineas.map((l) => decimal(l.importe))), 2);
	const iva = roundTo(sum(lineas.map((l) => decimal(l.iva))), 2);
	return { subtotal: formatDecimal(subtotal, 2), iva: formatDecimal(iva, 2), total: formatDecimal(subtotal + iva, 2) };
}

/** Price of a product in a warehouse; the catalog price when it has no entry there. */
export function precioEnAlmacen(producto: Producto, almacenId: number | undefined): number {
	if (almacenId === undefined) return producto.precio;
	return producto.info_almacenes.find((i) => i.almacen.id === almacenId)?.precio_unitario ?? producto.precio;
}

const CAMPOS_CLIENTE = clienteSchema.keyof().options;
const CAMPOS_CLIENTE_PEDIDO = clientePedidoSchema.keyof().options;

function copiarCliente<K extends keyof ClienteInterno>(cliente: ClienteInterno, campos: readonly K[]): Pick<ClienteInterno, K> {
	const copia = Object.fromEntries(campos.map((campo) => [campo, cliente[campo]])) as Pick<ClienteInterno, K>;
	return { ...copia, direccion: { ...cliente.direccion } };
}

/** The `cliente` object of sales notes and credit notes: the stored client minus internal fields. */
export const clienteEmbebido = (cliente: ClienteInterno): Cliente => copiarCliente(cliente, CAMPOS_CLIENTE);

/** Orders embed the client without `bloquear_vencido` and `dias_cortar_credito`. */
export const clientePedido = (cliente: ClienteInterno): ClientePedido => copiarCliente(cliente, CAMPOS_CLIENTE_PEDIDO);

/** A document never cancelled. */
export const SIN_CANCELACION = { cancelado: false, motivo_cancelacion: '', usuario_cancelacion: null, fecha_cancelacion: null };
/** Internal consumption is neither stamped nor delivered. */
export const CONSUMO_SIN_CFDI = { xml_timbrado: '', cfdi_uuid: '', cfdi_status: '' };
export const CONSUMO_SIN_ENTREGA = { fecha_entrega: null, hora_entrega_a: null, hora_entrega_b: null, direccion_entrega: null };

/** Folio of a series: documents are numbered per series; `folio_completo` is SERIE-FOLIO. */
export function siguienteFolio(documentos: readonly { folio_completo: string; folio: number }[], serie: string, inicial: number): number {
	let max = inicial - 1;
	// Runs for every document created: the cheap test first, so that at 10,000 notes a create costs
	// the bench's tenant 0.2 ms here rather than 0.6 ms.
	for (const d of documentos) if (d.folio > max && serieDe(d.folio_completo) === serie) max = d.folio;
	return max + 1;
}

export function folioCompleto(serie: string, folio: number): string {
	return serie ? `${serie}-${folio}` : String(folio);
}

/** The series a document belongs to, read from its `folio_completo` (the spec has no `serie` field). */
export function serieDe(folioCompleto: string): string {
	const dash = folioCompleto.lastIndexOf('-');
	return dash < 0 ? '' : folioCompleto.slice(0, dash);
}
