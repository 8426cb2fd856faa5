import { addressField } from '../shared/fields/address';
import { collection, rfcField, textField, wholeNumberField } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';

export const createProspect = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a prospect',
	description: 'Create a new prospect',
	kind: 'write',
	method: 'POST',
	fields: [
		textField({ displayName: 'Name', name: 'name', apiName: 'nombre', required: true, placeholder: 'e.g. Laura Méndez', description: 'Full name of the prospect (nombre)' }),
		addressField('address', 'Address', 'direccion'),
		collection({ displayName: 'Additional Fields', name: 'additionalFields' }, [
			textField({ displayName: 'Branch', name: 'branch', apiName: 'sucursal', description: 'Branch name (sucursal)' }),
			textField({ displayName: 'Code', name: 'code', apiName: 'codigo', placeholder: 'e.g. PRO-0042', description: 'Prospect code (codigo)' }),
			textField({ displayName: 'Company', name: 'company', apiName: 'empresa', description: 'Company name (empresa)' }),
			textField({ displayName: 'Referred By', name: 'referrer', apiName: 'recomendo', description: 'Name of who recommended the prospect (recomendo)' }),
			rfcField({ displayName: 'RFC', name: 'rfc', apiName: 'rfc', description: 'Tax ID (rfc); checked for the RFC format before anything is sent' }),
			wholeNumberField({
				displayName: 'Status',
				name: 'status',
				apiName: 'status',
				description: 'Numeric prospect status as configured in Admintotal (status); the spec does not list the codes',
			}),
			textField({ displayName: 'Trade Name', name: 'tradeName', apiName: 'nombre_comercial', description: 'Trade name (nombre_comercial)' }),
		]),
	],
});
