import { z } from 'zod';
import { campos, dateString, id } from './common';

/** Products (`/productos/`) per the facts file: prices, costs and stock are JSON numbers, unit factors and sizes strings. */

export const promocionSchema = z.strictObject({
	...campos(['cantidad', 'valor_unitario', 'precio_neto'], z.string()),
	inicio: dateString,
	vencimiento: dateString,
	...campos(['cliente', 'porcentaje', 'cliente_id', 'clasificacion', 'clasificacion_id'], z.string()),
	usa_porcentaje: z.boolean().nullable(),
	restringir_unidad: z.boolean(),
	nombre_unidad: z.string(),
	factor: z.string(),
});
export type Promocion = z.infer<typeof promocionSchema>;

export const infoAlmacenSchema = z.strictObject({
	almacen: z.strictObject({ id, nombre: z.string() }),
	disponible: z.number(),
	promociones: z.array(promocionSchema),
	...campos(['precio_unitario', 'costo_reposicion', 'precio_neto'], z.number()),
});
export type InfoAlmacen = z.infer<typeof infoAlmacenSchema>;

export const unidadSchema = z.strictObject({
	id,
	factor: z.string(),
	seleccionado: z.boolean(),
	seleccionado_compra: z.boolean(),
	...campos(['codigo_barras', 'base', 'altura', 'profundidad', 'peso', 'nombre'], z.string()),
});

export const productoSchema = z.strictObject({
	id,
	codigo: z.string(),
	codigo_origen: z.string(),
	medio_distribucion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
	...campos(['descripcion', 'ce_fraccion_arancelaria', 'descripcion_ingles', 'descripcion_ecommerce'], z.string()),
	tipo: z.number().int(),
	clave_prod_serv: z.string(),
	...campos(['linea', 'sublinea', 'subsublinea'], id),
	info_almacenes: z.array(infoAlmacenSchema),
	composiciones: z.array(z.strictObject({ id, codigo: z.string(), parte__descripcion: z.string() })),
	...campos(['descripcion_adicional', 'unidad_aduana', 'imagen_url'], z.string()),
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
	/** The list and detail show a smaller unit shape than the product-created webhook. */
	unidades: z.array(z.strictObject({ id, factor: z.number(), nombre: z.string() })),
	activo: z.boolean(),
	habilitar_webhook: z.boolean(),
	tipo_producto_sistema_cardonal: z.null(),
	/** Present only when the request named `almacen` or `almacenes_existencias`. */
	existencia: z.number().optional(),
});
export type Producto = z.infer<typeof productoSchema>;

/** Body of the "Creación de productos" webhook: the product with full unit objects. */
export const productoWebhookSchema = productoSchema.extend({ unidades: z.array(unidadSchema) }).strict();
export type ProductoWebhook = z.infer<typeof productoWebhookSchema>;

/** One element of the "Cambios de precios y existencias" webhook body; every value a string. */
export const precioExistenciaSchema = z.strictObject(campos(['sku', 'precio', 'costo', 'stock'], z.string()));
export type PrecioExistencia = z.infer<typeof precioExistenciaSchema>;

/** One assembly line as answered by `POST productos/:id/editar_ensambles/` (sandbox's choice). */
const ensambleSchema = z.strictObject({
	id,
	producto_id: id,
	...campos(['codigo', 'descripcion', 'cantidad', 'factor'], z.string()),
	um_id: id,
	um_nombre: z.string(),
});
export type Ensamble = z.infer<typeof ensambleSchema>;

export const editarEnsamblesResponseSchema = z.strictObject({
	id,
	codigo: z.string(),
	costo_ensamble: z.number(),
	ensambles: z.array(ensambleSchema),
});

export const habilitarWebhookResponseSchema = z.strictObject({
	ok: z.literal(true),
	habilitados: z.array(z.string()),
	no_encontrados: z.array(z.string()),
});
