import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { attachWorkOrderImage } from './attachImage.operation';
import { updateWorkOrder } from './update.operation';
import { getWorkOrder } from './get.operation';
import { getManyWorkOrders } from './getAll.operation';
import { searchWorkOrders } from './search';

export class AdmintotalWorkOrder implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Work Order',
			description: 'Read and update the work orders (órdenes de servicio) of an Admintotal tenant and attach images',
			resource: { name: 'Work Order', value: 'workOrder' },
			operations: [attachWorkOrderImage, getWorkOrder, getManyWorkOrders, updateWorkOrder],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchWorkOrders } };
}
