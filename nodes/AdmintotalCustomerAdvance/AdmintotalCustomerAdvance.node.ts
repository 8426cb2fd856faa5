import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { createCustomerAdvance } from './create.operation';
import { searchBankAccounts } from '../AdmintotalBankAccount/search';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalCustomerAdvance implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Customer Advance',
			description: 'Record customer advances (anticipos) in Admintotal',
			resource: { name: 'Customer Advance', value: 'customerAdvance' },
			operations: [createCustomerAdvance],
			defaultOperation: 'create',
			emptyIdsSince: EMPTY_IDS_SINCE,
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchBankAccounts } };
}
