/** Enumerations of the spec, and the labels the sandbox chose where the spec shows only a number. */

/** CFDI use codes accepted by customer advances (spec, "Customer advances"). */
export const USOS_CFDI = [
	'G01', 'G02', 'G03', 'I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08',
	'D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10',
	'P01', 'CP01', 'CN01', 'S01',
] as const;

/** SAT payment-form codes accepted by customer advances. */
export const FORMAS_PAGO = [
	'01', '02', '03', '04', '05', '06', '08', '12', '13', '14', '15', '17',
	'23', '24', '25', '26', '27', '28', '29', '30', '31', '99',
] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number];

/** Work order status (spec, "Status catalog"). */
export const ORDEN_SERVICIO_STATUS = { 1: 'Abierta', 2: 'Proceso', 3: 'Terminada', 4: 'Cancelada', 5: 'Confirmada' } as const;
/** Work order priority (spec, "Priority catalog"). */
export const ORDEN_SERVICIO_PRIORIDAD = { 1: 'Alta', 2: 'Media', 3: 'Baja' } as const;
/** Blacklist entry type (spec: 1-3); 4, SAT's fourth situation, is served once to test the nodes against an unlisted type. */
export const LISTA_NEGRA_TIPO = { 1: 'Definitivo', 2: 'Desvirtuado', 3: 'Presunto', 4: 'Sentencia Favorable' } as const;
/** Product distribution channel (spec, products query `medio_distribucion`). */
export const MEDIO_DISTRIBUCION = { 1: 'Tienda', 2: 'Web', 3: 'Ambos' } as const;

// The spec shows no numeric codes for these; chosen here and listed in README.md.
export const NOTA_VENTA_STATUS = { 1: 'Pendiente', 2: 'Pagada', 3: 'Facturada', 4: 'Cancelada' } as const;
export const PEDIDO_STATUS = { 1: 'Pendiente', 2: 'Surtido', 3: 'Facturado', 4: 'Cancelado' } as const;
export const NOTA_CREDITO_STATUS = { 1: 'Pendientes', 2: 'Aplicada', 3: 'Cancelada' } as const;
export const CONSUMO_INTERNO_STATUS = { 1: 'Aplicado', 2: 'Cancelado' } as const;
export const PROSPECTO_STATUS = { 1: 'Nuevo', 2: 'Contactado', 3: 'Interesado', 4: 'Convertido', 5: 'Descartado' } as const;

/** The "cancelled" status of each document kind whose cancellation shows in `status`. */
export const STATUS_CANCELADO = { notaVenta: 4, pedido: 4, notaCredito: 3, consumoInterno: 2 } as const;

/** Card types of sales-note payments. */
export const TIPO_TARJETA = { 1: 'Crédito', 2: 'Débito' } as const;

export function keysOf<T extends Record<number, string>>(catalog: T): number[] {
	return Object.keys(catalog).map(Number);
}
