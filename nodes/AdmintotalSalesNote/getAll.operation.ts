import { salesDocumentFilters } from '../shared/fields/salesDocumentFilters';
import { defineOperation } from '../shared/operation/define';

export const getManySalesNotes = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many sales notes',
	description: 'Retrieve a list of sales notes, optionally filtered by client, date, folio, series or cancellation',
	kind: 'list',
	path: '/movimientos/notas_venta/',
	fields: [salesDocumentFilters('sales notes')],
	simplify: {
		id: true,
		folio: true,
		folio_completo: true,
		fecha: true,
		cliente: ['id', 'razon_social', 'rfc'],
		subtotal: true,
		iva: true,
		total: true,
		status: true,
		status_display: true,
		cancelado: true,
	},
});
