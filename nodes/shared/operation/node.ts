import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/request';
import type { Operation } from './define';
import { perform } from './perform';

export interface AdmintotalNodeSpec {
	/** What follows "Admintotal" in the node's name, e.g. "Sales Note" (node `admintotalSalesNote`). */
	noun: string;
	description: string;
	resource: { name: string; value: string };
	operations: Operation[];
	defaultOperation: string;
	/** The first node version whose required IDs start empty, for nodes that have such IDs (fields/record.ts). */
	emptyIdsSince?: number;
}

/** What n8n's lint wants to read in each node class itself; the rest of the description is built here. */
type InTheClass = 'icon' | 'subtitle' | 'usableAsTool';

/**
 * The description of an Admintotal resource node, the same shape for every node: its name from
 * the noun, reads as input and writes as output, the credential, JSON, the transport, and its
 * operations, each listed once. A one-option Resource field keeps n8n's "operation: resource"
 * subtitle and panel layout.
 */
export function admintotalNode(spec: AdmintotalNodeSpec): Omit<INodeTypeDescription, InTheClass> {
	const displayName = `Admintotal ${spec.noun}`;
	const kinds = new Set(spec.operations.map((operation) => operation.kind));
	const reads = kinds.has('list') || kinds.has('read') || kinds.has('lookup');
	const resourceValue = spec.resource.value;
	const defaultOperation = spec.defaultOperation;
	return {
		displayName,
		name: `admintotal${spec.noun.replace(/ /g, '')}`,
		group: [...(reads ? (['input'] as const) : []), ...(kinds.has('write') ? (['output'] as const) : [])],
		...(spec.emptyIdsSince ? { version: [1, spec.emptyIdsSince], defaultVersion: spec.emptyIdsSince } : { version: 1 }),
		description: spec.description,
		defaults: { name: displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		requestDefaults: {
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			json: true,
		},
		requestOperations: { pagination: perform },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [spec.resource],
				default: resourceValue,
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resourceValue] } },
				options: spec.operations.map((operation) => operation.option),
				default: defaultOperation,
			},
			...spec.operations.flatMap((operation) => operation.properties.map((property) => shownFor(property, resourceValue, operation.value))),
		],
	};
}

function shownFor(property: INodeProperties, resource: string, operation: string): INodeProperties {
	const show = { ...property.displayOptions?.show, resource: [resource], operation: [operation] };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}
