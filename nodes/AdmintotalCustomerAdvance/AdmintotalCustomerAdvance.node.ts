import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createCustomerAdvance } from './create.operation';
import { searchBankAccounts } from '../AdmintotalBankAccount/search';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalCustomerAdvance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Customer Advance',
		name: 'admintotalCustomerAdvance',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['output'],
		version: [1, EMPTY_IDS_SINCE],
		defaultVersion: EMPTY_IDS_SINCE,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Record customer advances (anticipos) in Admintotal',
		defaults: { name: 'Admintotal Customer Advance' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Customer Advance', value: 'customerAdvance' }, [createCustomerAdvance], 'create'),
	};

	methods = { listSearch: { searchBankAccounts } };
}
