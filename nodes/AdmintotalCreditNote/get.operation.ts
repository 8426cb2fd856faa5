import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';

export const getCreditNote = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a credit note',
	description: 'Retrieve a credit note',
	kind: 'read',
	path: '/movimientos/notas_credito/{creditNoteId}/',
	fields: [recordField({ name: 'creditNoteId', displayName: 'Credit Note', apiName: 'creditNoteId', searchListMethod: 'searchCreditNotes' })],
});
