import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { createSalesNote } from './create.operation';
import { getManySalesNotes } from './getAll.operation';
import { EMPTY_IDS_SINCE } from '../shared/fields/record';

export class AdmintotalSalesNote implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Sales Note',
		name: 'admintotalSalesNote',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: [1, EMPTY_IDS_SINCE],
		defaultVersion: EMPTY_IDS_SINCE,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the sales notes (notas de venta) of an Admintotal tenant',
		defaults: { name: 'Admintotal Sales Note' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Sales Note', value: 'salesNote' }, [createSalesNote, getManySalesNotes], 'getAll'),
	};
}
