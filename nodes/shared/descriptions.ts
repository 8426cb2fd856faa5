import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodePropertyRouting,
	INodeTypeDescription,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkedWithAllItems } from './itemWave';
import { CREDENTIAL_TYPE, routeToAdmintotal } from './transport';

/** What every Admintotal node shares: credential, JSON defaults and the one transport. */
export const admintotalNodeBase: Pick<INodeTypeDescription, 'credentials' | 'requestDefaults' | 'requestOperations'> = {
	credentials: [{ name: CREDENTIAL_TYPE, required: true }],
	requestDefaults: {
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
	},
	requestOperations: { pagination: routeToAdmintotal },
};

export function showFor(resource: string, operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/** A one-option Resource field keeps n8n's "operation: resource" subtitle and panel layout. */
export function resourceField(name: string, value: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name, value }],
		default: value,
	};
}

export function operationField(resource: string, options: INodePropertyOptions[], defaultOperation: string): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

/**
 * Every operation goes through the shared transport, so errors, retries and links are handled once.
 * Writes pass the pre-send step that builds and checks their body.
 */
export function route(method: IHttpRequestMethods, url?: string, buildBody?: PreSendAction): INodePropertyRouting {
	return {
		send: buildBody ? { paginate: true, preSend: [checkedWithAllItems(buildBody)] } : { paginate: true },
		request: url === undefined ? { method } : { method, url },
	};
}

export function returnAllAndLimit(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions,
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			routing: { output: { maxResults: '={{$value}}' } },
		},
	];
}

function pick(record: IDataObject, keep: string[]): IDataObject {
	const result: IDataObject = {};
	for (const key of keep) if (key in record) result[key] = record[key];
	return result;
}

interface RecordPicker {
	name: string;
	displayName: string;
	displayOptions: IDisplayOptions;
	searchListMethod: string;
	description?: string;
}

/** A record chosen "From list" (searchable, loaded from the API) or "By ID". */
export function recordPicker(picker: RecordPicker): INodeProperties {
	return {
		displayName: picker.displayName,
		name: picker.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: picker.displayOptions,
		description: picker.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${picker.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: picker.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 42',
				validation: [{ type: 'regex', properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'The ID is a whole number' } }],
			},
		],
	};
}

/** The record whose ID goes in the path, e.g. `/cuentas_bancarias/{id}/` (the spec decides the trailing slash). */
export function recordLocator(locator: RecordPicker & { path: string }): INodeProperties {
	const [before, after] = locator.path.split('{id}');
	return {
		...recordPicker(locator),
		routing: {
			send: { preSend: [requireWholeNumber(locator.name, locator.displayName)] },
			request: { url: `=${before}{{ String($value).trim() }}${after}` },
		},
	};
}

/** Refuses a non-numeric ID before anything is sent; the API would answer an unhelpful 404. */
export function requireWholeNumber(parameter: string, label: string) {
	return checkedWithAllItems(async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = this.getNodeParameter(parameter, undefined, { extractValue: true });
		if (!/^\s*\d+\s*$/.test(String(value ?? ''))) {
			throw new NodeOperationError(this.getNode(), `'${label}' must be a whole number, got "${String(value ?? '')}" [item ${this.getItemIndex()}]`, {
				itemIndex: this.getItemIndex(),
				description: 'Pick the record from the list or enter its numeric ID.',
			});
		}
		return requestOptions;
	});
}

/**
 * What a simplified record keeps, in output order: `true` copies the field, a list of names reduces
 * an embedded object to those fields, a function derives the value (e.g. a catalog label).
 */
export type SimplifiedShape = Record<string, true | string[] | ((record: IDataObject) => unknown)>;

/**
 * Simplify (n8n convention for records with more than 10 fields) keeps what a user wants most;
 * `cliente` can shrink to its id, name and RFC.
 */
export function simplifyField(displayOptions: IDisplayOptions, shape: SimplifiedShape): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		displayOptions,
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		routing: { output: { postReceive: [simplifyToShape(shape)] } },
	};
}

export function simplifyToShape(shape: SimplifiedShape) {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		if (this.getNodeParameter('simplify', true) !== true) return items;
		return items.map((item) => ({ ...item, json: shapeRecord(item.json, shape) }));
	};
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
		const embedded = value !== null && typeof value === 'object' && !Array.isArray(value);
		result[key] = rule === true || !embedded ? value : pick(value as IDataObject, rule);
	}
	return result;
}
