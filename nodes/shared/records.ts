import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

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

/**
 * A fixed list of codes the API uses. SAT catalogs keep their official Spanish labels (what
 * accountants recognise on a CFDI); the English meaning goes in the option description. Each
 * catalog lives with the resource that uses it.
 */
export interface CatalogEntry<Code extends string | number = string> {
	code: Code;
	label: string;
	english: string;
}

export type Catalog<Code extends string | number = string> = readonly CatalogEntry<Code>[];

/** Dropdown options: "G01 - Adquisición de mercancías", with the English meaning as description. */
export function catalogOptions<Code extends string | number>(catalog: Catalog<Code>, { showCode = true } = {}): INodePropertyOptions[] {
	return catalog.map((entry) => ({
		name: showCode ? `${entry.code} - ${entry.label}` : `${entry.label} (${entry.english})`,
		value: entry.code,
		description: entry.english,
	}));
}

export function catalogEntry<Code extends string | number>(catalog: Catalog<Code>, code: unknown): CatalogEntry<Code> | undefined {
	return catalog.find((entry) => String(entry.code) === String(code).trim());
}

export function catalogLabel<Code extends string | number>(catalog: Catalog<Code>, code: unknown): string | undefined {
	return catalogEntry(catalog, code)?.label;
}
