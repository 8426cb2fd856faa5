import { BLACKLIST_TYPE, catalogOptions } from '../shared/catalogs';
import { returnAllAndLimit, route, showFor } from '../shared/descriptions';
import { optionsQueryField, sendAsQuery, textQueryField } from '../shared/filters';
import { asRfcText } from './rfcCheck';

const displayOptions = showFor('blacklistEntry', ['getAll']);

export const getManyBlacklistEntries = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many SAT blacklist entries',
		description: 'Retrieve a list of blacklisted taxpayers, optionally by type, RFC or name',
		routing: route('GET', '/listanegra/'),
	},
	properties: [
		...returnAllAndLimit(displayOptions),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection' as const,
			placeholder: 'Add Filter',
			default: {},
			displayOptions,
			options: [
				textQueryField('filters', {
					name: 'name',
					displayName: 'Name',
					property: 'nombre',
					description: 'Only taxpayers whose company name matches this text (nombre)',
					placeholder: 'e.g. Comercializadora',
				}),
				{
					displayName: 'RFC',
					name: 'rfc',
					type: 'string' as const,
					default: '',
					placeholder: 'e.g. ABC680524P76',
					description: 'Only entries with this RFC (rfc); to test one RFC and always get an answer, use the Check RFC operation',
					routing: { send: { preSend: [sendAsQuery('filters.rfc', 'rfc', 'RFC', asRfcText)] } },
				},
				optionsQueryField(
					'filters',
					{ name: 'type', displayName: 'Type', property: 'tipo', description: 'Only entries of this type (tipo)' },
					catalogOptions(BLACKLIST_TYPE),
				),
			],
		},
	],
};
