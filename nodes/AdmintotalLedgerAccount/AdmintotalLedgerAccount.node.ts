import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { getLedgerAccount } from './get.operation';
import { getManyLedgerAccounts } from './getAll.operation';
import { searchLedgerAccounts } from './search';

export class AdmintotalLedgerAccount implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Ledger Account',
		name: 'admintotalLedgerAccount',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the chart of accounts (ledger accounts) of an Admintotal tenant',
		defaults: { name: 'Admintotal Ledger Account' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Ledger Account', value: 'ledgerAccount' }, [getLedgerAccount, getManyLedgerAccounts], 'getAll'),
	};

	methods = { listSearch: { searchLedgerAccounts } };
}
