import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { createInternalConsumption } from './create.operation';
import { searchInternalConsumptions, searchLedgerAccounts } from '../shared/listSearch';
import { getInternalConsumption } from './get.operation';
import { getManyInternalConsumptions } from './getAll.operation';

export class AdmintotalInternalConsumption implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Internal Consumption',
		name: 'admintotalInternalConsumption',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		// Version 2: required IDs start empty (writeFields.ts, requiredIdProperties).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the internal consumption documents (consumo interno) of an Admintotal tenant',
		defaults: { name: 'Admintotal Internal Consumption' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Internal Consumption', 'internalConsumption'),
			operationField('internalConsumption', [createInternalConsumption.option, getInternalConsumption.option, getManyInternalConsumptions.option], 'getAll'),
			...getInternalConsumption.properties,
			...getManyInternalConsumptions.properties,
			...createInternalConsumption.properties,
		],
	};

	methods = { listSearch: { searchInternalConsumptions, searchLedgerAccounts } };
}
