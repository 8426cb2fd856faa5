import { bodyFrom } from '../shared/body';
import { FORMA_PAGO, USO_CFDI, catalogOptions } from '../shared/catalogs';
import { clientProperties, readClient } from '../shared/client';
import { recordPicker, route, showFor } from '../shared/descriptions';
import { customFieldsProperty, warehouseProperty } from '../shared/writeFields';

const displayOptions = showFor('customerAdvance', ['create']);
const CLIENT_FIELDS = { id: 'cliente', rfc: 'cliente_rfc' };

const buildCustomerAdvance = bodyFrom((read) => ({
	fecha: read.date('date', 'Date', { required: true }),
	...readClient(read, CLIENT_FIELDS),
	cuenta: read.wholeNumber('bankAccount', 'Bank Account', { required: true }),
	total: read.decimal('total', 'Total', { required: true, positive: true }),
	uso_cfdi: read.catalog('usoCfdi', 'CFDI Use', USO_CFDI, { required: true }),
	almacen: read.wholeNumber('additionalFields.warehouse', 'Warehouse ID'),
	concepto_cfdi: read.text('additionalFields.cfdiConcept', 'CFDI Concept'),
	comentarios: read.text('additionalFields.comments', 'Comments'),
	forma_pago: read.catalog('additionalFields.paymentForm', 'Payment Form', FORMA_PAGO),
	campos_personalizados: read.customFields('additionalFields.customFields', 'Custom Fields'),
}));

export const createCustomerAdvance = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a customer advance',
		description: 'Create a new customer advance',
		routing: route('POST', '/movimientos/anticipos_clientes/', buildCustomerAdvance),
	},
	properties: [
		{
			displayName: 'Date',
			name: 'date',
			type: 'dateTime' as const,
			default: '',
			required: true,
			displayOptions,
			description: 'Date of the advance, sent as YYYY-MM-DD (fecha)',
		},
		...clientProperties(displayOptions, CLIENT_FIELDS),
		recordPicker({
			name: 'bankAccount',
			displayName: 'Bank Account',
			displayOptions,
			searchListMethod: 'searchBankAccounts',
			description: 'The bank account that received the money (cuenta)',
		}),
		{
			displayName: 'Total',
			name: 'total',
			type: 'string' as const,
			default: '',
			required: true,
			placeholder: 'e.g. 1500.00',
			displayOptions,
			description: 'Amount of the advance, sent exactly as written (total)',
		},
		{
			displayName: 'CFDI Use',
			name: 'usoCfdi',
			type: 'options' as const,
			options: catalogOptions(USO_CFDI),
			default: 'G03',
			required: true,
			displayOptions,
			description: 'SAT catalog c_UsoCFDI (uso_cfdi). With an expression, give the code, e.g. G03.',
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection' as const,
			placeholder: 'Add Field',
			default: {},
			displayOptions,
			options: [
				{
					displayName: 'CFDI Concept',
					name: 'cfdiConcept',
					type: 'string' as const,
					default: '',
					description: 'Text of the concept on the CFDI (concepto_cfdi)',
				},
				{
					displayName: 'Comments',
					name: 'comments',
					type: 'string' as const,
					typeOptions: { rows: 2 },
					default: '',
					description: 'Sent as comentarios',
				},
				customFieldsProperty(),
				{
					displayName: 'Payment Form',
					name: 'paymentForm',
					type: 'options' as const,
					options: catalogOptions(FORMA_PAGO),
					default: '03',
					description: "SAT catalog c_FormaPago (forma_pago). Leave the field out to use the client's. With an expression, give the code, e.g. 03.",
				},
				warehouseProperty(),
			],
		},
	],
};
