import type { INodeProperties } from 'n8n-workflow';

/** Fields several write operations offer, defined once. */

export function warehouseProperty(): INodeProperties {
	return {
		displayName: 'Warehouse ID',
		name: 'warehouse',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'Numeric warehouse ID (almacen). Leave the field out to use the first warehouse.',
	};
}

export function customFieldsProperty(): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Custom Field',
		default: {},
		description: 'Custom fields defined for sales in Admintotal (campos_personalizados)',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{ displayName: 'Key', name: 'key', type: 'string', default: '', description: 'Name of the custom field' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Value of the custom field (valor)' },
				],
			},
		],
	};
}
