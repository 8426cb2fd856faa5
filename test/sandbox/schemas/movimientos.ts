import { z } from 'zod';
import {
	campos,
	clientePedidoSchema,
	clienteSchema,
	dateString,
	decimalString,
	direccionSchema,
	id,
	lineaDocumentoSchema,
	timestampString,
} from './common';
import { USOS_CFDI } from './catalogs';

/** Documents under /movimientos/: credit notes, sales notes, orders, internal consumption, advances. */

const folios = { folio: z.number().int(), folio_completo: z.string() };
const importes = campos(['iva', 'subtotal', 'total'], decimalString(2));
/** What sales notes, orders and internal consumption open with. */
const cabecera = { id, status: z.number().int(), status_display: z.string(), almacen: id, fecha: dateString };
const cancelacion = {
	cancelado: z.boolean(),
	motivo_cancelacion: z.string(),
	usuario_cancelacion: id.nullable(),
	fecha_cancelacion: timestampString.nullable(),
};

export const notaCreditoSchema = z.strictObject({
	id,
	fecha: dateString,
	status_display: z.string(),
	direccion_entrega: direccionSchema,
	...folios,
	url_pdf: z.string().url(),
	/** A credit note line points at the invoice it credits. */
	detalles: z.array(
		z.strictObject({ id, factura: id, producto: id, precio_unitario: decimalString(4), iva: decimalString(6), importe: decimalString(6) }),
	),
	cliente: clienteSchema,
});
export type NotaCredito = z.infer<typeof notaCreditoSchema>;

export const notaVentaSchema = z.strictObject({
	...cabecera,
	fecha_vencimiento: dateString,
	...importes,
	uso_cfdi: z.string(),
	comentarios: z.string(),
	mostrar_comentarios: z.boolean(),
	forma_pago: z.number().int(),
	metodo_pago: z.string(),
	detalles: z.array(lineaDocumentoSchema),
	creado: timestampString,
	xml_timbrado: z.string(),
	...cancelacion,
	...campos(['monto_efectivo', 'monto_tarjeta', 'monto_transferencia', 'monto_cheque'], decimalString(2)),
	direccion_entrega: direccionSchema,
	...folios,
	url_pdf: z.string().url(),
	cliente: clienteSchema,
});
export type NotaVenta = z.infer<typeof notaVentaSchema>;

export const pedidoSchema = z.strictObject({
	...cabecera,
	...importes,
	comentarios: z.string(),
	detalles: z.array(lineaDocumentoSchema),
	creado: timestampString,
	direccion_entrega: direccionSchema,
	...folios,
	cliente: clientePedidoSchema,
	/** Free-form; the spec shows only "object or null". */
	contacto: z.object({ nombre: z.string(), telefono: z.string(), email: z.string() }).passthrough().nullable(),
});
export type Pedido = z.infer<typeof pedidoSchema>;

export const consumoInternoSchema = z.strictObject({
	...cabecera,
	fecha_vencimiento: dateString,
	...importes,
	uso_cfdi: z.string().nullable(),
	comentarios: z.string(),
	mostrar_comentarios: z.boolean(),
	forma_pago: z.union([z.number().int(), z.string()]).nullable(),
	detalles: z.array(lineaDocumentoSchema),
	creado: timestampString,
	...campos(['xml_timbrado', 'cfdi_uuid', 'cfdi_status'], z.string()),
	...cancelacion,
	fecha_entrega: dateString.nullable(),
	...campos(['hora_entrega_a', 'hora_entrega_b'], z.string().nullable()),
	direccion_entrega: direccionSchema.nullable(),
	...folios,
	vendedor: z.string(),
	url_pdf: z.string(),
	cliente: z.array(z.unknown()),
	motivo: z.string(),
});
export type ConsumoInterno = z.infer<typeof consumoInternoSchema>;

/** Customer advance, as returned by its create operation (there is no list). */
export const anticipoClienteSchema = z.strictObject({
	id,
	fecha: timestampString,
	almacen: id,
	cliente: id,
	folio: z.number().int(),
	cuenta: id,
	...campos(['saldo', 'saldo_cliente', 'total'], decimalString(2)),
	comentarios: z.string(),
	usuario_creado: id,
	creado: timestampString,
	uso_cfdi: z.enum(USOS_CFDI),
	tipo_relacion: z.string().nullable(),
	...cancelacion,
	...campos(['cfdi_uuid', 'cfdi_xml'], z.string().nullable()),
	...campos(['cfdi_certificado_pago', 'cfdi_cadena_pago', 'cfdi_sello_pago', 'concepto_cfdi'], z.string()),
	campos_personalizados: z.array(z.strictObject({ key: z.string(), valor: z.string() })),
});
export type AnticipoCliente = z.infer<typeof anticipoClienteSchema>;
