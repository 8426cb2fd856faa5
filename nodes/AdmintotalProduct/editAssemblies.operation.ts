import { bodyFrom } from '../shared/body';
import { recordLocator, recordPicker, route, showFor } from '../shared/descriptions';

const displayOptions = showFor('product', ['editAssemblies']);

const buildAssembly = bodyFrom((read) => ({
	producto_id: read.wholeNumber('componentProductId', 'Component Product', { required: true }),
	cantidad: read.exactNumber('quantity', 'Quantity', { required: true, positive: true }),
	factor: read.exactNumber('additionalFields.factor', 'Factor', { positive: true }) ?? 1,
	um_id: read.wholeNumber('additionalFields.unitId', 'Unit ID'),
	um_nombre: read.text('additionalFields.unitName', 'Unit Name'),
}));

export const editProductAssemblies = {
	option: {
		name: 'Edit Assemblies',
		value: 'editAssemblies',
		action: 'Add or change a component of a product kit (assembly)',
		description: 'Set a component (part) of an assembled product',
		routing: route('POST', undefined, buildAssembly),
	},
	properties: [
		recordLocator({
			name: 'productId',
			displayName: 'Product',
			path: '/productos/{id}/editar_ensambles/',
			displayOptions,
			searchListMethod: 'searchProducts',
			description: 'The assembled product whose assemblies are edited',
		}),
		recordPicker({
			name: 'componentProductId',
			displayName: 'Component Product',
			displayOptions,
			searchListMethod: 'searchProducts',
			description: 'The product used as a part of the assembly (producto_id)',
		}),
		{
			displayName: 'Quantity',
			name: 'quantity',
			type: 'string' as const,
			default: '1',
			required: true,
			displayOptions,
			description: 'How many units of the component go into one assembled product (cantidad)',
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection' as const,
			placeholder: 'Add Field',
			default: {},
			displayOptions,
			options: [
				{
					displayName: 'Factor',
					name: 'factor',
					type: 'string' as const,
					default: '1',
					description: 'Conversion factor of the unit (factor); 1 when left out',
				},
				{
					displayName: 'Unit ID',
					name: 'unitId',
					type: 'number' as const,
					typeOptions: { minValue: 1, numberPrecision: 0 },
					default: 1,
					description: 'Numeric ID of the unit of measure (um_id)',
				},
				{
					displayName: 'Unit Name',
					name: 'unitName',
					type: 'string' as const,
					default: '',
					placeholder: 'e.g. PZA',
					description: 'Name of the unit of measure (um_nombre)',
				},
			],
		},
	],
};
