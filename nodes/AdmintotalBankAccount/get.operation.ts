import { recordLocator, route, showFor } from '../shared/descriptions';

export const getBankAccount = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a bank account',
		description: 'Retrieve a bank account',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'bankAccountId',
			displayName: 'Bank Account',
			path: '/cuentas_bancarias/{id}/',
			displayOptions: showFor('bankAccount', ['get']),
			searchListMethod: 'searchBankAccounts',
		}),
	],
};
