import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { createProspect } from './create.operation';
import { searchProspects } from '../shared/listSearch';
import { getProspect } from './get.operation';
import { getManyProspects } from './getAll.operation';

export class AdmintotalProspect implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Prospect',
		name: 'admintotalProspect',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the sales prospects of an Admintotal tenant',
		defaults: { name: 'Admintotal Prospect' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Prospect', 'prospect'),
			operationField('prospect', [createProspect.option, getProspect.option, getManyProspects.option], 'getAll'),
			...getProspect.properties,
			...getManyProspects.properties,
			...createProspect.properties,
		],
	};

	methods = { listSearch: { searchProspects } };
}
