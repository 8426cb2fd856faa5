import { recordLocator, route, showFor, simplifyField } from '../shared/descriptions';
import { SIMPLIFIED_WORK_ORDER } from './simplified';

const displayOptions = showFor('workOrder', ['get']);

export const getWorkOrder = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a work order',
		description: 'Retrieve a work order',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'workOrderId',
			displayName: 'Work Order',
			path: '/ordenes_servicio/{id}/',
			displayOptions,
			searchListMethod: 'searchWorkOrders',
		}),
		simplifyField(displayOptions, SIMPLIFIED_WORK_ORDER),
	],
};
