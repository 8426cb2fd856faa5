import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import { salesDocumentFilters } from '../shared/filters';

const displayOptions = showFor('order', ['getAll']);

export const getManyOrders = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many orders',
		description: 'Retrieve a list of orders, optionally filtered by client, date, folio, series or cancellation',
		routing: route('GET', '/movimientos/pedidos/'),
	},
	properties: [
		...returnAllAndLimit(displayOptions),
		simplifyField(displayOptions, {
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
		}),
		salesDocumentFilters(displayOptions, 'orders'),
	],
};
