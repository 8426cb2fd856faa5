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

/** What a simplified record keeps, in order: `true` copies the field, names reduce an embedded object, a function derives the value. */
export type SimplifiedShape = Record<string, true | string[] | ((record: IDataObject) => unknown)>;

/** Simplify (n8n convention for records with more than 10 fields) keeps what a user wants most. */
export const simplifyProperty: INodeProperties = { displayName: 'Simplify', name: 'simplify', type: 'boolean', default: true, description: 'Whether to return a simplified version of the response instead of the raw data' };

/** The Output choice n8n's UX guidelines ask of nodes used as AI tools (Simplify in earlier node versions). */
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

/** A code the API uses, its official Spanish name (what accountants recognise on a CFDI), its English name, and what it means when the name does not say. */
export interface CatalogEntry<Code extends string | number = string> {
	code: Code;
	label: string;
	english: string;
	description?: string;
}

export type Catalog<Code extends string | number = string> = readonly CatalogEntry<Code>[];

/** Options named in English with the Spanish beside it, so either finds it: "G03 - General expenses (Gastos en general)"; only the SAT's text codes, which users know, lead. */
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
