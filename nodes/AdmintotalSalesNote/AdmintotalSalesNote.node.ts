import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { getManySalesNotes } from './getAll.operation';

export class AdmintotalSalesNote implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Sales Note',
		name: 'admintotalSalesNote',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the sales notes (notas de venta) of an Admintotal tenant',
		defaults: { name: 'Admintotal Sales Note' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Sales Note', 'salesNote'),
			operationField('salesNote', [getManySalesNotes.option], 'getAll'),
			...getManySalesNotes.properties,
		],
	};
}
