import { bodyFrom } from '../shared/body';
import { imageAsBase64 } from '../shared/image';
import { recordLocator, route, showFor } from '../shared/descriptions';

const displayOptions = showFor('workOrder', ['attachImage']);

const buildAttachment = bodyFrom(async (read) => ({
	titulo: read.text('title', 'Title', { required: true }),
	imagen: await imageAsBase64(read),
}));

export const attachWorkOrderImage = {
	option: {
		name: 'Attach Image',
		value: 'attachImage',
		action: 'Attach an image to a work order',
		description: 'Attach an image to the visit of a work order',
		routing: route('POST', undefined, buildAttachment),
	},
	properties: [
		recordLocator({
			name: 'workOrderId',
			displayName: 'Work Order',
			// No trailing slash: the spec writes this path without one.
			path: '/ordenes_servicio/{id}/adjuntar_imagen',
			displayOptions,
			searchListMethod: 'searchWorkOrders',
		}),
		{
			displayName: 'Title',
			name: 'title',
			type: 'string' as const,
			default: '',
			required: true,
			placeholder: 'e.g. Installed equipment',
			displayOptions,
			description: 'Title of the image (titulo)',
		},
		{
			displayName: 'Image Source',
			name: 'imageSource',
			type: 'options' as const,
			options: [
				{ name: 'Binary Property', value: 'binary', description: 'A file from an earlier node, e.g. an HTTP download or a form upload' },
				{ name: 'Base64 Text', value: 'base64', description: 'The image already encoded as base64 text' },
			],
			default: 'binary',
			displayOptions,
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string' as const,
			default: 'data',
			required: true,
			displayOptions: { show: { ...displayOptions.show, imageSource: ['binary'] } },
			hint: 'The name of the input binary field containing the image',
		},
		{
			displayName: 'Image (Base64)',
			name: 'imageBase64',
			type: 'string' as const,
			default: '',
			required: true,
			displayOptions: { show: { ...displayOptions.show, imageSource: ['base64'] } },
			description: 'Base64 of a PNG, JPEG, GIF or WEBP image; a data: URL prefix is removed',
		},
	],
};
