import { defineOperation } from '../shared/operation/define';

export const getManyLedgerAccounts = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many ledger accounts',
	description: 'Retrieve a list of ledger accounts',
	kind: 'list',
	path: '/cuentas/',
});
