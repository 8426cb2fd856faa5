import { cfdiFileStep } from '../shared/cfdi';
import { clientField } from '../shared/fields/client';
import { commentsField, customFieldsField, warehouseField } from '../shared/fields/writeFields';
import { catalogField, collection, dateField, decimalField, textField, recordField } from '../shared/fields/field';
import { BANK_ACCOUNTS } from '../shared/accounts';
import { defineOperation } from '../shared/operation/define';
import { searchMethodOf } from '../shared/resource';
import { FORMA_PAGO, USO_CFDI } from './catalogs';

export const createCustomerAdvance = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a customer advance',
	description: 'Create a new customer advance',
	kind: 'write',
	method: 'POST',
	step: cfdiFileStep({ field: 'cfdi_xml', record: 'customer advance' }),
	fields: [
		dateField({ displayName: 'Date', name: 'date', apiName: 'fecha', required: true, description: 'Date of the advance, sent as YYYY-MM-DD (fecha)' }),
		clientField({ id: 'cliente', rfc: 'cliente_rfc' }),
		recordField({ name: 'bankAccount', displayName: 'Bank Account', apiName: 'cuenta', searchListMethod: searchMethodOf(BANK_ACCOUNTS), description: 'The bank account that received the money (cuenta)' }),
		decimalField({ displayName: 'Total', name: 'total', apiName: 'total', required: true, placeholder: 'e.g. 1500.00', description: 'Amount of the advance, sent exactly as written (total)' }, { positive: true }),
		catalogField(
			{ displayName: 'CFDI Use', name: 'usoCfdi', apiName: 'uso_cfdi', required: true, default: 'G03', description: 'SAT catalog c_UsoCFDI (uso_cfdi). With an expression, give the code, e.g. G03.' },
			USO_CFDI,
		),
		collection({ displayName: 'Additional Fields', name: 'additionalFields' }, [
			textField({ displayName: 'CFDI Concept', name: 'cfdiConcept', apiName: 'concepto_cfdi', description: 'Text of the concept on the CFDI (concepto_cfdi)' }),
			commentsField,
			customFieldsField,
			catalogField({ displayName: 'Payment Form', name: 'paymentForm', apiName: 'forma_pago', default: '03', description: "SAT catalog c_FormaPago (forma_pago). Leave the field out to use the client's. With an expression, give the code, e.g. 03." }, FORMA_PAGO),
			warehouseField,
		]),
	],
});
