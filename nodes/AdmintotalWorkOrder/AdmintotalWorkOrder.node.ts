import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { attachWorkOrderImage } from './attachImage.operation';
import { updateWorkOrder } from './update.operation';
import { getWorkOrder } from './get.operation';
import { getManyWorkOrders } from './getAll.operation';
import { searchWorkOrders } from './search';

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
		...admintotalResource({ name: 'Work Order', value: 'workOrder' }, [attachWorkOrderImage, getWorkOrder, getManyWorkOrders, updateWorkOrder], 'getAll'),
	};

	methods = { listSearch: { searchWorkOrders } };
}
