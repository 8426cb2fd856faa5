import { returnAllAndLimit, route, showFor } from '../shared/descriptions';

export const getManyCreditNotes = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many credit notes',
		description: 'Retrieve a list of credit notes',
		routing: route('GET', '/movimientos/notas_credito/'),
	},
	properties: [...returnAllAndLimit(showFor('creditNote', ['getAll']))],
};
