import { bodyFrom } from '../shared/body';
import { recordPicker, route, showFor } from '../shared/descriptions';
import { lineProperties, readLines } from '../shared/lines';

const displayOptions = showFor('internalConsumption', ['create']);

const buildInternalConsumption = bodyFrom((read) => ({
	almacen: read.wholeNumber('warehouse', 'Warehouse ID', { required: true }),
	centro_responsabilidad: read.wholeNumber('responsibilityCenter', 'Responsibility Center ID', { required: true }),
	cuenta_gasto: read.wholeNumber('expenseAccount', 'Expense Account', { required: true }),
	detalles: readLines(read, { priced: false }),
	comentarios: read.text('comments', 'Comments'),
}));

export const createInternalConsumption = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create an internal consumption',
		description: 'Create a new internal consumption',
		routing: route('POST', '/movimientos/consumo_interno/', buildInternalConsumption),
	},
	properties: [
		{
			displayName: 'Warehouse ID',
			name: 'warehouse',
			type: 'number' as const,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			displayOptions,
			description: 'Warehouse the products leave (almacen)',
		},
		{
			displayName: 'Responsibility Center ID',
			name: 'responsibilityCenter',
			type: 'number' as const,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			displayOptions,
			description: 'Responsibility center charged with the consumption (centro_responsabilidad)',
		},
		recordPicker({
			name: 'expenseAccount',
			displayName: 'Expense Account',
			displayOptions,
			searchListMethod: 'searchLedgerAccounts',
			description: 'Ledger account the expense is booked to (cuenta_gasto)',
		}),
		...lineProperties(displayOptions, { priced: false }),
		{
			displayName: 'Comments',
			name: 'comments',
			type: 'string' as const,
			typeOptions: { rows: 2 },
			default: '',
			displayOptions,
			description: 'Sent as comentarios',
		},
	],
};
