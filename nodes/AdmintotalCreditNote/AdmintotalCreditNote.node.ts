import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { getCreditNote } from './get.operation';
import { getManyCreditNotes } from './getAll.operation';
import { searchCreditNotes } from './search';

export class AdmintotalCreditNote implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Credit Note',
		name: 'admintotalCreditNote',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the credit notes of an Admintotal tenant',
		defaults: { name: 'Admintotal Credit Note' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Credit Note', value: 'creditNote' }, [getCreditNote, getManyCreditNotes], 'getAll'),
	};

	methods = { listSearch: { searchCreditNotes } };
}
