import { z } from 'zod';
import { campos, id, rfcString, timestampString } from './common';
import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS, keysOf } from './catalogs';

/** Work orders (`/ordenes_servicio/`): field visits to a client's branch. */

const dayMonthYear = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'date DD/MM/YYYY');
const statusValues = keysOf(ORDEN_SERVICIO_STATUS);
const prioridadValues = keysOf(ORDEN_SERVICIO_PRIORIDAD);

export const ordenServicioSchema = z.strictObject({
	id,
	status: z.number().int().refine((v) => statusValues.includes(v), 'status from the catalog'),
	status_display: z.enum(Object.values(ORDEN_SERVICIO_STATUS) as [string, ...string[]]),
	prioridad: z.number().int().refine((v) => prioridadValues.includes(v), 'prioridad from the catalog'),
	prioridad_display: z.enum(Object.values(ORDEN_SERVICIO_PRIORIDAD) as [string, ...string[]]),
	bitacora_inicio_cliente: timestampString,
	bitacora_llegada_base: timestampString.nullable(),
	descripcion: z.string(),
	clave: z.string(),
	fecha_inicio: dayMonthYear,
	fecha_fin: z.union([dayMonthYear, z.literal('')]),
	...campos(['periodicidad', 'tipo_servicio', 'empleado'], z.string()),
	cliente: z.strictObject({
		id,
		regimen_fiscal: z.string(),
		rfc: rfcString,
		...campos(['razon_social', 'direccion', 'colonia', 'nombre', 'telefono', 'email', 'representante_legal'], z.string()),
	}),
	sucursal: z.strictObject({ id, ...campos(['municipio', 'nombre', 'cliente', 'direccion'], z.string()) }),
});
export type OrdenServicio = z.infer<typeof ordenServicioSchema>;

/** Answer of `POST ordenes_servicio/:id/adjuntar_imagen`. */
export const imagenOrdenServicioSchema = z.strictObject({ id, titulo: z.string(), url: z.string().url() });
export type ImagenOrdenServicio = z.infer<typeof imagenOrdenServicioSchema>;
