import { z } from 'zod';
import { rfcString } from './common';

/** SAT blacklist (art. 69-B CFF) entries (`/listanegra/`): no id, keyed by RFC. */
export const listaNegraSchema = z.strictObject({
	rfc: rfcString,
	nombre: z.string(),
	tipo: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
export type ListaNegra = z.infer<typeof listaNegraSchema>;
