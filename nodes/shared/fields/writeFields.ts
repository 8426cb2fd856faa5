import type { IDataObject } from 'n8n-workflow';

import type { Field } from './field';
import { textField, wholeNumberField } from './field';
import { scalarText } from './grammars';

/** Fields several write operations offer, defined once. */

export const commentsField: Field = textField({ displayName: 'Comments', name: 'comments', apiName: 'comentarios', typeOptions: { rows: 2 }, description: 'Sent as comentarios' });

export const warehouseField: Field = wholeNumberField({ displayName: 'Warehouse ID', name: 'warehouse', apiName: 'almacen', description: 'Numeric warehouse ID (almacen). Leave the field out to use the first warehouse.' });

/** `[{ key, value }]` rows as the API's `campos_personalizados`. */
export const customFieldsField: Field = {
	properties: [
		{
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
		},
	],
	apiValues: (reader) => {
		const rows = reader.raw('customFields.field', []);
		if (!Array.isArray(rows)) return reader.fail('Custom Fields', 'must be a list of key and value rows');
		const fields = rows.map((row: IDataObject, index) => {
			const fail = (part: string) => (problem: string, fix?: string): never => reader.fail('Custom Fields', `row ${index + 1} ${part}${problem}`, fix);
			const key = scalarText(row?.key, fail('key '));
			if (key === '') fail('')('has no key');
			return { key, valor: scalarText(row?.value, fail('value ')) };
		});
		return { campos_personalizados: fields.length ? fields : undefined };
	},
};
