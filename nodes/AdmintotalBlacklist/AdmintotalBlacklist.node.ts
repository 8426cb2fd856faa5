import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { catalogField, collection, scalarField, textField } from '../shared/fields/field';
import type { Grammar } from '../shared/fields/grammars';
import { normalizeRfc, scalarText } from '../shared/fields/grammars';
import { defineResource } from '../shared/resource';
import { BLACKLIST_TYPE } from '../shared/blacklist/blacklistType';
import { BLACKLIST_PATH } from '../shared/blacklist/verdict';
import { checkRfc } from './checkRfc.operation';

/** The RFC filter matches whole or partial RFCs, written the way the SAT writes them. */
const rfcText: Grammar<string> = (raw, { fail }) => normalizeRfc(scalarText(raw, fail)) || undefined;

export const blacklist = defineResource({
	noun: 'Blacklist',
	resource: { name: 'Blacklist Entry', value: 'blacklistEntry' },
	record: 'SAT blacklist entry',
	records: 'SAT blacklist entries',
	description: "Check RFCs against the SAT blacklist of taxpayers (lista negra, art. 69-B) as kept by Admintotal",
	path: BLACKLIST_PATH,
	key: 'rfc',
	getMany: {
		description: 'Retrieve a list of blacklisted taxpayers, optionally by type, RFC or name',
		fields: [
			collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
				textField({ name: 'name', displayName: 'Name', apiName: 'nombre', description: 'Only taxpayers whose company name matches this text (nombre)', placeholder: 'e.g. Comercializadora' }),
				scalarField(rfcText)({ name: 'rfc', displayName: 'RFC', apiName: 'rfc', placeholder: 'e.g. ABC680524P76', description: 'Only entries with this RFC (rfc); to test one RFC and always get an answer, use the Check RFC operation' }),
				catalogField({ name: 'type', displayName: 'Type', apiName: 'tipo', description: 'Only entries of this type (tipo)' }, BLACKLIST_TYPE),
			]),
		],
	},
	operations: [checkRfc],
	defaultOperation: 'checkRfc',
});

export class AdmintotalBlacklist implements INodeType {
	description: INodeTypeDescription = {
		...blacklist.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = blacklist.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await blacklist.run(this);
	}
}
