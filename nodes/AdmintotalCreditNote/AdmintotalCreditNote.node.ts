import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { getCreditNote } from './get.operation';
import { getManyCreditNotes } from './getAll.operation';
import { searchCreditNotes } from './search';

export class AdmintotalCreditNote implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Credit Note',
			description: 'Read the credit notes of an Admintotal tenant',
			resource: { name: 'Credit Note', value: 'creditNote' },
			operations: [getCreditNote, getManyCreditNotes],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchCreditNotes } };
}
