import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { getLedgerAccount } from './get.operation';
import { getManyLedgerAccounts } from './getAll.operation';
import { searchLedgerAccounts } from './search';

export class AdmintotalLedgerAccount implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Ledger Account',
			description: 'Read the chart of accounts (ledger accounts) of an Admintotal tenant',
			resource: { name: 'Ledger Account', value: 'ledgerAccount' },
			operations: [getLedgerAccount, getManyLedgerAccounts],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchLedgerAccounts } };
}
