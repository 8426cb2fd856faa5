import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { labelText } from '../shared/records';
import { defineResource } from '../shared/resource';
import { createProspect } from './create.operation';

export const prospects = defineResource({
	noun: 'Prospect',
	record: 'prospect',
	records: 'prospects',
	description: 'Create and read the sales prospects of an Admintotal tenant',
	path: '/prospectos/',
	label: (prospect) =>
		[labelText(prospect.codigo), labelText(prospect.nombre_comercial) || labelText(prospect.empresa), labelText(prospect.nombre)].filter(Boolean).join(' · ') || `Prospect ${labelText(prospect.id)}`,
	// Who it is and how far along. `stats_display` is the API's spelling.
	simplify: { id: true, codigo: true, nombre: true, empresa: true, nombre_comercial: true, rfc: true, sucursal: true, status: true, stats_display: true },
	operations: [createProspect],
});

export class AdmintotalProspect implements INodeType {
	description: INodeTypeDescription = {
		...prospects.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = prospects.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await prospects.run(this);
	}
}
