import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import { salesDocumentFilters } from '../shared/filters';

const displayOptions = showFor('salesNote', ['getAll']);

export const getManySalesNotes = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many sales notes',
		description: 'Retrieve a list of sales notes, optionally filtered by client, date, folio, series or cancellation',
		routing: route('GET', '/movimientos/notas_venta/'),
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
			cancelado: true,
		}),
		salesDocumentFilters(displayOptions, 'sales notes'),
	],
};
