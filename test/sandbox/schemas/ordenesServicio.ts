import { z } from 'zod';
import { id, rfcString, timestampString } from './common';
import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS } from './catalogs';

/** Work orders (`/ordenes_servicio/`): field visits to a client's branch. */

const dayMonthYear = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'date DD/MM/YYYY');

export const clienteOrdenServicioSchema = z
	.object({
		id,
		regimen_fiscal: z.string(),
		rfc: rfcString,
		razon_social: z.string(),
		direccion: z.string(),
		colonia: z.string(),
		nombre: z.string(),
		telefono: z.string(),
		email: z.string(),
		representante_legal: z.string(),
	})
	.strict();

export const sucursalSchema = z
	.object({ id, municipio: z.string(), nombre: z.string(), cliente: z.string(), direccion: z.string() })
	.strict();

const statusValues = Object.keys(ORDEN_SERVICIO_STATUS).map(Number);
const prioridadValues = Object.keys(ORDEN_SERVICIO_PRIORIDAD).map(Number);

export const ordenServicioSchema = z
	.object({
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
		periodicidad: z.string(),
		tipo_servicio: z.string(),
		empleado: z.string(),
		cliente: clienteOrdenServicioSchema,
		sucursal: sucursalSchema,
	})
	.strict();
export type OrdenServicio = z.infer<typeof ordenServicioSchema>;

/** Answer of `POST ordenes_servicio/:id/adjuntar_imagen`. */
export const imagenOrdenServicioSchema = z.object({ id, titulo: z.string(), url: z.string().url() }).strict();
export type ImagenOrdenServicio = z.infer<typeof imagenOrdenServicioSchema>;
