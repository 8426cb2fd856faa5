import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import { SIMPLIFIED_INTERNAL_CONSUMPTION } from './simplified';

const displayOptions = showFor('internalConsumption', ['getAll']);

export const getManyInternalConsumptions = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many internal stock consumptions',
		description: 'Retrieve a list of internal consumption documents',
		routing: route('GET', '/movimientos/consumo_interno/'),
	},
	properties: [...returnAllAndLimit(displayOptions), simplifyField(displayOptions, SIMPLIFIED_INTERNAL_CONSUMPTION)],
};
