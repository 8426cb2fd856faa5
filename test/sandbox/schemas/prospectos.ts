import { z } from 'zod';
import { direccionSchema, id } from './common';
import { PROSPECTO_STATUS } from './catalogs';

/** Prospects (`/prospectos/`). `stats_display` is spelled so by the API. */
export const prospectoSchema = z
	.object({
		id,
		codigo: z.string(),
		empresa: z.string(),
		nombre: z.string(),
		recomendo: z.string(),
		comentarios: z.string(),
		nombre_comercial: z.string().nullable(),
		sucursal: z.string().nullable(),
		rfc: z.string().nullable(),
		status: z.number().int(),
		stats_display: z.enum(Object.values(PROSPECTO_STATUS) as [string, ...string[]]),
		cotizaciones: z.array(id),
	})
	.strict();
export type Prospecto = z.infer<typeof prospectoSchema>;

/** The create answer also echoes the stored address (the list does not show it). */
export const prospectoCreadoSchema = prospectoSchema.extend({ direccion: direccionSchema.nullable() }).strict();
export type ProspectoCreado = z.infer<typeof prospectoCreadoSchema>;
