import type { BinaryHelperFunctions, IDataObject, IHttpRequestOptions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../fields/field';
import { apiValuesOf } from '../fields/field';
import { boolean, list, oneOf, outputFieldName, positiveCount } from '../fields/grammars';
import type { ValueReader } from '../fields/reader';
import type { Grammar } from '../fields/grammars';
import { START_LANES } from '../tenant/pace/rule';
import type { WriteEffect } from '../tenant/errors';
import type { ListReading, Lookup } from '../tenant/lists';
import { parallelRequestsOf, parallelRequestsProperty, withRequestSettings } from './settings';
import type { SimplifiedShape } from '../records';
import { outputProperties, selectedShape, simplifyProperty } from '../records';

/** What an operation does with Admintotal: read a list, read one record, look values up, or write. */
export type OperationKind = 'list' | 'read' | 'lookup' | 'write';

/**
 * The one way an operation is declared: from its option, fields and path each item's values are checked into its plan, which
 * execute.ts sends. Fields carry no `routing` of their own, so a new field cannot bypass the checks.
 */
export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	kind: OperationKind;
	/** Writes only; reads are GET. */
	method?: 'POST' | 'PATCH';
	/** The path below the resource's list (`{workOrderId}/adjuntar_imagen`), the list when absent; `{name}` takes that API name's value. */
	path?: string;
	fields?: Field[];
	simplify?: SimplifiedShape;
	/** Get and Get Many: the node version whose Output choice (Simplified, Raw, Selected Fields) replaces Simplify. */
	outputSince?: number;
	/** The field that identifies a record, which Selected Fields always keeps; `id` unless the resource has another. */
	key?: string;
	/** Turns the records into the output, after Simplify; gets the values the fields read. */
	output?: (records: IDataObject[], values: IDataObject) => IDataObject[];
	/** When true for the values read, the API is not asked and there are no records (e.g. a generic RFC). */
	answeredWithoutAsking?: (values: IDataObject) => boolean;
	/** Lookups only: the query parameter a value is looked up by; a run's items are answered together, in the fewest round trips. */
	lookup?: Lookup;
	/** The operation's own step after its records come back (CFDI XML as a File, cfdi.ts). */
	step?: OutputStep;
	/** The most requests at once, however the budget grows (an upload holds its image while in flight). */
	parallelAtMost?: number;
}

/** An extra step declared by the operations that have it (CFDI XML as a File): the runner knows only this shape, never its code. */
export interface OutputStep {
	properties: INodeProperties[];
	/** The step as one item set it; undefined when the item turned it off. */
	read: (reader: ValueReader) => ItemStep | undefined;
}

export type ItemStep = (helpers: Pick<BinaryHelperFunctions, 'prepareBinaryData'>, records: IDataObject[], outputs: IDataObject[]) => Promise<INodeExecutionData[]>;

/** What one item asks of Admintotal, as its operation read it, and how its records become its output. */
export interface ItemPlan {
	kind: OperationKind;
	request: IHttpRequestOptions;
	/** Limit (lists), and Parallel Requests: the run's request budget (as the first item gives it). */
	reading: ListReading;
	/** Lookups: the list's query parameter and the value this item looks up. */
	lookup?: Lookup & { value: string };
	/** Writes: what their errors say may have happened when the outcome is unknown. */
	effect?: WriteEffect;
	/** Known without asking (a generic RFC): no request, no records. */
	answered: boolean;
	/** What Simplify keeps of each record; undefined when Simplify is off or the operation has none. */
	simplify?: SimplifiedShape;
	/** The values the fields read, for the operation's own output step. */
	values: IDataObject;
	/** The operation's own step from records to output, after Simplify (Check RFC's verdict). */
	output?: (records: IDataObject[], values: IDataObject) => IDataObject[];
	/** The operation's own step (CFDI XML as a File), when the item turned it on. */
	step?: ItemStep;
}

export interface Operation {
	value: string;
	kind: OperationKind;
	option: INodePropertyOptions;
	properties: INodeProperties[];
	/** Reads and checks one item's values into its plan (its path below `listPath`, the resource's list), or an error naming the field and the item. */
	plan: (reader: ValueReader, listPath: string) => Promise<ItemPlan>;
}

