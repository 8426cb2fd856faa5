import { z } from 'zod';
import { campos, direccionSchema, id } from './common';
import { PROSPECTO_STATUS } from './catalogs';

/** Prospects (`/prospectos/`). `stats_display` is spelled so by the API. */
export const prospectoSchema = z.strictObject({
	id,
	...campos(['codigo', 'empresa', 'nombre', 'recomendo', 'comentarios'], z.string()),
	...campos(['nombre_comercial', 'sucursal', 'rfc'], z.string().nullable()),
	status: z.number().int(),
	stats_display: z.enum(Object.values(PROSPECTO_STATUS) as [string, ...string[]]),
	cotizaciones: z.array(id),
});
export type Prospecto = z.infer<typeof prospectoSchema>;

/** The create answer also echoes the stored address (the list does not show it). */
export const prospectoCreadoSchema = prospectoSchema.extend({ direccion: direccionSchema.nullable() }).strict();
export type ProspectoCreado = z.infer<typeof prospectoCreadoSchema>;
