import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createOrder } from './create.operation';
import { getManyOrders } from './getAll.operation';

export class AdmintotalOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Order',
		name: 'admintotalOrder',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		// Version 2: required IDs start empty (shared/fields/record.ts, requiredIdField).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the customer orders (pedidos) of an Admintotal tenant',
		defaults: { name: 'Admintotal Order' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Order', value: 'order' }, [createOrder, getManyOrders], 'getAll'),
	};
}
