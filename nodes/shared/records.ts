import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** A JSON object (not null, not a list): what an API record, a page or a delivered document must be. */
export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record's field as label text ('' when missing). */
export const labelText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** The name of a record's embedded client. */
export const clientName = (record: IDataObject) => {
	const client = record.cliente;
	return isJsonObject(client) ? labelText(client.razon_social) : '';
};

/**
 * What a simplified record keeps, in output order: `true` copies the field, a list of names reduces
 * an embedded object to those fields, a function derives the value (e.g. a catalog label).
 */
export type SimplifiedShape = Record<string, true | string[] | ((record: IDataObject) => unknown)>;

/** Simplify (n8n convention for records with more than 10 fields) keeps what a user wants most. */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

export function shapeRecord(record: IDataObject, shape: SimplifiedShape): IDataObject {
	const result: IDataObject = {};
	for (const [key, rule] of Object.entries(shape)) {
		if (typeof rule === 'function') {
			const value = rule(record);
			if (value !== undefined) result[key] = value as IDataObject[string];
			continue;
		}
		if (!(key in record)) continue;
		const value = record[key];
		result[key] = rule === true || !isJsonObject(value) ? value : pick(value, rule);
	}
	return result;
}

function pick(record: IDataObject, keep: string[]): IDataObject {
	const result: IDataObject = {};
	for (const key of keep) if (key in record) result[key] = record[key];
	return result;
}
