import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { LEDGER_ACCOUNTS } from '../shared/accounts';
import { cfdiFileStep } from '../shared/cfdi';
import { EMPTY_IDS_SINCE } from '../shared/fields/field';
import { labelText } from '../shared/records';
import { defineResource } from '../shared/resource';
import { createInternalConsumption } from './create.operation';

export const internalConsumptions = defineResource({
	noun: 'Internal Consumption',
	record: 'internal consumption',
	records: 'internal consumptions',
	description: 'Create and read the internal consumption documents (consumo interno) of an Admintotal tenant',
	path: '/movimientos/consumo_interno/',
	// The spec gives this one path without a trailing slash.
	recordPath: '{id}',
	label: (consumption) =>
		[labelText(consumption.folio_completo) || `Internal consumption ${labelText(consumption.id)}`, labelText(consumption.motivo), labelText(consumption.fecha)].filter(Boolean).join(' · '),
	// What was consumed, when, for how much, and its state.
	simplify: { id: true, folio: true, folio_completo: true, fecha: true, almacen: true, motivo: true, vendedor: true, subtotal: true, iva: true, total: true, status_display: true, cancelado: true },
	operations: [createInternalConsumption],
	step: cfdiFileStep({ field: 'xml_timbrado', record: 'internal consumption' }),
	emptyIdsSince: EMPTY_IDS_SINCE,
	dropdownsOf: [LEDGER_ACCOUNTS],
});

export class AdmintotalInternalConsumption implements INodeType {
	description: INodeTypeDescription = {
		...internalConsumptions.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = internalConsumptions.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await internalConsumptions.run(this);
	}
}
