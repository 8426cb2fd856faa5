import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { createOrder } from './create.operation';
import { getManyOrders } from './getAll.operation';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalOrder implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Order',
			description: 'Create and read the customer orders (pedidos) of an Admintotal tenant',
			resource: { name: 'Order', value: 'order' },
			operations: [createOrder, getManyOrders],
			defaultOperation: 'getAll',
			emptyIdsSince: EMPTY_IDS_SINCE,
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};
}
