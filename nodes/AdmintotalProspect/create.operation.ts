import type { INodeProperties } from 'n8n-workflow';

import { addressProperty, readAddress } from '../shared/address';
import { bodyFrom } from '../shared/body';
import { route, showFor } from '../shared/descriptions';

const displayOptions = showFor('prospect', ['create']);

const buildProspect = bodyFrom((read) => ({
	nombre: read.text('name', 'Name', { required: true }),
	codigo: read.text('additionalFields.code', 'Code'),
	empresa: read.text('additionalFields.company', 'Company'),
	nombre_comercial: read.text('additionalFields.tradeName', 'Trade Name'),
	sucursal: read.text('additionalFields.branch', 'Branch'),
	rfc: read.rfc('additionalFields.rfc', 'RFC'),
	recomendo: read.text('additionalFields.referrer', 'Referred By'),
	status: read.wholeNumber('additionalFields.status', 'Status'),
	direccion: readAddress(read, 'address', 'Address'),
}));

const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions,
	options: [
		{ displayName: 'Branch', name: 'branch', type: 'string', default: '', description: 'Branch name (sucursal)' },
		{ displayName: 'Code', name: 'code', type: 'string', default: '', placeholder: 'e.g. PRO-0042', description: 'Prospect code (codigo)' },
		{ displayName: 'Company', name: 'company', type: 'string', default: '', description: 'Company name (empresa)' },
		{ displayName: 'Referred By', name: 'referrer', type: 'string', default: '', description: 'Name of who recommended the prospect (recomendo)' },
		{
			displayName: 'RFC',
			name: 'rfc',
			type: 'string',
			default: '',
			placeholder: 'e.g. XAXX010101000',
			description: 'Tax ID (rfc); checked for the RFC format before anything is sent',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: "Numeric prospect status as configured in Admintotal (status); the spec does not list the codes",
		},
		{ displayName: 'Trade Name', name: 'tradeName', type: 'string', default: '', description: 'Trade name (nombre_comercial)' },
	],
};

export const createProspect = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a prospect',
		description: 'Create a new prospect',
		routing: route('POST', '/prospectos/', buildProspect),
	},
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string' as const,
			default: '',
			required: true,
			placeholder: 'e.g. Laura Méndez',
			displayOptions,
			description: 'Full name of the prospect (nombre)',
		},
		addressProperty('address', 'Address', 'direccion', displayOptions),
		additionalFields,
	],
};
