import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import { SIMPLIFIED_PROSPECT } from './simplified';

const displayOptions = showFor('prospect', ['getAll']);

export const getManyProspects = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many prospects',
		description: 'Retrieve a list of prospects',
		routing: route('GET', '/prospectos/'),
	},
	properties: [...returnAllAndLimit(displayOptions), simplifyField(displayOptions, SIMPLIFIED_PROSPECT)],
};
