import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { createSalesNote } from './create.operation';
import { getManySalesNotes } from './getAll.operation';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalSalesNote implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Sales Note',
			description: 'Create and read the sales notes (notas de venta) of an Admintotal tenant',
			resource: { name: 'Sales Note', value: 'salesNote' },
			operations: [createSalesNote, getManySalesNotes],
			defaultOperation: 'getAll',
			emptyIdsSince: EMPTY_IDS_SINCE,
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};
}
