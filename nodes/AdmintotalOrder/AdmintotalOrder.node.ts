import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { createOrder } from './create.operation';
import { getManyOrders } from './getAll.operation';

export class AdmintotalOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Order',
		name: 'admintotalOrder',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		// Version 2: required IDs start empty (writeFields.ts, requiredIdProperties).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the customer orders (pedidos) of an Admintotal tenant',
		defaults: { name: 'Admintotal Order' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Order', 'order'),
			operationField('order', [createOrder.option, getManyOrders.option], 'getAll'),
			...getManyOrders.properties,
			...createOrder.properties,
		],
	};
}
