import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { changedInVersion } from './nodeVersions';

/** Fields several write operations offer, defined once. */

/** The first node version whose required IDs start empty. */
const EMPTY_IDS_SINCE = 2;

export interface RequiredId {
	name: string;
	displayName: string;
	description?: string;
	displayOptions: IDisplayOptions;
}

/** A required numeric ID: version 1 started it at 1, so a forgotten field sent record 1; later versions start it empty and the body reader refuses it while empty. */
export function requiredIdProperties({ name, displayName, description, displayOptions }: RequiredId): INodeProperties[] {
	const shared = { displayName, name, required: true, displayOptions, description };
	return changedInVersion(
		EMPTY_IDS_SINCE,
		{ ...shared, type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 1 },
		// Text, because a number field cannot start empty; the reader takes whole numbers only.
		{ ...shared, type: 'string', default: '', placeholder: 'e.g. 42' },
	);
}

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
