import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { checkRfc } from './checkRfc.operation';
import { getManyBlacklistEntries } from './getAll.operation';

export class AdmintotalBlacklist implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Blacklist',
			description: "Check RFCs against the SAT blacklist of taxpayers (lista negra, art. 69-B) as kept by Admintotal",
			resource: { name: 'Blacklist Entry', value: 'blacklistEntry' },
			operations: [checkRfc, getManyBlacklistEntries],
			defaultOperation: 'checkRfc',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};
}
