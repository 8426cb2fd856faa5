import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Field } from '../fields/field';
import { readAll } from '../fields/field';
import { boolean, positiveCount } from '../fields/grammars';
import { ValueReader } from '../fields/reader';
import { checkedWithAllItems } from './allItems';
import type { Plan } from './perform';
import { prepared } from './perform';
import type { SimplifiedShape } from './simplify';
import { shapeRecord, simplifyProperty } from './simplify';

/**
 * The one way an operation is declared. The builder attaches, for every operation alike:
 * - one check per item that reads every field through its grammar (path, query or body) before
 *   any item sends anything (allItems.ts);
 * - the transport, chosen by what the operation is: a list (Return All and Limit), a read, or a
 *   write (never retried);
 * - Simplify and the output step, run on the records the transport returns.
 * Fields carry no routing of their own, so a new field cannot bypass the checks.
 */
export interface OperationSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	kind: Plan['kind'];
	/** Writes only; reads are GET. */
	method?: 'POST' | 'PATCH';
	/** The API path, relative to /api/v2; `{name}` takes the value a field reads under that API name. */
	path: string;
	fields?: Field[];
	simplify?: SimplifiedShape;
	/** Turns the records into the output, after Simplify; gets the values the fields read. */
	output?: (records: IDataObject[], values: IDataObject) => IDataObject[];
	/** When true for the values read, the API is not asked and there are no records (e.g. a generic RFC). */
	answeredWithoutAsking?: (values: IDataObject) => boolean;
}

export interface Operation {
	value: string;
	option: INodePropertyOptions;
	properties: INodeProperties[];
}

const listSizeProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		displayOptions: { show: { returnAll: [false] } },
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
	},
];

/** The checks defineOperation attached: a test walks every node and fails on an operation without one. */
export const operationChecks = new WeakSet<object>();

export function defineOperation(spec: OperationSpec): Operation {
	const fields = spec.fields ?? [];
	const fieldProperties = fields.flatMap((field) => field.properties);
	// Simplify sits before the first Filters or Options collection, as in n8n's own nodes.
	const at = fieldProperties.findIndex((property) => property.type === 'collection');
	const simplify = spec.simplify ? [simplifyProperty] : [];
	const properties = [
		...(spec.kind === 'list' ? listSizeProperties : []),
		...(at < 0 ? [...fieldProperties, ...simplify] : [...fieldProperties.slice(0, at), ...simplify, ...fieldProperties.slice(at)]),
	];

	const check = checkedWithAllItems(async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const reader = new ValueReader(this);
		const values = await readAll(fields, reader);
		const returnAll = spec.kind === 'list' && reader.read('returnAll', 'Return All', boolean) === true;
		const limit = spec.kind === 'list' && !returnAll ? reader.read('limit', 'Limit', positiveCount, { required: true }) : undefined;
		const simplified = spec.simplify !== undefined && reader.read('simplify', 'Simplify', boolean) !== false;
		const answered = spec.answeredWithoutAsking?.(values) ?? false;
		const url = fillPath(spec.path, values);
		const request: IHttpRequestOptions =
			spec.kind === 'write' ? { ...options, method: spec.method ?? 'POST', url, body: values } : { ...options, method: 'GET', url, qs: asQuery(values) };
		const output = (records: IDataObject[]) => {
			const shaped = simplified && spec.simplify ? records.map((record) => shapeRecord(record, spec.simplify as SimplifiedShape)) : records;
			return spec.output ? spec.output(shaped, values) : shaped;
		};
		prepared.set(request, { kind: spec.kind, limit, answered, output });
		return request;
	});

	operationChecks.add(check);
	return {
		value: spec.value,
		option: {
			name: spec.name,
			value: spec.value,
			action: spec.action,
			description: spec.description,
			// `paginate` hands the request to the transport (requestOperations.pagination) instead of n8n's own client.
			routing: { send: { paginate: true, preSend: [check] } },
		},
		properties,
	};
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
