import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';

export const getBankAccount = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a bank account',
	description: 'Retrieve a bank account',
	kind: 'read',
	path: '/cuentas_bancarias/{bankAccountId}/',
	fields: [recordField({ name: 'bankAccountId', displayName: 'Bank Account', apiName: 'bankAccountId', searchListMethod: 'searchBankAccounts' })],
});
