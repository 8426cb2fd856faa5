import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createOrder } from './create.operation';
import { getManyOrders } from './getAll.operation';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Order',
		name: 'admintotalOrder',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: [1, EMPTY_IDS_SINCE],
		defaultVersion: EMPTY_IDS_SINCE,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the customer orders (pedidos) of an Admintotal tenant',
		defaults: { name: 'Admintotal Order' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Order', value: 'order' }, [createOrder, getManyOrders], 'getAll'),
	};
}
