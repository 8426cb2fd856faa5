import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { cfdiFileStep } from '../shared/cfdi';
import { EMPTY_IDS_SINCE } from '../shared/fields/field';
import { defineResource } from '../shared/resource';
import { SALES_NOTES_PATH, SALES_NOTE_CFDI, SIMPLIFIED_SALES_NOTE, salesDocumentFilters } from '../shared/salesDocuments';
import { createSalesNote } from './create.operation';

export const salesNotes = defineResource({
	noun: 'Sales Note',
	record: 'sales note',
	records: 'sales notes',
	description: 'Create and read the sales notes (notas de venta) of an Admintotal tenant',
	path: SALES_NOTES_PATH,
	simplify: SIMPLIFIED_SALES_NOTE,
	getMany: {
		description: 'Retrieve a list of sales notes, optionally filtered by client, date, folio, series or cancellation',
		fields: [salesDocumentFilters('sales notes')],
	},
	operations: [createSalesNote],
	step: cfdiFileStep(SALES_NOTE_CFDI),
	emptyIdsSince: EMPTY_IDS_SINCE,
});

export class AdmintotalSalesNote implements INodeType {
	description: INodeTypeDescription = {
		...salesNotes.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = salesNotes.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await salesNotes.run(this);
	}
}
