import { defineOperation } from '../shared/operation/define';

export const getManyBankAccounts = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many bank accounts',
	description: 'Retrieve a list of bank accounts',
	kind: 'list',
	path: '/cuentas_bancarias/',
});
