import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { createProspect } from './create.operation';
import { getProspect } from './get.operation';
import { getManyProspects } from './getAll.operation';
import { searchProspects } from './search';

export class AdmintotalProspect implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Prospect',
			description: 'Create and read the sales prospects of an Admintotal tenant',
			resource: { name: 'Prospect', value: 'prospect' },
			operations: [createProspect, getProspect, getManyProspects],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchProspects } };
}
