import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { checkRfc } from './checkRfc.operation';
import { getManyBlacklistEntries } from './getAll.operation';

export class AdmintotalBlacklist implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Blacklist',
		name: 'admintotalBlacklist',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: "Check RFCs against the SAT blacklist of taxpayers (lista negra, art. 69-B) as kept by Admintotal",
		defaults: { name: 'Admintotal Blacklist' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Blacklist Entry', value: 'blacklistEntry' }, [checkRfc, getManyBlacklistEntries], 'checkRfc'),
	};
}
