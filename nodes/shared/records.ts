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

/**
 * The Output choice n8n's UX guidelines ask of nodes used as AI tools, in the node versions that have
 * it (Simplify before them): Simplified where the resource has a shape, Raw, or Selected Fields.
 */
export function outputProperties(simplified: boolean, show: INodeProperties['displayOptions']): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			displayOptions: show,
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field Admintotal returns' },
				{ name: 'Selected Fields', value: 'selected', description: 'Only the fields you name, and the ID' },
				...(simplified ? [{ name: 'Simplified', value: 'simplified', description: 'The fields most workflows need, with the ID' }] : []),
			],
			default: 'raw',
			...(simplified ? { default: 'simplified' } : {}),
			description: "What each record holds: fewer fields keep an AI agent's answers short",
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { ...show?.show, output: ['selected'] } },
			placeholder: 'e.g. folio, total, cliente.razon_social',
			description: 'The fields to keep, separated by commas; a dotted name keeps that part of an embedded record. The ID is always kept.',
		},
	];
}

/** Selected Fields as a shape: the ID (`key`), then each field; `cliente.rfc` keeps that part of the client, `cliente` all of it. */
export function selectedShape(fields: string[], key = 'id'): SimplifiedShape {
	const shape: SimplifiedShape = { [key]: true };
	for (const [key, part] of fields.map((field) => field.split('.'))) {
		const kept = shape[key];
		shape[key] = part === undefined || kept === true ? true : [...(Array.isArray(kept) ? kept : []), part];
	}
	return shape;
}

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
 * A fixed list of codes the API uses, each with its official Spanish name (the SAT's, or
 * Admintotal's own) and its English name. Each catalog lives with the resource that uses it.
 */
export interface CatalogEntry<Code extends string | number = string> {
	code: Code;
	/** The official Spanish name: what accountants recognise on a CFDI and what Admintotal shows. */
	label: string;
	english: string;
	/** What the option means, when its name alone does not say it. */
	description?: string;
}

export type Catalog<Code extends string | number = string> = readonly CatalogEntry<Code>[];

/**
 * Dropdown options named in English with the official Spanish name kept beside it, so a user who
 * types either finds the option: "G03 - General expenses (Gastos en general)". A code written as
 * text is the SAT's own (G03, 01), which users know, so it leads the name; a numeric code is
 * Admintotal's and means nothing on screen ("Open (Abierta)"). The value is the code, as before.
 */
export function catalogOptions<Code extends string | number>(catalog: Catalog<Code>): INodePropertyOptions[] {
	return catalog.map((entry) => {
		const name = entry.english === entry.label ? entry.english : `${entry.english} (${entry.label})`;
		return {
			name: typeof entry.code === 'string' ? `${entry.code} - ${name}` : name,
			value: entry.code,
			...(entry.description ? { description: entry.description } : {}),
		};
	});
}

export function catalogEntry<Code extends string | number>(catalog: Catalog<Code>, code: unknown): CatalogEntry<Code> | undefined {
	return catalog.find((entry) => String(entry.code) === String(code).trim());
}

export function catalogLabel<Code extends string | number>(catalog: Catalog<Code>, code: unknown): string | undefined {
	return catalogEntry(catalog, code)?.label;
}
