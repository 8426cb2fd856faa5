import { commentsField } from '../shared/fields/writeFields';
import { linesField } from '../shared/fields/lines';
import { recordField, requiredIdField } from '../shared/fields/field';
import { LEDGER_ACCOUNTS } from '../shared/accounts';
import { defineOperation } from '../shared/operation/define';
import { searchMethodOf } from '../shared/resource';

export const createInternalConsumption = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an internal stock consumption',
	description: 'Create a new internal consumption',
	kind: 'write',
	method: 'POST',
	fields: [
		requiredIdField({ displayName: 'Warehouse ID', name: 'warehouse', apiName: 'almacen', description: 'Warehouse the products leave (almacen)' }),
		requiredIdField({
			displayName: 'Responsibility Center ID',
			name: 'responsibilityCenter',
			apiName: 'centro_responsabilidad',
			description: 'Responsibility center charged with the consumption (centro_responsabilidad)',
		}),
		recordField({
			name: 'expenseAccount',
			displayName: 'Expense Account',
			apiName: 'cuenta_gasto',
			searchListMethod: searchMethodOf(LEDGER_ACCOUNTS),
			description: 'Ledger account the expense is booked to (cuenta_gasto)',
		}),
		linesField({ priced: false }),
		commentsField,
	],
});
