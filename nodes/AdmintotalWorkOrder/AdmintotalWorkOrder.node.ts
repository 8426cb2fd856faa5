import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { searchWorkOrders } from '../shared/listSearch';
import { getWorkOrder } from './get.operation';
import { getManyWorkOrders } from './getAll.operation';

export class AdmintotalWorkOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Work Order',
		name: 'admintotalWorkOrder',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the work orders (órdenes de servicio) of an Admintotal tenant',
		defaults: { name: 'Admintotal Work Order' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Work Order', 'workOrder'),
			operationField('workOrder', [getWorkOrder.option, getManyWorkOrders.option], 'getAll'),
			...getWorkOrder.properties,
			...getManyWorkOrders.properties,
		],
	};

	methods = { listSearch: { searchWorkOrders } };
}