const listSizeProperties: INodeProperties[] = [
	{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false, description: 'Whether to return all results or only up to a given limit' },
	{ displayName: 'Limit', name: 'limit', type: 'number', displayOptions: { show: { returnAll: [false] } }, typeOptions: { minValue: 1 }, default: 50, description: 'Max number of results to return' },
];

/** The run's ceiling within the tenant's pace (RunBudget, tenant/pace/run.ts), under the name and place Get Many and Check RFC have always saved it. */
const PARALLEL_REQUESTS_DESCRIPTION =
	'The most requests the node has at Admintotal at once, for all its items together: pages, lookups, writes and logins. ' +
	`Within it the node finds how many your tenant takes: it starts with ${START_LANES} (or where this n8n already found the tenant's pace) and grows while answers come quickly, and cuts back at once when Admintotal asks to slow down (429) or slows down. ` +
	"Set it low (1 to 4) for a tenant that must be treated gently, or set the credential's Max Requests at Once, which bounds every execution together. Read from the first item.";

/** Every operation gets Parallel Requests in its Options collection (added to the operation's own Options when it has one). */
function withParallelRequests(properties: INodeProperties[], description: string): INodeProperties[] {
	const parallelRequests = parallelRequestsProperty(description);
	const at = properties.findIndex((property) => property.type === 'collection' && property.name === 'options');
	if (at < 0) return [...properties, { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [parallelRequests] }];
	const options = { ...properties[at], options: [...(properties[at].options ?? []), parallelRequests] } as INodeProperties;
	return properties.map((property, index) => (index === at ? options : property));
}

export function defineOperation(spec: OperationSpec): Operation {
	const fields = spec.fields ?? [];
	checkPath(spec, fields);
	const ownProperties = fields.flatMap((field) => field.properties);
	const fieldProperties = withParallelRequests(ownProperties, PARALLEL_REQUESTS_DESCRIPTION);
	// Simplify (and the step's fields) sit before the first Filters or Options collection, as in n8n's own nodes.
	const at = fieldProperties.findIndex((property) => property.type === 'collection');
	const simplify = [...shapeProperties(spec), ...(spec.step?.properties ?? [])];
	const properties = [
		...(spec.kind === 'list' ? listSizeProperties : []),
		...(at < 0 ? [...fieldProperties, ...simplify] : [...fieldProperties.slice(0, at), ...simplify, ...fieldProperties.slice(at)]),
	];

	const plan = async (reader: ValueReader, listPath: string): Promise<ItemPlan> => {
		// n8n's Retry On Fail runs every item again: the records the failed try created would be created twice.
		if (spec.kind === 'write' && reader.node.retryOnFail === true) throw retryRefused(reader);
		const values = await apiValuesOf(fields, reader);
		const returnAll = spec.kind === 'list' && reader.read('returnAll', 'Return All', boolean) === true;
		// Called as an AI tool (n8n runs the node as `<type>Tool`), Return All answers at most TOOL_ANSWER_LIMIT
		// records; one record more tells whether more exist. A Limit is the model's (or the user's) own choice.
		const bounded = returnAll && reader.node.type.endsWith('Tool');
		const maxRecords = spec.kind === 'list' && !returnAll ? reader.read('limit', 'Limit', positiveCount, { required: true }) : bounded ? TOOL_ANSWER_LIMIT + 1 : undefined;
		const parallel = Math.min(parallelRequestsOf(reader), spec.parallelAtMost ?? Infinity);
		const answered = spec.answeredWithoutAsking?.(values) ?? false;
		const url = listPath + fillPath(spec.path ?? '', values);
		const request = withRequestSettings(spec.kind === 'write' ? { method: spec.method ?? 'POST', url, body: values } : { method: 'GET', url, qs: asQuery(values) }, reader);
		const lookup = spec.kind === 'lookup' && spec.lookup && !answered ? { ...spec.lookup, value: String(values[spec.lookup.parameter]) } : undefined;
		// A Create's errors say "the record may have been created"; other writes', "the change may have been applied".
		const effect = spec.kind === 'write' ? (spec.value === 'create' ? 'created' : 'applied') : undefined;
		return { kind: spec.kind, request, reading: { maxRecords, parallel }, lookup, effect, answered, simplify: shapeOf(spec, reader), values, output: spec.output, step: bounded ? toolAnswer(TOOL_ANSWER_LIMIT, spec.step?.read(reader)) : spec.step?.read(reader) };
	};

	return { value: spec.value, kind: spec.kind, option: { name: spec.name, value: spec.value, action: spec.action, description: spec.description }, properties, plan };
}

