import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { createInternalConsumption } from './create.operation';
import { getInternalConsumption } from './get.operation';
import { getManyInternalConsumptions } from './getAll.operation';
import { searchLedgerAccounts } from '../AdmintotalLedgerAccount/search';
import { searchInternalConsumptions } from './search';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalInternalConsumption implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Internal Consumption',
			description: 'Create and read the internal consumption documents (consumo interno) of an Admintotal tenant',
			resource: { name: 'Internal Consumption', value: 'internalConsumption' },
			operations: [createInternalConsumption, getInternalConsumption, getManyInternalConsumptions],
			defaultOperation: 'getAll',
			emptyIdsSince: EMPTY_IDS_SINCE,
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchInternalConsumptions, searchLedgerAccounts } };
}
