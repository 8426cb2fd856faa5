import { bodyFrom } from '../shared/body';
import { recordPicker, route, showFor } from '../shared/descriptions';
import { lineProperties, readLines } from '../shared/lines';
import { requiredIdProperties } from '../shared/writeFields';

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
		action: 'Create an internal stock consumption',
		description: 'Create a new internal consumption',
		routing: route('POST', '/movimientos/consumo_interno/', buildInternalConsumption),
	},
	properties: [
		...requiredIdProperties({
			displayName: 'Warehouse ID',
			name: 'warehouse',
			displayOptions,
			description: 'Warehouse the products leave (almacen)',
		}),
		...requiredIdProperties({
			displayName: 'Responsibility Center ID',
			name: 'responsibilityCenter',
			displayOptions,
			description: 'Responsibility center charged with the consumption (centro_responsabilidad)',
		}),
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
