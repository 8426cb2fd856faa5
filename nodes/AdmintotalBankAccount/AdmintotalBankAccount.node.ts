import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { getBankAccount } from './get.operation';
import { getManyBankAccounts } from './getAll.operation';
import { searchBankAccounts } from './search';

export class AdmintotalBankAccount implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Bank Account',
		name: 'admintotalBankAccount',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the bank accounts of an Admintotal tenant',
		defaults: { name: 'Admintotal Bank Account' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Bank Account', value: 'bankAccount' }, [getBankAccount, getManyBankAccounts], 'getAll'),
	};

	methods = { listSearch: { searchBankAccounts } };
}
