import { recordLocator, route, showFor, simplifyField } from '../shared/descriptions';
import { SIMPLIFIED_INTERNAL_CONSUMPTION } from './simplified';

const displayOptions = showFor('internalConsumption', ['get']);

export const getInternalConsumption = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an internal stock consumption',
		description: 'Retrieve an internal consumption document',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'internalConsumptionId',
			displayName: 'Internal Consumption',
			// The spec gives this one path without a trailing slash.
			path: '/movimientos/consumo_interno/{id}',
			displayOptions,
			searchListMethod: 'searchInternalConsumptions',
		}),
		simplifyField(displayOptions, SIMPLIFIED_INTERNAL_CONSUMPTION),
	],
};
