import { z } from 'zod';
import {
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

const usuarioReferencia = id.nullable();

/** Credit note line: points at the invoice it credits. */
export const lineaNotaCreditoSchema = z
	.object({
		id,
		factura: id,
		producto: id,
		precio_unitario: decimalString(4),
		iva: decimalString(6),
		importe: decimalString(6),
	})
	.strict();

export const notaCreditoSchema = z
	.object({
		id,
		fecha: dateString,
		status_display: z.string(),
		direccion_entrega: direccionSchema,
		folio: z.number().int(),
		folio_completo: z.string(),
		url_pdf: z.string().url(),
		detalles: z.array(lineaNotaCreditoSchema),
		cliente: clienteSchema,
	})
	.strict();
export type NotaCredito = z.infer<typeof notaCreditoSchema>;

export const notaVentaSchema = z
	.object({
		id,
		status: z.number().int(),
		status_display: z.string(),
		almacen: id,
		fecha: dateString,
		fecha_vencimiento: dateString,
		iva: decimalString(2),
		subtotal: decimalString(2),
		total: decimalString(2),
		uso_cfdi: z.string(),
		comentarios: z.string(),
		mostrar_comentarios: z.boolean(),
		forma_pago: z.number().int(),
		metodo_pago: z.string(),
		detalles: z.array(lineaDocumentoSchema),
		creado: timestampString,
		xml_timbrado: z.string(),
		cancelado: z.boolean(),
		motivo_cancelacion: z.string(),
		usuario_cancelacion: usuarioReferencia,
		fecha_cancelacion: timestampString.nullable(),
		monto_efectivo: decimalString(2),
		monto_tarjeta: decimalString(2),
		monto_transferencia: decimalString(2),
		monto_cheque: decimalString(2),
		direccion_entrega: direccionSchema,
		folio: z.number().int(),
		folio_completo: z.string(),
		url_pdf: z.string().url(),
		cliente: clienteSchema,
	})
	.strict();
export type NotaVenta = z.infer<typeof notaVentaSchema>;

/** Free-form contact of an order; the spec shows only "object or null". */
export const contactoSchema = z
	.object({ nombre: z.string(), telefono: z.string(), email: z.string() })
	.passthrough();

export const pedidoSchema = z
	.object({
		id,
		status: z.number().int(),
		status_display: z.string(),
		almacen: id,
		fecha: dateString,
		iva: decimalString(2),
		subtotal: decimalString(2),
		total: decimalString(2),
		comentarios: z.string(),
		detalles: z.array(lineaDocumentoSchema),
		creado: timestampString,
		direccion_entrega: direccionSchema,
		folio: z.number().int(),
		folio_completo: z.string(),
		cliente: clientePedidoSchema,
		contacto: contactoSchema.nullable(),
	})
	.strict();
export type Pedido = z.infer<typeof pedidoSchema>;

export const consumoInternoSchema = z
	.object({
		id,
		status: z.number().int(),
		status_display: z.string(),
		almacen: id,
		fecha: dateString,
		fecha_vencimiento: dateString,
		iva: decimalString(2),
		subtotal: decimalString(2),
		total: decimalString(2),
		uso_cfdi: z.string().nullable(),
		comentarios: z.string(),
		mostrar_comentarios: z.boolean(),
		forma_pago: z.union([z.number().int(), z.string()]).nullable(),
		detalles: z.array(lineaDocumentoSchema),
		creado: timestampString,
		xml_timbrado: z.string(),
		cfdi_uuid: z.string(),
		cfdi_status: z.string(),
		cancelado: z.boolean(),
		motivo_cancelacion: z.string(),
		usuario_cancelacion: usuarioReferencia,
		fecha_cancelacion: timestampString.nullable(),
		fecha_entrega: dateString.nullable(),
		hora_entrega_a: z.string().nullable(),
		hora_entrega_b: z.string().nullable(),
		direccion_entrega: direccionSchema.nullable(),
		folio: z.number().int(),
		folio_completo: z.string(),
		vendedor: z.string(),
		url_pdf: z.string(),
		cliente: z.array(z.unknown()),
		motivo: z.string(),
	})
	.strict();
export type ConsumoInterno = z.infer<typeof consumoInternoSchema>;

export const campoPersonalizadoSchema = z.object({ key: z.string(), valor: z.string() }).strict();

/** Customer advance, as returned by its create operation (there is no list). */
export const anticipoClienteSchema = z
	.object({
		id,
		fecha: timestampString,
		almacen: id,
		cliente: id,
		folio: z.number().int(),
		cuenta: id,
		saldo: decimalString(2),
		saldo_cliente: decimalString(2),
		total: decimalString(2),
		comentarios: z.string(),
		usuario_creado: id,
		creado: timestampString,
		uso_cfdi: z.enum(USOS_CFDI),
		tipo_relacion: z.string().nullable(),
		cancelado: z.boolean(),
		usuario_cancelacion: usuarioReferencia,
		fecha_cancelacion: timestampString.nullable(),
		motivo_cancelacion: z.string(),
		cfdi_uuid: z.string().nullable(),
		cfdi_xml: z.string().nullable(),
		cfdi_certificado_pago: z.string(),
		cfdi_cadena_pago: z.string(),
		cfdi_sello_pago: z.string(),
		concepto_cfdi: z.string(),
		campos_personalizados: z.array(campoPersonalizadoSchema),
	})
	.strict();
export type AnticipoCliente = z.infer<typeof anticipoClienteSchema>;
