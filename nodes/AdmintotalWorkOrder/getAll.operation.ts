import { catalogField, collection } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';
import { WORK_ORDER_STATUS } from './catalogs';
import { SIMPLIFIED_WORK_ORDER } from './simplified';

export const getManyWorkOrders = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many work orders',
	description: 'Retrieve a list of work orders, optionally only those in one status',
	kind: 'list',
	path: '/ordenes_servicio/',
	fields: [
		collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
			catalogField({ name: 'status', displayName: 'Status', apiName: 'status', description: 'Only work orders in this status (status)' }, WORK_ORDER_STATUS),
		]),
	],
	simplify: SIMPLIFIED_WORK_ORDER,
});
