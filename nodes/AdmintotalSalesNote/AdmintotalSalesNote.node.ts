import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalNodeBase, operationField, resourceField } from '../shared/descriptions';
import { createSalesNote } from './create.operation';
import { getManySalesNotes } from './getAll.operation';

export class AdmintotalSalesNote implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Sales Note',
		name: 'admintotalSalesNote',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		// Version 2: required IDs start empty (writeFields.ts, requiredIdProperties).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create and read the sales notes (notas de venta) of an Admintotal tenant',
		defaults: { name: 'Admintotal Sales Note' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalNodeBase,
		properties: [
			resourceField('Sales Note', 'salesNote'),
			operationField('salesNote', [createSalesNote.option, getManySalesNotes.option], 'getAll'),
			...createSalesNote.properties,
			...getManySalesNotes.properties,
		],
	};
}
