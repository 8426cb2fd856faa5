import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom } from '../shared/body';
import { WORK_ORDER_PRIORITY, WORK_ORDER_STATUS, catalogOptions } from '../shared/catalogs';
import { recordLocator, route, showFor } from '../shared/descriptions';

const displayOptions = showFor('workOrder', ['update']);

const buildUpdate = bodyFrom((read) => {
	const body = {
		status: read.catalog('updateFields.status', 'Status', WORK_ORDER_STATUS),
		prioridad: read.catalog('updateFields.priority', 'Priority', WORK_ORDER_PRIORITY),
		descripcion: read.text('updateFields.description', 'Description'),
		fecha_inicio: read.date('updateFields.startDate', 'Start Date'),
		fecha_fin: read.date('updateFields.endDate', 'End Date'),
	};
	if (Object.values(body).every((value) => value === undefined)) {
		read.fail('Update Fields', 'has nothing to change', 'Add at least one field to update.');
	}
	return body;
});

const updateFields: INodeProperties = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions,
	options: [
		{ displayName: 'Description', name: 'description', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Visit description (descripcion)' },
		{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'Sent as YYYY-MM-DD (fecha_fin)' },
		{
			displayName: 'Priority',
			name: 'priority',
			type: 'options',
			options: catalogOptions(WORK_ORDER_PRIORITY, { showCode: false }),
			default: 2,
			description: 'Sent as the priority code (prioridad)',
		},
		{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'Sent as YYYY-MM-DD (fecha_inicio)' },
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: catalogOptions(WORK_ORDER_STATUS, { showCode: false }),
			default: 2,
			description: 'Visit status, sent as its code (status)',
		},
	],
};

export const updateWorkOrder = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a work order',
		description: 'Change the status, priority, description or dates of a work order',
		// The spec lists these body fields with the single-work-order path without a method; PATCH updates only what is sent.
		routing: route('PATCH', undefined, buildUpdate),
	},
	properties: [
		recordLocator({
			name: 'workOrderId',
			displayName: 'Work Order',
			path: '/ordenes_servicio/{id}/',
			displayOptions,
			searchListMethod: 'searchWorkOrders',
		}),
		updateFields,
	],
};
