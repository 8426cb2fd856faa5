import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { BANK_ACCOUNTS } from '../shared/accounts';
import { EMPTY_IDS_SINCE } from '../shared/fields/field';
import { defineResource } from '../shared/resource';
import { createCustomerAdvance } from './create.operation';

export const customerAdvances = defineResource({
	noun: 'Customer Advance',
	record: 'customer advance',
	records: 'customer advances',
	description: 'Record customer advances (anticipos) in Admintotal',
	path: '/movimientos/anticipos_clientes/',
	getMany: false,
	operations: [createCustomerAdvance],
	emptyIdsSince: EMPTY_IDS_SINCE,
	dropdownsOf: [BANK_ACCOUNTS],
});

export class AdmintotalCustomerAdvance implements INodeType {
	description: INodeTypeDescription = {
		...customerAdvances.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = customerAdvances.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await customerAdvances.run(this);
	}
}
