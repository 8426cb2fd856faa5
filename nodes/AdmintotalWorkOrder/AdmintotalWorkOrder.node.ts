import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { catalogField, collection } from '../shared/fields/field';
import { catalogLabel, clientName, labelText } from '../shared/records';
import { defineResource } from '../shared/resource';
import { attachWorkOrderImage } from './attachImage.operation';
import { WORK_ORDER_PRIORITY, WORK_ORDER_STATUS } from './catalogs';
import { updateWorkOrder } from './update.operation';

/** The API's own label when it sends one, else the catalog's, so codes always come with a label. */
const labelOf = (field: string, catalog: typeof WORK_ORDER_STATUS) => (order: IDataObject) => order[`${field}_display`] ?? catalogLabel(catalog, order[field]) ?? null;

export const workOrders = defineResource({
	noun: 'Work Order',
	record: 'work order',
	records: 'work orders',
	description: 'Read and update the work orders (órdenes de servicio) of an Admintotal tenant and attach images',
	path: '/ordenes_servicio/',
	label: (order) => [labelText(order.clave) || `Work order ${labelText(order.id)}`, clientName(order), labelText(order.status_display)].filter(Boolean).join(' · '),
	// What, for whom, where, by whom, when and in which state.
	simplify: {
		id: true, clave: true, status: true, status_display: labelOf('status', WORK_ORDER_STATUS), prioridad: true, prioridad_display: labelOf('prioridad', WORK_ORDER_PRIORITY),
		tipo_servicio: true, descripcion: true, fecha_inicio: true, fecha_fin: true, empleado: true, cliente: ['id', 'razon_social', 'rfc'], sucursal: ['id', 'nombre'],
	},
	getMany: {
		description: 'Retrieve a list of work orders, optionally only those in one status',
		fields: [
			collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
				catalogField({ name: 'status', displayName: 'Status', apiName: 'status', description: 'Only work orders in this status (status)' }, WORK_ORDER_STATUS),
			]),
		],
	},
	operations: [attachWorkOrderImage, updateWorkOrder],
});

export class AdmintotalWorkOrder implements INodeType {
	description: INodeTypeDescription = {
		...workOrders.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = workOrders.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await workOrders.run(this);
	}
}
