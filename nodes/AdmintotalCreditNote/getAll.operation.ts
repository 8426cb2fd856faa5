import { defineOperation } from '../shared/operation/define';

export const getManyCreditNotes = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many credit notes',
	description: 'Retrieve a list of credit notes',
	kind: 'list',
	path: '/movimientos/notas_credito/',
});
