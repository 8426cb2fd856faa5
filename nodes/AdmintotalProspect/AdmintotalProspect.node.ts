import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createProspect } from './create.operation';
import { getProspect } from './get.operation';
import { getManyProspects } from './getAll.operation';
import { searchProspects } from './search';

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
		...admintotalResource({ name: 'Prospect', value: 'prospect' }, [createProspect, getProspect, getManyProspects], 'getAll'),
	};

	methods = { listSearch: { searchProspects } };
}
