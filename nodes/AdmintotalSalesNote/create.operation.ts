import { addressField } from '../shared/fields/address';
import { clientField } from '../shared/fields/client';
import { commentsField, customFieldsField, warehouseField } from '../shared/fields/writeFields';
import { catalogField, collection, dateTimeField, decimalField, exactNumberField, scalarField, textField } from '../shared/fields/field';
import type { Grammar } from '../shared/fields/grammars';
import { scalarText } from '../shared/fields/grammars';
import { linesField } from '../shared/fields/lines';
import { defineOperation } from '../shared/operation/define';
import { CARD_TYPE } from './catalogs';

/** The API types `numero_tarjeta` as a number: the last four digits of the card. */
const fourDigits: Grammar<number> = (raw, { fail }) => {
	const digits = scalarText(raw, fail);
	if (digits === '') return undefined;
	return /^\d{4}$/.test(digits) ? Number(digits) : fail(`must be exactly 4 digits, got "${digits.slice(0, 20)}"`);
};

export const createSalesNote = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a sales note',
	description: 'Create a new sales note',
	kind: 'write',
	method: 'POST',
	fields: [
		clientField({ id: 'cliente', rfc: 'cliente_rfc' }),
		linesField({ priced: true }),
		// The API spells this field "entgrega"; the spec says so and we send it that way.
		addressField('deliveryAddress', 'Delivery Address', 'direccion_entgrega'),
		collection({ displayName: 'Additional Fields', name: 'additionalFields' }, [
			textField({ displayName: 'Billing Key', name: 'billingKey', apiName: 'clave_facturacion', placeholder: 'e.g. K7P2QX', description: 'Key the customer uses with the External ID to self-invoice on the invoicing portal; 6 characters recommended (clave_facturacion)' }),
			exactNumberField({ displayName: 'Card Amount', name: 'cardAmount', apiName: 'monto_tarjeta', placeholder: 'e.g. 850.00', description: 'Amount paid by card, sent exactly as written (monto_tarjeta)' }),
			scalarField(fourDigits)({ displayName: 'Card Last 4 Digits', name: 'cardLastDigits', apiName: 'numero_tarjeta', placeholder: 'e.g. 4242', description: 'Last four digits of the card (numero_tarjeta)' }),
			catalogField({ displayName: 'Card Type', name: 'cardType', apiName: 'tipo_tarjeta', description: 'Credit or debit (tipo_tarjeta)' }, CARD_TYPE),
			exactNumberField({ displayName: 'Cash Amount', name: 'cashAmount', apiName: 'monto_efectivo', placeholder: 'e.g. 200.00', description: 'Amount paid in cash, sent exactly as written (monto_efectivo)' }),
			commentsField,
			textField({ displayName: 'Currency', name: 'currency', apiName: 'moneda', placeholder: 'e.g. USD', description: 'Currency name (moneda); the tenant currency when left out' }),
			customFieldsField,
			dateTimeField({ displayName: 'Date', name: 'date', apiName: 'fecha', description: 'Date of the note in ISO 8601 (fecha); a date-time keeps its time' }),
			decimalField({ displayName: 'Exchange Rate', name: 'exchangeRate', apiName: 'tipo_cambio', placeholder: 'e.g. 17.2450', description: 'Exchange rate to the tenant currency, sent exactly as written (tipo_cambio)' }, { positive: true }),
			textField({ displayName: 'External ID', name: 'externalId', apiName: 'id_externo', placeholder: 'e.g. SHOP-1001', description: 'Your own identifier of the note, such as the shop order number (id_externo)' }),
			warehouseField,
		]),
	],
});
