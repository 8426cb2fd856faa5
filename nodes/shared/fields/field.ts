import type { IDataObject, INodeProperties, INodePropertyOptions, DisplayCondition } from 'n8n-workflow';

import type { Catalog } from '../records';
import { catalogOptions } from '../records';
import type { Grammar } from './grammars';
import type { ValueReader } from './reader';
import { wholeNumber } from './grammars';
import * as grammars from './grammars';

/** A field, written once: its editor properties, the item's values under their API names (each through its grammar), and those names when known (a path's `{name}`). */
export interface Field {
	properties: INodeProperties[];
	apiValues(reader: ValueReader): IDataObject | Promise<IDataObject>;
	apiNames?: string[];
}

/** The editor property plus the name the API gives the value. Routing is the operation's job, never a field's. */
export type FieldSpec = Pick<INodeProperties, 'name' | 'displayName'> & Partial<Omit<INodeProperties, 'name' | 'displayName' | 'routing'>> & { apiName: string };

export function editorPart(spec: FieldSpec): Omit<FieldSpec, 'apiName'> {
	const property: Partial<FieldSpec> = { ...spec };
	delete property.apiName;
	return property as Omit<FieldSpec, 'apiName'>;
}

function editorProperty(spec: FieldSpec, editor: Partial<INodeProperties>): INodeProperties {
	return { type: 'string', default: '', description: `Sent as ${spec.apiName}`, ...editor, ...editorPart(spec) } as INodeProperties;
}

/** A field holding one value of a grammar. */
export function scalarField<T>(grammar: Grammar<T>, editor: Partial<INodeProperties> = {}) {
	return (spec: FieldSpec): Field => ({
		properties: [editorProperty(spec, editor)],
		apiValues: (reader) => ({ [spec.apiName]: reader.read(spec.name, spec.displayName, grammar, { required: spec.required }) as IDataObject[string] }),
		apiNames: [spec.apiName],
	});
}

export const textField = scalarField(grammars.text);
export const emailField = scalarField(grammars.email, { placeholder: 'e.g. name@email.com' });
export const rfcField = scalarField(grammars.rfc, { placeholder: 'e.g. XAXX010101000' });
export const dateField = scalarField(grammars.date, { type: 'dateTime' });
export const dateTimeField = scalarField(grammars.dateTime, { type: 'dateTime' });
/** A whole-number filter: 0 (the editor's empty number, left when the filter is added) is refused, never sent as a filter matching nothing. */
export const wholeNumberFilter = scalarField(grammars.wholeNumber, { type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 0 } });
export const wholeNumberField = scalarField(grammars.wholeNumber, { type: 'number', default: 1, typeOptions: { minValue: 1, numberPrecision: 0 } });
export const amountFilter = scalarField(grammars.decimal(), { type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 2 } });

export function decimalField(spec: FieldSpec, rules?: grammars.DecimalRules): Field {
	return scalarField(grammars.decimal(rules))(spec);
}

/** A decimal the API types as a JSON number. */
export function exactNumberField(spec: FieldSpec, rules?: grammars.DecimalRules): Field {
	return scalarField(grammars.exactNumber(rules))(spec);
}

/** Several values, sent as `a,b,c` in a query or as an array in a body. */
export function listField(spec: FieldSpec, entry?: Grammar<string | number>): Field {
	return scalarField(grammars.list(entry))(spec);
}

/** A dropdown, checked against its options when given by expression; `sends` maps a choice to what the API receives (undefined: nothing). */
export function optionsField(spec: FieldSpec, sends?: Record<string, string | number | undefined>, among?: string): Field {
	const choose = grammars.oneOf((spec.options as INodePropertyOptions[]).map((option) => option.value as string | number), among);
	return {
		properties: [editorProperty(spec, { type: 'options' })],
		apiValues: (reader) => {
			const choice = reader.read(spec.name, spec.displayName, choose, { required: spec.required });
			return { [spec.apiName]: sends && choice !== undefined ? sends[String(choice)] : choice };
		},
		apiNames: [spec.apiName],
	};
}

