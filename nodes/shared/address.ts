import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { FieldReader } from './body';

/** The spec's address object (`direccion`, `direccion_entrega`); latitude and longitude are decimal text. */
const ADDRESS_FIELDS: Array<{ name: string; displayName: string; apiKey: string; placeholder?: string; description?: string }> = [
	{ name: 'street', displayName: 'Street', apiKey: 'calle', placeholder: 'e.g. Av. Juárez' },
	{ name: 'exteriorNumber', displayName: 'Exterior Number', apiKey: 'numero_e', placeholder: 'e.g. 120' },
	{ name: 'interiorNumber', displayName: 'Interior Number', apiKey: 'numero_i', placeholder: 'e.g. 3B' },
	{ name: 'neighborhood', displayName: 'Neighborhood (Colonia)', apiKey: 'colonia', placeholder: 'e.g. Centro' },
	{ name: 'postalCode', displayName: 'Postal Code', apiKey: 'cp', placeholder: 'e.g. 83000' },
	{ name: 'locality', displayName: 'Locality', apiKey: 'localidad' },
	{ name: 'municipality', displayName: 'Municipality', apiKey: 'municipio', placeholder: 'e.g. Hermosillo' },
	{ name: 'state', displayName: 'State', apiKey: 'estado', placeholder: 'e.g. Sonora' },
	{ name: 'country', displayName: 'Country of Residence', apiKey: 'pais_residencia', placeholder: 'e.g. MEX' },
	{ name: 'phone', displayName: 'Phone', apiKey: 'telefono' },
	{ name: 'email', displayName: 'Email', apiKey: 'email', placeholder: 'e.g. name@email.com' },
	{ name: 'reference', displayName: 'Reference', apiKey: 'referencia', description: 'Directions for the delivery person' },
	{ name: 'latitude', displayName: 'Latitude', apiKey: 'latitud', placeholder: 'e.g. 29.0729' },
	{ name: 'longitude', displayName: 'Longitude', apiKey: 'longitud', placeholder: 'e.g. -110.9559' },
];

export function addressProperty(name: string, displayName: string, apiField: string, displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		displayOptions,
		description: `Sent as ${apiField}`,
		options: ADDRESS_FIELDS.map((field) => ({
			displayName: field.displayName,
			name: field.name,
			type: 'string',
			default: '',
			...(field.placeholder ? { placeholder: field.placeholder } : {}),
			description: field.description ?? `Sent as ${field.apiKey}`,
		})),
	};
}

/** The filled address fields with the API's names; undefined when none is filled. */
export function readAddress(read: FieldReader, parameter: string, label: string): IDataObject | undefined {
	const values = read.raw(parameter, {}) as IDataObject;
	const address: IDataObject = {};
	for (const field of ADDRESS_FIELDS) {
		const value = values[field.name];
		if (value === undefined || value === null || String(value).trim() === '') continue;
		const text = String(value).trim();
		if ((field.apiKey === 'latitud' || field.apiKey === 'longitud') && !/^-?\d+(\.\d+)?$/.test(text)) {
			read.fail(`${label}: ${field.displayName}`, `must be a decimal number, got "${text.slice(0, 30)}"`);
		}
		if (field.apiKey === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
			read.fail(`${label}: ${field.displayName}`, `is not an email address ("${text.slice(0, 40)}")`);
		}
		address[field.apiKey] = text;
	}
	return Object.keys(address).length ? address : undefined;
}
