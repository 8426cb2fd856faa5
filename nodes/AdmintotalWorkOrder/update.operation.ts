import type { Field } from '../shared/fields/field';
import { catalogField, collection, dateField, textField, recordField } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';
import { WORK_ORDER_PRIORITY, WORK_ORDER_STATUS } from './catalogs';

const changes = collection({ displayName: 'Update Fields', name: 'updateFields' }, [
	textField({ displayName: 'Description', name: 'description', apiName: 'descripcion', typeOptions: { rows: 3 }, description: 'Visit description (descripcion)' }),
	dateField({ displayName: 'End Date', name: 'endDate', apiName: 'fecha_fin', description: 'Sent as YYYY-MM-DD (fecha_fin)' }),
	catalogField({ displayName: 'Priority', name: 'priority', apiName: 'prioridad', default: 2, description: 'Sent as the priority code (prioridad)' }, WORK_ORDER_PRIORITY),
	dateField({ displayName: 'Start Date', name: 'startDate', apiName: 'fecha_inicio', description: 'Sent as YYYY-MM-DD (fecha_inicio)' }),
	catalogField({ displayName: 'Status', name: 'status', apiName: 'status', default: 2, description: 'Visit status, sent as its code (status)' }, WORK_ORDER_STATUS),
]);

/** An update that changes nothing is a mistake worth stopping. */
const updateFields: Field = {
	properties: changes.properties,
	apiValues: async (reader) => {
		const changed = await changes.apiValues(reader);
		if (Object.values(changed).every((value) => value === undefined)) reader.fail('Update Fields', 'has nothing to change', 'Add at least one field to update.');
		return changed;
	},
};

export const updateWorkOrder = defineOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a work order',
	description: 'Change the status, priority, description or dates of a work order',
	kind: 'write',
	// The spec lists these body fields with the single-work-order path without a method; PATCH updates only what is sent.
	method: 'PATCH',
	path: '{workOrderId}/',
	fields: [recordField({ name: 'workOrderId', displayName: 'Work Order', apiName: 'workOrderId', searchListMethod: 'searchWorkOrders' }), updateFields],
});
