import type { CfdiSource } from './cfdi';
import type { SimplifiedShape } from './records';
import type { Field } from './fields/field';
import { collection, dateField, optionsField, textField, wholeNumberFilter } from './fields/field';

/** The lists of sales notes and orders: their nodes and the Polling Trigger's events read them. */
export const SALES_NOTES_PATH = '/movimientos/notas_venta/';
export const ORDERS_PATH = '/movimientos/pedidos/';

export const clientIdFilter = (documents: string): Field =>
	wholeNumberFilter({ name: 'clientId', displayName: 'Client ID', apiName: 'cliente', description: `Only ${documents} of the client with this ID (cliente)` });
export const seriesFilter: Field = textField({ name: 'series', displayName: 'Series', apiName: 'serie', description: 'Only documents of this folio series (serie)', placeholder: 'e.g. A' });

/** The filters sales notes and orders share in the spec; `documents` is the plural the descriptions show ("sales notes"). */
export function salesDocumentFilters(documents: string): Field {
	return collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
		optionsField(
			{
				displayName: 'Cancelled',
				name: 'cancelled',
				apiName: 'cancelado',
				options: [
					{ name: 'Active Only', value: 'active', description: 'Only documents that are not cancelled (cancelado=0)' },
					{ name: 'All', value: 'all', description: 'Active and cancelled documents alike (nothing is sent)' },
					{ name: 'Cancelled Only', value: 'cancelled', description: 'Only cancelled documents (cancelado=1)' },
				],
				default: 'active',
				description: `Whether to include cancelled ${documents} (cancelado)`,
			},
			{ active: 0, all: undefined, cancelled: 1 },
		),
		textField({ name: 'clientBusinessName', displayName: 'Client Business Name', apiName: 'cliente_razon_social', description: `Only ${documents} of clients with this business name (cliente_razon_social)`, placeholder: 'e.g. Abarrotes La Esperanza SA de CV' }),
		clientIdFilter(documents),
		dateField({ name: 'date', displayName: 'Date', apiName: 'fecha', description: `Only ${documents} dated this day (fecha); the time of day is ignored` }),
		wholeNumberFilter({ name: 'folio', displayName: 'Folio', apiName: 'folio', description: 'Only the document with this folio number (folio)' }),
		dateField({ name: 'fromDate', displayName: 'From Date', apiName: 'desde', description: `Only ${documents} dated on or after this day (desde); the time of day is ignored` }),
		seriesFilter,
		dateField({ name: 'toDate', displayName: 'To Date', apiName: 'hasta', description: `Only ${documents} dated on or before this day (hasta); the time of day is ignored` }),
	]);
}

/** What Simplify keeps of a sales note or an order: number, date, client, amounts and state. */
export const SIMPLIFIED_SALES_DOCUMENT: SimplifiedShape = { id: true, folio: true, folio_completo: true, fecha: true, cliente: ['id', 'razon_social', 'rfc'], subtotal: true, iva: true, total: true, status: true, status_display: true };

/** Sales notes also say whether they are cancelled, and keep the link to their PDF (to send the customer). */
export const SIMPLIFIED_SALES_NOTE: SimplifiedShape = { ...SIMPLIFIED_SALES_DOCUMENT, cancelado: true, url_pdf: true };

/** Where a sales note carries its stamped CFDI (CFDI XML as a File). */
export const SALES_NOTE_CFDI: CfdiSource = { field: 'xml_timbrado', record: 'sales note' };
