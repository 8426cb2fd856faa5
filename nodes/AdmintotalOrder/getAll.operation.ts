import { salesDocumentFilters } from '../shared/fields/salesDocumentFilters';
import { defineOperation } from '../shared/operation/define';

export const getManyOrders = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many orders',
	description: 'Retrieve a list of orders, optionally filtered by client, date, folio, series or cancellation',
	kind: 'list',
	path: '/movimientos/pedidos/',
	fields: [salesDocumentFilters('orders')],
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
	},
});
