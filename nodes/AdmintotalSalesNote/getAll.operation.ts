import { SIMPLIFIED_SALES_DOCUMENT, salesDocumentFilters } from '../shared/salesDocuments';
import { defineOperation } from '../shared/operation/define';

export const getManySalesNotes = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many sales notes',
	description: 'Retrieve a list of sales notes, optionally filtered by client, date, folio, series or cancellation',
	kind: 'list',
	path: '/movimientos/notas_venta/',
	fields: [salesDocumentFilters('sales notes')],
	// Sales notes also say whether they are cancelled.
	simplify: { ...SIMPLIFIED_SALES_DOCUMENT, cancelado: true },
});
