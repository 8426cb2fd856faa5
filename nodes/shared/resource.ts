import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeListSearchResult, INodeProperties, INodeTypeDescription, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Field, FieldSpec } from './fields/field';
import { recordField } from './fields/field';
import type { Operation, OutputStep } from './operation/define';
import { defineOperation } from './operation/define';
import { runOperation } from './operation/execute';
import { requestOptionsProperty } from './operation/settings';
import type { SimplifiedShape } from './records';
import { searchList } from './tenant/lists';
import { CREDENTIAL_TYPE } from './tenant/tenant';

/** A list of records that a From List dropdown picks from: a resource's own, or one that other resources' fields use (accounts.ts). */
export interface RecordList {
	/** Several records, in the operations' words: "bank accounts". */
	records: string;
	/** The list's path, relative to /api/v2, e.g. `/cuentas_bancarias/`. */
	path: string;
	/** A record as the From List dropdown shows it. A resource with a label has Get and the dropdown. */
	label?: (record: IDataObject) => string;
	/** Query parameter the API searches by; without one the dropdown filters the pages itself. */
	searchParam?: string;
}

/** The node method that searches a list for its From List dropdowns, e.g. `searchBankAccounts`. */
export function searchMethodOf(list: Pick<RecordList, 'records'>): string {
	return `search${list.records.replace(/(^|\s)(\w)/g, (_match, _space, letter: string) => letter.toUpperCase())}`;
}

/** An Admintotal resource, declared once: the node's description, Get, Get Many, From List search and run are made from it. */
export interface ResourceSpec extends RecordList {
	/** What follows "Admintotal" in the node's name, e.g. "Bank Account" (node `admintotalBankAccount`, resource `bankAccount`). */
	noun: string;
	/** One record, in the operations' words: "bank account". */
	record: string;
	/** The node's description in the editor. */
	description: string;
	/** Get: a record's path below the list (`{id}` is its ID); `{id}/` unless the API spells it otherwise. */
	recordPath?: string;
	/** The field that identifies a record, when it is not `id` (a blacklist entry's RFC). */
	key?: string;
	/** What Simplify keeps of a record (Get and Get Many); no Simplify without it. */
	simplify?: SimplifiedShape;
	/** Get Many's own fields (Filters) and description; false for a resource without Get Many. */
	getMany?: { description?: string; fields?: Field[] } | false;
	/** Get's own fields (Options) and descriptions. */
	get?: { description?: string; idDescription?: string; fields?: Field[] };
	/** The other operations (Create, Update, Check RFC, …). */
	operations?: Operation[];
	/** The operation a new node starts with; Get Many when it has one. */
	defaultOperation?: string;
	/** The resource as the Resource field shows it, when it is not the noun. */
	resource?: { name: string; value: string };
	/** The first node version whose required IDs start empty, for nodes that have such IDs (recordField, fields/field.ts). */
	emptyIdsSince?: number;
	/** Other lists whose From List dropdowns the operations' fields use (a Customer Advance's bank account). */
	dropdownsOf?: RecordList[];
	/** Get's and Get Many's own step, where their records carry a stamped CFDI XML (cfdiFileStep, cfdi.ts). */
	step?: OutputStep;
}

/** What n8n's lint wants to read in each node class itself; the rest of the description is made here. */
type InTheClass = 'icon' | 'subtitle' | 'usableAsTool';

type ListSearch = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

export interface Resource {
	description: Omit<INodeTypeDescription, InTheClass>;
	methods: { listSearch: Record<string, ListSearch> };
	/** The node's run (shared/operation/execute.ts), which the node class's `execute()` hands its context to. */
	run: (context: IExecuteFunctions) => Promise<INodeExecutionData[][]>;
	/** A record as the From List dropdown shows it, when the resource has one. */
	label?: (record: IDataObject) => string;
}

