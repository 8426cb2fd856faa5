import { WORK_ORDER_STATUS, catalogOptions } from '../shared/catalogs';
import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import { optionsQueryField } from '../shared/filters';
import { SIMPLIFIED_WORK_ORDER } from './simplified';

const displayOptions = showFor('workOrder', ['getAll']);

export const getManyWorkOrders = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many work orders',
		description: 'Retrieve a list of work orders, optionally only those in one status',
		routing: route('GET', '/ordenes_servicio/'),
	},
	properties: [
		...returnAllAndLimit(displayOptions),
		simplifyField(displayOptions, SIMPLIFIED_WORK_ORDER),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection' as const,
			placeholder: 'Add Filter',
			default: {},
			displayOptions,
			options: [
				optionsQueryField(
					'filters',
					{ name: 'status', displayName: 'Status', property: 'status', description: 'Only work orders in this status (status)' },
					catalogOptions(WORK_ORDER_STATUS),
				),
			],
		},
	],
};
