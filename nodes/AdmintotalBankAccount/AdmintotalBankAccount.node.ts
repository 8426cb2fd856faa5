import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { searchBankAccounts } from '../shared/listSearch';
import { getBankAccount } from './get.operation';
import { getManyBankAccounts } from './getAll.operation';

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
		...admintotalNodeBase,
		properties: [
			resourceField('Bank Account', 'bankAccount'),
			operationField(
				'bankAccount',
				[getBankAccount.option, getManyBankAccounts.option],
				'getAll',
			),
			...getBankAccount.properties,
			...getManyBankAccounts.properties,
		],
	};

	methods = { listSearch: { searchBankAccounts } };
}
