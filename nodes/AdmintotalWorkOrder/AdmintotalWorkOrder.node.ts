import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { attachWorkOrderImage } from './attachImage.operation';
import { updateWorkOrder } from './update.operation';
import { searchWorkOrders } from '../shared/listSearch';
import { getWorkOrder } from './get.operation';
import { getManyWorkOrders } from './getAll.operation';

export class AdmintotalWorkOrder implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Work Order',
		name: 'admintotalWorkOrder',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read and update the work orders (órdenes de servicio) of an Admintotal tenant and attach images',
		defaults: { name: 'Admintotal Work Order' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Work Order', 'workOrder'),
			operationField('workOrder', [attachWorkOrderImage.option, getWorkOrder.option, getManyWorkOrders.option, updateWorkOrder.option], 'getAll'),
			...getWorkOrder.properties,
			...getManyWorkOrders.properties,
			...attachWorkOrderImage.properties,
			...updateWorkOrder.properties,
		],
	};

	methods = { listSearch: { searchWorkOrders } };
}
