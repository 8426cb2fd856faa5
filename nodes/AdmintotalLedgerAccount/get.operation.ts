import { recordLocator, route, showFor } from '../shared/descriptions';

export const getLedgerAccount = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a ledger account',
		description: 'Retrieve a ledger account',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'ledgerAccountId',
			displayName: 'Ledger Account',
			path: '/cuentas/{id}/',
			displayOptions: showFor('ledgerAccount', ['get']),
			searchListMethod: 'searchLedgerAccounts',
		}),
	],
};
