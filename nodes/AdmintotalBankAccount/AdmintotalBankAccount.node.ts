import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { BANK_ACCOUNTS } from '../shared/accounts';
import { defineResource } from '../shared/resource';

export const bankAccounts = defineResource({
	noun: 'Bank Account',
	record: 'bank account',
	description: 'Read the bank accounts of an Admintotal tenant',
	...BANK_ACCOUNTS,
});

export class AdmintotalBankAccount implements INodeType {
	description: INodeTypeDescription = {
		...bankAccounts.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = bankAccounts.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await bankAccounts.run(this);
	}
}
