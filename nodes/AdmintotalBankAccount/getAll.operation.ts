import { returnAllAndLimit, route, showFor } from '../shared/descriptions';

export const getManyBankAccounts = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many bank accounts',
		description: 'Retrieve a list of bank accounts',
		routing: route('GET', '/cuentas_bancarias/'),
	},
	properties: [...returnAllAndLimit(showFor('bankAccount', ['getAll']))],
};
