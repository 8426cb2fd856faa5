import { z } from 'zod';
import * as f from '../drf/fields';
import { PARTES_DIRECCION, campos } from './common';
import { FORMAS_PAGO, ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS, PROSPECTO_STATUS, TIPO_TARJETA, USOS_CFDI, keysOf } from './catalogs';

/**
 * Bodies of the create and update operations in DRF-like fields (drf/fields.ts); unknown keys are dropped, as DRF
 * does. The routes check that referenced records exist.
 */

/** Address given in a request; every part optional (the spec does not show the request shape). */
export const direccionInputSchema = f.object({
	...campos(PARTES_DIRECCION, f.char({ allowBlank: true }).optional()),
	cp: f.char({ allowBlank: true, maxLength: 10 }).optional(),
	email: f.email().optional(),
	latitud: f.decimal().nullable().optional(),
	longitud: f.decimal().nullable().optional(),
	referencia: f.char({ allowBlank: true }).nullable().optional(),
});
export type DireccionInput = z.infer<typeof direccionInputSchema>;

/** A product line: the product by exactly one of its three keys; the price defaults to the product's in the warehouse. */
export const lineaInputSchema = f.object({
	producto: f.primaryKey().optional(),
	producto_codigo: f.char().optional(),
	producto_codigo_proveedor: f.char().optional(),
	cantidad: f.decimal({ positive: true }),
	precio_unitario: f.decimal({ min: 0 }).optional(),
});
export type LineaInput = z.infer<typeof lineaInputSchema>;

export const campoPersonalizadoInputSchema = f.object({ key: f.char(), valor: f.char({ allowBlank: true }) });

/** `POST movimientos/notas_venta/`. */
export const notaVentaInputSchema = f.object({
	numero_tarjeta: f.integer({ min: 0, max: 9999 }).optional(),
	tipo_tarjeta: f.integerChoice(keysOf(TIPO_TARJETA)).optional(),
	monto_tarjeta: f.decimal({ min: 0 }).optional(),
	monto_efectivo: f.decimal({ min: 0 }).optional(),
	detalles: f.list(lineaInputSchema),
	/** Spelled so by the API. */
	direccion_entgrega: direccionInputSchema.optional(),
	comentarios: f.char({ allowBlank: true }).optional(),
	fecha: f.dateTime().optional(),
	almacen: f.primaryKey().optional(),
	cliente_rfc: f.char().optional(),
	cliente: f.primaryKey().optional(),
	id_externo: f.char({ allowBlank: true, maxLength: 100 }).optional(),
	clave_facturacion: f.char({ allowBlank: true, maxLength: 50 }).optional(),
	/** Name used in the spec's prose for the same billing key; accepted as an alias. */
	clave_autofacturacion: f.char({ allowBlank: true, maxLength: 50 }).optional(),
	campos_personalizados: f.list(campoPersonalizadoInputSchema, { allowEmpty: true }).optional(),
	moneda: f.char().optional(),
	tipo_cambio: f.decimal({ positive: true }).optional(),
});

/** `POST movimientos/pedidos/`. The contact is free-form; name, phone and email are read. */
export const pedidoInputSchema = f.object({
	contacto: f
		.object({
			nombre: f.char({ allowBlank: true }).optional(),
			telefono: f.char({ allowBlank: true }).optional(),
			email: f.email().optional(),
		})
		.passthrough()
		.nullable()
		.optional(),
	detalles: f.list(lineaInputSchema),
	direccion_entrega: direccionInputSchema.optional(),
	comentarios: f.char({ allowBlank: true }).optional(),
	fecha: f.date().optional(),
	almacen: f.primaryKey().optional(),
	rfc_cliente: f.char().optional(),
	id_cliente: f.primaryKey().optional(),
	codigo_cliente: f.char().optional(),
});

/** `POST movimientos/anticipos_clientes/`. */
export const anticipoClienteInputSchema = f.object({
	fecha: f.date(),
	almacen: f.primaryKey().optional(),
	cliente: f.primaryKey().optional(),
	cliente_rfc: f.char().optional(),
	concepto_cfdi: f.char({ allowBlank: true }).optional(),
	cuenta: f.primaryKey(),
	total: f.decimal({ positive: true }),
	uso_cfdi: f.choice(USOS_CFDI),
	comentarios: f.char({ allowBlank: true }).optional(),
	forma_pago: f.choice(FORMAS_PAGO).optional(),
	campos_personalizados: f.list(campoPersonalizadoInputSchema, { allowEmpty: true }).optional(),
});

/** `POST movimientos/consumo_interno/`. */
export const consumoInternoInputSchema = f.object({
	almacen: f.primaryKey(),
	centro_responsabilidad: f.primaryKey(),
	cuenta_gasto: f.primaryKey(),
	detalles: f.list(lineaInputSchema),
	comentarios: f.char({ allowBlank: true }).optional(),
});

/** `POST prospectos/`. */
export const prospectoInputSchema = f.object({
	codigo: f.char({ maxLength: 30 }).optional(),
	nombre: f.char({ maxLength: 200 }),
	empresa: f.char({ allowBlank: true }).optional(),
	nombre_comercial: f.char({ allowBlank: true }).nullable().optional(),
	sucursal: f.char({ allowBlank: true }).nullable().optional(),
	rfc: f.rfc().nullable().optional(),
	recomendo: f.char({ allowBlank: true }).optional(),
	comentarios: f.char({ allowBlank: true }).optional(),
	status: f.integerChoice(keysOf(PROSPECTO_STATUS)).optional(),
	direccion: direccionInputSchema.nullable().optional(),
});

/** `PATCH ordenes_servicio/:id/`: every field optional; `fecha_fin` null clears it. */
export const ordenServicioUpdateSchema = f.object({
	status: f.integerChoice(keysOf(ORDEN_SERVICIO_STATUS)).optional(),
	prioridad: f.integerChoice(keysOf(ORDEN_SERVICIO_PRIORIDAD)).optional(),
	descripcion: f.char({ allowBlank: true }).optional(),
	fecha_inicio: f.date().optional(),
	fecha_fin: f.date().nullable().optional(),
});

/** `POST ordenes_servicio/:id/adjuntar_imagen`. */
export const adjuntarImagenInputSchema = f.object({
	titulo: f.char({ maxLength: 200 }),
	imagen: f.base64Image(),
});

/** One assembly line of `POST productos/:id/editar_ensambles/`; the body may also be a list. */
export const ensambleInputSchema = f.object({
	producto_id: f.primaryKey(),
	cantidad: f.decimal({ positive: true }),
	factor: f.decimal({ positive: true }).optional(),
	um_id: f.primaryKey().optional(),
	um_nombre: f.char().optional(),
});
export type EnsambleInput = z.infer<typeof ensambleInputSchema>;

/** `POST productos/habilitar_webhook/`. */
export const habilitarWebhookInputSchema = f.object({ codigos: f.list(f.char()) });

export const tokenInputSchema = f.object({ username: f.char(), password: f.char() });
export const refreshInputSchema = f.object({ refresh: f.char() });
