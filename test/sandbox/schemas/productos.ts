import { z } from 'zod';
import { dateString, id } from './common';

/**
 * Products (`/productos/`), shaped after the facts file's field table: unlike the documents,
 * prices, costs and stock are JSON numbers here, while unit factors and sizes are strings.
 */

export const promocionSchema = z
	.object({
		cantidad: z.string(),
		valor_unitario: z.string(),
		precio_neto: z.string(),
		inicio: dateString,
		vencimiento: dateString,
		cliente: z.string(),
		porcentaje: z.string(),
		cliente_id: z.string(),
		clasificacion: z.string(),
		clasificacion_id: z.string(),
		usa_porcentaje: z.boolean().nullable(),
		restringir_unidad: z.boolean(),
		nombre_unidad: z.string(),
		factor: z.string(),
	})
	.strict();
export type Promocion = z.infer<typeof promocionSchema>;

export const infoAlmacenSchema = z
	.object({
		almacen: z.object({ id, nombre: z.string() }).strict(),
		disponible: z.number(),
		promociones: z.array(promocionSchema),
		precio_unitario: z.number(),
		costo_reposicion: z.number(),
		precio_neto: z.number(),
	})
	.strict();
export type InfoAlmacen = z.infer<typeof infoAlmacenSchema>;

export const unidadSchema = z
	.object({
		id,
		factor: z.string(),
		seleccionado: z.boolean(),
		seleccionado_compra: z.boolean(),
		codigo_barras: z.string(),
		base: z.string(),
		altura: z.string(),
		profundidad: z.string(),
		peso: z.string(),
		nombre: z.string(),
	})
	.strict();
export type Unidad = z.infer<typeof unidadSchema>;

/** The list and detail show a smaller unit shape than the product-created webhook. */
export const unidadResumenSchema = z.object({ id, factor: z.number(), nombre: z.string() }).strict();

export const composicionSchema = z
	.object({ id, codigo: z.string(), parte__descripcion: z.string() })
	.strict();

export const productoSchema = z
	.object({
		id,
		codigo: z.string(),
		codigo_origen: z.string(),
		medio_distribucion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
		descripcion: z.string(),
		ce_fraccion_arancelaria: z.string(),
		descripcion_ingles: z.string(),
		descripcion_ecommerce: z.string(),
		tipo: z.number().int(),
		clave_prod_serv: z.string(),
		linea: id,
		sublinea: id,
		subsublinea: id,
		info_almacenes: z.array(infoAlmacenSchema),
		composiciones: z.array(composicionSchema),
		descripcion_adicional: z.string(),
		unidad_aduana: z.string(),
		imagen_url: z.string(),
		costo_ensamble: z.number(),
		costo: z.number(),
		marca: z.string(),
		porcentaje_iva: z.number(),
		porcentaje_ieps: z.number(),
		restringir_decimales: z.boolean(),
		precio: z.number(),
		precio_neto: z.number(),
		moneda: z.string(),
		unidad: unidadSchema,
		unidades: z.array(unidadResumenSchema),
		activo: z.boolean(),
		habilitar_webhook: z.boolean(),
		tipo_producto_sistema_cardonal: z.null(),
		/** Present only when the request named `almacen` or `almacenes_existencias`. */
		existencia: z.number().optional(),
	})
	.strict();
export type Producto = z.infer<typeof productoSchema>;

/** Body of the "Creación de productos" webhook: the product with full unit objects. */
export const productoWebhookSchema = productoSchema.extend({ unidades: z.array(unidadSchema) }).strict();
export type ProductoWebhook = z.infer<typeof productoWebhookSchema>;

/** One element of the "Cambios de precios y existencias" webhook body; every value a string. */
export const precioExistenciaSchema = z
	.object({ sku: z.string(), precio: z.string(), costo: z.string(), stock: z.string() })
	.strict();
export type PrecioExistencia = z.infer<typeof precioExistenciaSchema>;

/** One assembly line as answered by `POST productos/:id/editar_ensambles/` (sandbox's choice). */
export const ensambleSchema = z
	.object({
		id,
		producto_id: id,
		codigo: z.string(),
		descripcion: z.string(),
		cantidad: z.string(),
		factor: z.string(),
		um_id: id,
		um_nombre: z.string(),
	})
	.strict();
export type Ensamble = z.infer<typeof ensambleSchema>;

export const editarEnsamblesResponseSchema = z
	.object({ id, codigo: z.string(), costo_ensamble: z.number(), ensambles: z.array(ensambleSchema) })
	.strict();

export const habilitarWebhookResponseSchema = z
	.object({ ok: z.literal(true), habilitados: z.array(z.string()), no_encontrados: z.array(z.string()) })
	.strict();
