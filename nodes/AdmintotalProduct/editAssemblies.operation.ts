import type { Field } from '../shared/fields/field';
import { collection, exactNumberField, textField, wholeNumberField, recordField } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';

const factorField = exactNumberField({ displayName: 'Factor', name: 'factor', apiName: 'factor', default: '1', description: 'Conversion factor of the unit (factor); 1 when left out' }, { positive: true });

/** The spec makes `factor` required; 1 (no conversion) when the user leaves it out. */
const factor: Field = { properties: factorField.properties, apiValues: async (values) => ({ factor: (await factorField.apiValues(values)).factor ?? 1 }) };

export const editProductAssemblies = defineOperation({
	value: 'editAssemblies',
	name: 'Edit Assemblies',
	action: 'Add or change a component of a product kit (assembly)',
	description: 'Set a component (part) of an assembled product',
	kind: 'write',
	method: 'POST',
	path: '{productId}/editar_ensambles/',
	fields: [
		recordField({ name: 'productId', displayName: 'Product', apiName: 'productId', searchListMethod: 'searchProducts', description: 'The assembled product whose assemblies are edited' }),
		recordField({ name: 'componentProductId', displayName: 'Component Product', apiName: 'producto_id', searchListMethod: 'searchProducts', description: 'The product used as a part of the assembly (producto_id)' }),
		exactNumberField({ displayName: 'Quantity', name: 'quantity', apiName: 'cantidad', default: '1', required: true, description: 'How many units of the component go into one assembled product (cantidad)' }, { positive: true }),
		collection({ displayName: 'Additional Fields', name: 'additionalFields' }, [
			factor,
			wholeNumberField({ displayName: 'Unit ID', name: 'unitId', apiName: 'um_id', description: 'Numeric ID of the unit of measure (um_id)' }),
			textField({ displayName: 'Unit Name', name: 'unitName', apiName: 'um_nombre', placeholder: 'e.g. PZA', description: 'Name of the unit of measure (um_nombre)' }),
		]),
	],
});
