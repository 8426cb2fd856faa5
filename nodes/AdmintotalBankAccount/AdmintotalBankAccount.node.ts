import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { getBankAccount } from './get.operation';
import { getManyBankAccounts } from './getAll.operation';
import { searchBankAccounts } from './search';

export class AdmintotalBankAccount implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Bank Account',
			description: 'Read the bank accounts of an Admintotal tenant',
			resource: { name: 'Bank Account', value: 'bankAccount' },
			operations: [getBankAccount, getManyBankAccounts],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchBankAccounts } };
}
