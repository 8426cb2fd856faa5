import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createInternalConsumption } from './create.operation';
import { getInternalConsumption } from './get.operation';
import { getManyInternalConsumptions } from './getAll.operation';
import { searchLedgerAccounts } from '../AdmintotalLedgerAccount/search';
import { searchInternalConsumptions } from './search';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalInternalConsumption implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Internal Consumption',
		name: 'admintotalInternalConsumption',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: [1, EMPTY_IDS_SINCE],
		defaultVersion: EMPTY_IDS_SINCE,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the internal consumption documents (consumo interno) of an Admintotal tenant',
		defaults: { name: 'Admintotal Internal Consumption' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Internal Consumption', value: 'internalConsumption' }, [createInternalConsumption, getInternalConsumption, getManyInternalConsumptions], 'getAll'),
	};

	methods = { listSearch: { searchInternalConsumptions, searchLedgerAccounts } };
}