/** A dropdown of a catalog's codes. */
export function catalogField<Code extends string | number>(spec: FieldSpec, catalog: Catalog<Code>): Field {
	return optionsField({ default: catalog[0].code, ...spec, options: catalogOptions(catalog) }, undefined, 'the catalog');
}

/** Fields of a Filters, Options or Additional Fields collection, sent side by side. */
export function collection(spec: Pick<INodeProperties, 'name' | 'displayName'> & Partial<INodeProperties>, fields: Field[]): Field {
	return {
		properties: [{ type: 'collection', placeholder: 'Add Field', default: {}, ...spec, options: fields.flatMap((field) => field.properties) } as INodeProperties],
		apiValues: async (reader) => await apiValuesOf(fields, reader.within(spec.name)),
		apiNames: fields.flatMap((field) => field.apiNames ?? []),
	};
}

/** A collection the API receives as one object (an address, a contact); nothing is sent when no field is filled. */
export function objectCollection(spec: FieldSpec, fields: Field[]): Field {
	return {
		properties: collection(editorPart(spec), fields).properties,
		apiValues: async (reader) => {
			const object = await apiValuesOf(fields, reader.within(spec.name, spec.displayName));
			return { [spec.apiName]: Object.keys(object).length ? object : undefined };
		},
	};
}

/** Every field's values, without the ones left empty. */
export async function apiValuesOf(fields: Field[], reader: ValueReader): Promise<IDataObject> {
	const result: IDataObject = {};
	for (const field of fields) {
		for (const [key, value] of Object.entries(await field.apiValues(reader))) if (value !== undefined) result[key] = value;
	}
	return result;
}

/** One field in two forms, before and from node version `since`: n8n saves only values that differ from the default, so a default changes only in a new version. */
export function changedInVersion(since: number, before: INodeProperties, from: INodeProperties): INodeProperties[] {
	const scoped = (property: INodeProperties, condition: DisplayCondition): INodeProperties => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': [condition] } },
	});
	return [scoped(before, { _cnd: { lt: since } }), scoped(from, { _cnd: { gte: since } })];
}

type RecordSpec = Omit<FieldSpec, 'type' | 'default'> & { searchListMethod: string };

/** A record chosen "From list" (searchable) or "By ID"; its ID goes in the body under `apiName`, or in the path's `{apiName}`. */
export function recordField({ searchListMethod, ...spec }: RecordSpec): Field {
	return {
		properties: [
			{
				...editorPart(spec),
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				required: true,
				modes: [
					{ displayName: 'From List', name: 'list', type: 'list', placeholder: `Select a ${spec.displayName.toLowerCase()}...`, typeOptions: { searchListMethod, searchable: true } },
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 42',
						validation: [{ type: 'regex', properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The ID is a whole number' } }],
					},
				],
			} as INodeProperties,
		],
		apiValues: (reader) => ({ [spec.apiName]: reader.read(spec.name, spec.displayName, wholeNumber, { required: true }) }),
		apiNames: [spec.apiName],
	};
}

/** The first node version whose required IDs start empty. */
export const EMPTY_IDS_SINCE = 2;

/** A required numeric ID: version 1 started it at 1, so a forgotten field sent record 1; later versions start it empty. */
export function requiredIdField(spec: Omit<FieldSpec, 'type' | 'default'>): Field {
	const shared = editorPart(spec);
	return {
		properties: changedInVersion(
			EMPTY_IDS_SINCE,
			{ ...shared, required: true, type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 1 },
			// Text, because a number field cannot start empty; the reader takes whole numbers only.
			{ ...shared, required: true, type: 'string', default: '', placeholder: 'e.g. 42' },
		),
		apiValues: (reader) => ({ [spec.apiName]: reader.read(spec.name, spec.displayName, wholeNumber, { required: true }) }),
		apiNames: [spec.apiName],
	};
}
