import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { searchBankAccounts } from '../shared/listSearch';
import { createCustomerAdvance } from './create.operation';

export class AdmintotalCustomerAdvance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Customer Advance',
		name: 'admintotalCustomerAdvance',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['output'],
		// Version 2: required IDs start empty (writeFields.ts, requiredIdProperties).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Record customer advances (anticipos) in Admintotal',
		defaults: { name: 'Admintotal Customer Advance' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Customer Advance', 'customerAdvance'),
			operationField('customerAdvance', [createCustomerAdvance.option], 'create'),
			...createCustomerAdvance.properties,
		],
	};

	methods = { listSearch: { searchBankAccounts } };
}
