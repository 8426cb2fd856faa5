import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { defineResource } from '../shared/resource';

export const users = defineResource({
	noun: 'User',
	record: 'user',
	records: 'users',
	description: 'Read the users of an Admintotal tenant, with their roles and profile',
	path: '/usuarios/',
});

export class AdmintotalUser implements INodeType {
	description: INodeTypeDescription = {
		...users.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = users.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await users.run(this);
	}
}
