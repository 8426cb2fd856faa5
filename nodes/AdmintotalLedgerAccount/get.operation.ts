import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';

export const getLedgerAccount = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a ledger account',
	description: 'Retrieve a ledger account',
	kind: 'read',
	path: '/cuentas/{ledgerAccountId}/',
	fields: [recordField({ name: 'ledgerAccountId', displayName: 'Ledger Account', apiName: 'ledgerAccountId', searchListMethod: 'searchLedgerAccounts' })],
});
