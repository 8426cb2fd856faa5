import { z } from 'zod';

/** Conventions shared by every resource of the spec ("Conventions" table). */

/** Mexican taxpayer id: 3 letters (companies) or 4 (people), birth/incorporation date, homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

export const decimalString = (places: number) =>
	z.string().regex(new RegExp(`^-?\\d+\\.\\d{${places}}$`), `decimal string with ${places} places`);
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date YYYY-MM-DD');
export const timestampString = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/, 'ISO 8601 timestamp with offset');
export const rfcString = z.string().regex(RFC_PATTERN, 'RFC');
export const id = z.number().int().positive();

/** A shape with the same schema for each of `names`, for runs of fields of one kind. */
export function campos<const K extends string, T extends z.ZodTypeAny>(names: readonly K[], schema: T): Record<K, T> {
	return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, T>;
}

/** The text parts of an address, in the order the API shows them. */
export const PARTES_DIRECCION = [
	'municipio', 'localidad', 'estado', 'calle', 'colonia', 'cp', 'telefono', 'email', 'numero_e', 'numero_i', 'pais_residencia',
] as const;
export type ParteDireccion = (typeof PARTES_DIRECCION)[number];

/** Address object (`direccion`, `direccion_entrega`). */
export const direccionSchema = z.strictObject({
	id,
	...campos(PARTES_DIRECCION, z.string()),
	latitud: decimalString(8).nullable(),
	longitud: decimalString(8).nullable(),
	referencia: z.string().nullable(),
});
export type Direccion = z.infer<typeof direccionSchema>;

/** Embedded client object (`cliente`) of sales notes and credit notes. */
export const clienteSchema = z.strictObject({
	id,
	activo: z.boolean(),
	tipo_cliente: z.number().int(),
	...campos(['razon_social', 'codigo', 'nombre_comercial', 'sitio_web'], z.string()),
	rfc: rfcString,
	curp: z.string(),
	representante_legal: z.string(),
	referencia: z.string().nullable(),
	limite_credito: decimalString(2),
	direccion: direccionSchema,
	bloquear_vencido: z.boolean(),
	dias_cortar_credito: z.number().int(),
	saldo_pendiente: decimalString(2),
	dias_credito: z.number().int(),
});
export type Cliente = z.infer<typeof clienteSchema>;

/** Orders embed the client without the credit-blocking fields. */
export const clientePedidoSchema = clienteSchema.omit({ bloquear_vencido: true, dias_cortar_credito: true }).strict();
export type ClientePedido = z.infer<typeof clientePedidoSchema>;

/** Sales-note and order lines: quantities and unit prices 4 places, amounts 6 (facts file). */
export const lineaDocumentoSchema = z.strictObject({
	id,
	producto: id,
	cantidad: decimalString(4),
	precio_unitario: decimalString(4),
	importe: decimalString(6),
	iva: decimalString(6),
});
export type LineaDocumento = z.infer<typeof lineaDocumentoSchema>;

/** DRF LimitOffsetPagination envelope. */
export function listEnvelope<T extends z.ZodTypeAny>(item: T) {
	return z.strictObject({
		count: z.number().int().nonnegative(),
		next: z.string().url().nullable(),
		previous: z.string().url().nullable(),
		results: z.array(item),
	});
}
export type ListEnvelope<T> = { count: number; next: string | null; previous: string | null; results: T[] };
