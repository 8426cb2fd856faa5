import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { getManyUsers } from './getAll.operation';

export class AdmintotalUser implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal User',
		name: 'admintotalUser',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the users of an Admintotal tenant, with their roles and profile',
		defaults: { name: 'Admintotal User' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'User', value: 'user' }, [getManyUsers], 'getAll'),
	};
}
