import { SIMPLIFIED_SALES_DOCUMENT, salesDocumentFilters } from '../shared/salesDocuments';
import { defineOperation } from '../shared/operation/define';

export const getManyOrders = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many orders',
	description: 'Retrieve a list of orders, optionally filtered by client, date, folio, series or cancellation',
	kind: 'list',
	path: '/movimientos/pedidos/',
	fields: [salesDocumentFilters('orders')],
	simplify: SIMPLIFIED_SALES_DOCUMENT,
});
