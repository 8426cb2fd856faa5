import type { INodeProperties } from 'n8n-workflow';

import { addressProperty, readAddress } from '../shared/address';
import { bodyFrom } from '../shared/body';
import { CARD_TYPE, catalogOptions } from '../shared/catalogs';
import { clientProperties, readClient } from '../shared/client';
import { route, showFor } from '../shared/descriptions';
import { lineProperties, readLines } from '../shared/lines';
import { customFieldsProperty, warehouseProperty } from '../shared/writeFields';

const displayOptions = showFor('salesNote', ['create']);
const CLIENT_FIELDS = { id: 'cliente', rfc: 'cliente_rfc' };

const buildSalesNote = bodyFrom((read) => {
	const cardDigits = read.text('additionalFields.cardLastDigits', 'Card Last 4 Digits');
	if (cardDigits !== undefined && !/^\d{4}$/.test(cardDigits)) {
		read.fail('Card Last 4 Digits', `must be exactly 4 digits, got "${cardDigits.slice(0, 20)}"`);
	}
	return {
		...readClient(read, CLIENT_FIELDS),
		detalles: readLines(read, { priced: true }),
		fecha: read.dateTime('additionalFields.date', 'Date'),
		almacen: read.wholeNumber('additionalFields.warehouse', 'Warehouse ID'),
		comentarios: read.text('additionalFields.comments', 'Comments'),
		monto_efectivo: read.exactNumber('additionalFields.cashAmount', 'Cash Amount'),
		monto_tarjeta: read.exactNumber('additionalFields.cardAmount', 'Card Amount'),
		tipo_tarjeta: read.catalog('additionalFields.cardType', 'Card Type', CARD_TYPE),
		numero_tarjeta: cardDigits === undefined ? undefined : Number(cardDigits),
		// The API spells this field "entgrega"; the spec says so and we send it that way.
		direccion_entgrega: readAddress(read, 'deliveryAddress', 'Delivery Address'),
		id_externo: read.text('additionalFields.externalId', 'External ID'),
		clave_facturacion: read.text('additionalFields.billingKey', 'Billing Key'),
		campos_personalizados: read.customFields('additionalFields.customFields', 'Custom Fields'),
		moneda: read.text('additionalFields.currency', 'Currency'),
		tipo_cambio: read.decimal('additionalFields.exchangeRate', 'Exchange Rate', { positive: true }),
	};
});

const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions,
	options: [
		{
			displayName: 'Billing Key',
			name: 'billingKey',
			type: 'string',
			default: '',
			placeholder: 'e.g. K7P2QX',
			description: 'Key the customer uses with the External ID to self-invoice on the invoicing portal; 6 characters recommended (clave_facturacion)',
		},
		{
			displayName: 'Card Amount',
			name: 'cardAmount',
			type: 'string',
			default: '',
			placeholder: 'e.g. 850.00',
			description: 'Amount paid by card, sent exactly as written (monto_tarjeta)',
		},
		{
			displayName: 'Card Last 4 Digits',
			name: 'cardLastDigits',
			type: 'string',
			default: '',
			placeholder: 'e.g. 4242',
			description: 'Last four digits of the card (numero_tarjeta)',
		},
		{
			displayName: 'Card Type',
			name: 'cardType',
			type: 'options',
			options: catalogOptions(CARD_TYPE, { showCode: false }),
			default: 1,
			description: 'Credit or debit (tipo_tarjeta)',
		},
		{
			displayName: 'Cash Amount',
			name: 'cashAmount',
			type: 'string',
			default: '',
			placeholder: 'e.g. 200.00',
			description: 'Amount paid in cash, sent exactly as written (monto_efectivo)',
		},
		{
			displayName: 'Comments',
			name: 'comments',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent as comentarios',
		},
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: '',
			placeholder: 'e.g. USD',
			description: 'Currency name (moneda); the tenant currency when left out',
		},
		customFieldsProperty(),
		{
			displayName: 'Date',
			name: 'date',
			type: 'dateTime',
			default: '',
			description: 'Date of the note in ISO 8601 (fecha); a date-time keeps its time',
		},
		{
			displayName: 'Exchange Rate',
			name: 'exchangeRate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 17.2450',
			description: 'Exchange rate to the tenant currency, sent exactly as written (tipo_cambio)',
		},
		{
			displayName: 'External ID',
			name: 'externalId',
			type: 'string',
			default: '',
			placeholder: 'e.g. SHOP-1001',
			description: 'Your own identifier of the note, such as the shop order number (id_externo)',
		},
		warehouseProperty(),
	],
};

export const createSalesNote = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a sales note',
		description: 'Create a new sales note',
		routing: route('POST', '/movimientos/notas_venta/', buildSalesNote),
	},
	properties: [
		...clientProperties(displayOptions, CLIENT_FIELDS),
		...lineProperties(displayOptions, { priced: true }),
		addressProperty('deliveryAddress', 'Delivery Address', 'direccion_entgrega', displayOptions),
		additionalFields,
	],
};
