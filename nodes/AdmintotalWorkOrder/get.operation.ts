import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_WORK_ORDER } from './simplified';

export const getWorkOrder = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a work order',
	description: 'Retrieve a work order',
	kind: 'read',
	path: '/ordenes_servicio/{workOrderId}/',
	fields: [recordField({ name: 'workOrderId', displayName: 'Work Order', apiName: 'workOrderId', searchListMethod: 'searchWorkOrders' })],
	simplify: SIMPLIFIED_WORK_ORDER,
});
