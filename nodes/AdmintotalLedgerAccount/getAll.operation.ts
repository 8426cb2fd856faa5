import { returnAllAndLimit, route, showFor } from '../shared/descriptions';

export const getManyLedgerAccounts = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many ledger accounts',
		description: 'Retrieve a list of ledger accounts',
		routing: route('GET', '/cuentas/'),
	},
	properties: [...returnAllAndLimit(showFor('ledgerAccount', ['getAll']))],
};
