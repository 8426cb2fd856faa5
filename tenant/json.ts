import type { IDataObject } from 'n8n-workflow';

/** A JSON object (not null, not a list): what an API record, a page or a delivered document must be. */
export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
