import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { getManyUsers } from './getAll.operation';

export class AdmintotalUser implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'User',
			description: 'Read the users of an Admintotal tenant, with their roles and profile',
			resource: { name: 'User', value: 'user' },
			operations: [getManyUsers],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};
}
