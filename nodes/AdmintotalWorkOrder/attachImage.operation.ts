import { textField, recordField } from '../shared/fields/field';
import { UPLOAD_LANES, imageField } from '../shared/fields/image';
import { defineOperation } from '../shared/operation/define';

export const attachWorkOrderImage = defineOperation({
	value: 'attachImage',
	name: 'Attach Image',
	action: 'Attach an image to a work order',
	description: 'Attach an image to the visit of a work order',
	kind: 'write',
	method: 'POST',
	parallelAtMost: UPLOAD_LANES,
	// No trailing slash: the spec writes this path without one.
	path: '{workOrderId}/adjuntar_imagen',
	fields: [
		recordField({ name: 'workOrderId', displayName: 'Work Order', apiName: 'workOrderId', searchListMethod: 'searchWorkOrders' }),
		textField({ displayName: 'Title', name: 'title', apiName: 'titulo', required: true, placeholder: 'e.g. Installed equipment', description: 'Title of the image (titulo)' }),
		imageField,
	],
});
