import { recordLocator, route, showFor, simplifyField } from '../shared/descriptions';
import { SIMPLIFIED_PROSPECT } from './simplified';

const displayOptions = showFor('prospect', ['get']);

export const getProspect = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a prospect',
		description: 'Retrieve a prospect',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'prospectId',
			displayName: 'Prospect',
			path: '/prospectos/{id}/',
			displayOptions,
			searchListMethod: 'searchProspects',
		}),
		simplifyField(displayOptions, SIMPLIFIED_PROSPECT),
	],
};
