import { z } from 'zod';

/**
 * What a DRF serializer does with a model instance: it answers the fields it declares, in their order, whatever else
 * the instance holds. The store may keep sandbox-only fields beside a record's API fields (a warehouse's price
 * adjustment), so a route answers `serialize(schema, record)` and the schema alone says which fields leave.
 */
export function serialize<S extends z.ZodTypeAny>(schema: S, record: z.infer<S>): z.infer<S> {
	return project(schema, record) as z.infer<S>;
}

/** Objects keep their declared keys (and every key where the schema passes unknown ones through), at any depth. */
function project(schema: z.ZodTypeAny, value: unknown): unknown {
	if (value === null || value === undefined) return value;
	if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return project(schema.unwrap(), value);
	if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.map((item) => project(schema.element, item)) : value;
	if (!(schema instanceof z.ZodObject) || typeof value !== 'object' || Array.isArray(value)) return value;
	const record = value as Record<string, unknown>;
	const declared = Object.entries(schema.shape as z.ZodRawShape)
		.filter(([key]) => key in record)
		.map(([key, field]) => [key, project(field, record[key])]);
	return schema._def.unknownKeys === 'passthrough' ? { ...record, ...Object.fromEntries(declared) } : Object.fromEntries(declared);
}
