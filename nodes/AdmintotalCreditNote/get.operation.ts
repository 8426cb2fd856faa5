import { recordLocator, route, showFor } from '../shared/descriptions';

export const getCreditNote = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a credit note',
		description: 'Retrieve a credit note',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'creditNoteId',
			displayName: 'Credit Note',
			path: '/movimientos/notas_credito/{id}/',
			displayOptions: showFor('creditNote', ['get']),
			searchListMethod: 'searchCreditNotes',
		}),
	],
};
