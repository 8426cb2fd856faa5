import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { clientName, labelText } from '../shared/records';
import { defineResource } from '../shared/resource';

export const creditNotes = defineResource({
	noun: 'Credit Note',
	record: 'credit note',
	records: 'credit notes',
	description: 'Read the credit notes of an Admintotal tenant',
	path: '/movimientos/notas_credito/',
	label: (note) => [labelText(note.folio_completo) || `Credit note ${labelText(note.id)}`, clientName(note), labelText(note.fecha)].filter(Boolean).join(' · '),
});

export class AdmintotalCreditNote implements INodeType {
	description: INodeTypeDescription = {
		...creditNotes.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = creditNotes.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await creditNotes.run(this);
	}
}