/** Simplify, or from `outputSince` the Output choice, each shown in its own node versions. */
function shapeProperties(spec: OperationSpec): INodeProperties[] {
	const { simplify, outputSince: since } = spec;
	if (since === undefined) return simplify ? [simplifyProperty] : [];
	const before = simplify ? [{ ...simplifyProperty, displayOptions: { show: { '@version': [{ _cnd: { lt: since } }] } } }] : [];
	return [...before, ...outputProperties(simplify !== undefined, { show: { '@version': [{ _cnd: { gte: since } }] } })];
}

/** What each record of the item keeps: Simplify's shape, the Output choice's (from `outputSince`), or all of it (undefined). */
function shapeOf(spec: OperationSpec, reader: ValueReader): SimplifiedShape | undefined {
	if (spec.outputSince === undefined || reader.node.typeVersion < spec.outputSince) {
		return spec.simplify !== undefined && reader.read('simplify', 'Simplify', boolean) !== false ? spec.simplify : undefined;
	}
	const output = reader.read('output', 'Output', oneOf(spec.simplify ? ['simplified', 'raw', 'selected'] : ['raw', 'selected'])) ?? (spec.simplify ? 'simplified' : 'raw');
	if (output === 'selected') return selectedShape(reader.read('outputFields', 'Fields', list(fieldPath), { required: true }) as string[], spec.key);
	return output === 'simplified' ? spec.simplify : undefined;
}

/** A field's name, or `record.field` for part of an embedded record; neither part a name every object has. */
const fieldPath: Grammar<string> = (raw, context) => {
	const path = outputFieldName(raw, context);
	for (const part of path?.split('.') ?? []) outputFieldName(part, context);
	if (path !== undefined && !/^[^.]+(\.[^.]+)?$/.test(path)) context.fail(`"${path}" is not a field or a field of an embedded record (record.field)`);
	return path;
};

/** Records a Get Many called as an AI tool answers with when the model asked for all: a model reads every record it is given. */
export const TOOL_ANSWER_LIMIT = 50;

/** A tool's answer: at most `limit` records, and a note for the model when Admintotal has more. */
function toolAnswer(limit: number, step: ItemStep | undefined): ItemStep {
	return async (helpers, records, outputs) => {
		const items = step ? await step(helpers, records.slice(0, limit), outputs.slice(0, limit)) : outputs.slice(0, limit).map((json) => ({ json }));
		if (records.length <= limit) return items;
		const note = `More records match than this answer holds (the first ${limit}). Ask again with narrower filters, or with a limit to read more.`;
		return [...items, { json: { moreRecords: true, note } }];
	};
}

/** Every `{name}` of a path must be given by a field of the operation: otherwise the request would go to `/almacenes/undefined/`. */
function checkPath(spec: OperationSpec, fields: Field[]) {
	const given = new Set(fields.flatMap((field) => field.apiNames ?? []));
	for (const [, name] of (spec.path ?? '').matchAll(/\{(\w+)\}/g)) {
		if (!given.has(name)) throw new Error(`Operation '${spec.name}' (${spec.path}): no field gives {${name}}`);
	}
}

function retryRefused(reader: ValueReader): NodeOperationError {
	return new NodeOperationError(reader.node, "'Retry On Fail' is not used on operations that create or change records", {
		itemIndex: reader.itemIndex,
		description:
			"n8n's Retry On Fail runs every item again, so the records a failed try created would be created twice. Nothing was sent. " +
			"Turn it off in the node's Settings: the node already waits out Admintotal's rate limits (429), and never repeats a write that may have been applied.",
	});
}

/** `/productos/{productId}/` with the value read under `productId`, which is then not sent again. */
function fillPath(path: string, values: IDataObject): string {
	return path.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
		const value = values[name];
		delete values[name];
		return encodeURIComponent(String(value));
	});
}

/** Lists are sent as `a,b,c`, the way the API reads them. */
function asQuery(values: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}