export function defineResource(spec: ResourceSpec): Resource {
	const value = spec.resource?.value ?? camelCase(spec.noun);
	const searchMethod = searchMethodOf(spec);
	const label = spec.label;
	const search = label ? searchList({ path: spec.path, label, searchParam: spec.searchParam }) : undefined;
	const pick = (field: Pick<FieldSpec, 'name' | 'displayName' | 'apiName' | 'description'>) => recordField({ ...field, searchListMethod: searchMethod });

	// Get and Get Many share how a record is output; their Output choice comes in the node's next version, so saved workflows keep Simplify.
	const output = { simplify: spec.simplify, step: spec.step, key: spec.key, outputSince: spec.getMany !== false || label ? (spec.emptyIdsSince ?? 1) + 1 : undefined };
	const operations = [...(spec.operations ?? [])];
	if (spec.getMany !== false) {
		const description = spec.getMany?.description ?? `Retrieve a list of ${spec.records}`;
		operations.push(defineOperation({ value: 'getAll', name: 'Get Many', action: `Get many ${spec.records}`, description, kind: 'list', fields: spec.getMany?.fields, ...output }));
	}
	if (label) {
		const [action, description] = [`Get ${article(spec.record)} ${spec.record}`, spec.get?.description ?? `Retrieve ${article(spec.record)} ${spec.record}`];
		const fields = [pick({ name: `${value}Id`, displayName: spec.noun, apiName: 'id', description: spec.get?.idDescription }), ...(spec.get?.fields ?? [])];
		operations.push(defineOperation({ value: 'get', name: 'Get', action, description, kind: 'read', path: spec.recordPath ?? '{id}/', fields, ...output }));
	}
	// The Operation dropdown lists its options by name, as n8n's own nodes do.
	operations.sort((a, b) => a.option.name.localeCompare(b.option.name));

	const displayName = `Admintotal ${spec.noun}`;
	const defaultOperation = spec.defaultOperation ?? (spec.getMany === false ? operations[0].value : 'getAll');
	const kinds = new Set(operations.map((operation) => operation.kind));
	const reads = kinds.has('list') || kinds.has('read') || kinds.has('lookup');
	const description: Resource['description'] = {
		displayName,
		name: `admintotal${spec.noun.replace(/ /g, '')}`,
		group: [...(reads ? (['input'] as const) : []), ...(kinds.has('write') ? (['output'] as const) : [])],
		...versions([spec.emptyIdsSince, output.outputSince]),
		description: spec.description,
		defaults: { name: displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			// A one-option Resource field keeps n8n's "operation: resource" subtitle and panel layout.
			{ displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true, options: [{ name: spec.resource?.name ?? spec.noun, value }], default: value },
			{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, displayOptions: { show: { resource: [value] } }, options: operations.map((operation) => operation.option), default: defaultOperation },
			...operations.flatMap((operation) => operation.properties.map((property) => shownFor(property, value, operation.value))),
			requestOptionsProperty,
		],
	};

	const listSearch: Record<string, ListSearch> = {};
	for (const other of spec.dropdownsOf ?? []) if (other.label) listSearch[searchMethodOf(other)] = searchList({ path: other.path, label: other.label, searchParam: other.searchParam });
	if (search) listSearch[searchMethod] = search;
	return { description, methods: { listSearch }, run: async (context) => await runOperation(context, { value, path: spec.path }, operations), label };
}

function shownFor(property: INodeProperties, resource: string, operation: string): INodeProperties {
	const show = { ...property.displayOptions?.show, resource: [resource], operation: [operation] };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}

/** Version 1 and each later version a change began in; a new node gets the latest. */
function versions(since: Array<number | undefined>): Pick<INodeTypeDescription, 'version' | 'defaultVersion'> {
	const later = since.filter((version): version is number => version !== undefined);
	return later.length === 0 ? { version: 1 } : { version: [1, ...later], defaultVersion: Math.max(...later) };
}

function camelCase(noun: string): string {
	return noun.replace(/ (\w)/g, (_match, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase());
}

function article(word: string): string {
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
