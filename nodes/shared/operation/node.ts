import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../transport/request';
import type { Operation } from './define';
import { perform } from './perform';

type ResourceDescription = Pick<INodeTypeDescription, 'credentials' | 'requestDefaults' | 'requestOperations' | 'properties'>;

/**
 * What an Admintotal node's description shares: the credential, JSON, the transport, and its
 * operations, each listed once. A one-option Resource field keeps n8n's "operation: resource"
 * subtitle and panel layout.
 */
export function admintotalResource(resource: { name: string; value: string }, operations: Operation[], defaultOperation: string): ResourceDescription {
	const resourceValue = resource.value;
	return {
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
				options: [resource],
				default: resourceValue,
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: [resourceValue] } },
				options: operations.map((operation) => operation.option),
				default: defaultOperation,
			},
			...operations.flatMap((operation) => operation.properties.map((property) => shownFor(property, resource.value, operation.value))),
		],
	};
}

function shownFor(property: INodeProperties, resource: string, operation: string): INodeProperties {
	const show = { ...property.displayOptions?.show, resource: [resource], operation: [operation] };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}
