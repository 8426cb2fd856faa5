import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { LEDGER_ACCOUNTS } from '../shared/accounts';
import { defineResource } from '../shared/resource';

export const ledgerAccounts = defineResource({
	noun: 'Ledger Account',
	record: 'ledger account',
	description: 'Read the chart of accounts (ledger accounts) of an Admintotal tenant',
	...LEDGER_ACCOUNTS,
});

export class AdmintotalLedgerAccount implements INodeType {
	description: INodeTypeDescription = {
		...ledgerAccounts.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = ledgerAccounts.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await ledgerAccounts.run(this);
	}
}
