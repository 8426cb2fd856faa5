import type { Field } from './field';
import { decimalField, emailField, objectCollection, textField } from './field';

/** The spec's address object (`direccion`, `direccion_entrega`); latitude and longitude are decimal text. */
const ADDRESS_FIELDS: Field[] = [
	textField({ name: 'street', displayName: 'Street', apiName: 'calle', placeholder: 'e.g. Av. Juárez' }),
	textField({ name: 'exteriorNumber', displayName: 'Exterior Number', apiName: 'numero_e', placeholder: 'e.g. 120' }),
	textField({ name: 'interiorNumber', displayName: 'Interior Number', apiName: 'numero_i', placeholder: 'e.g. 3B' }),
	textField({ name: 'neighborhood', displayName: 'Neighborhood (Colonia)', apiName: 'colonia', placeholder: 'e.g. Centro' }),
	textField({ name: 'postalCode', displayName: 'Postal Code', apiName: 'cp', placeholder: 'e.g. 83000' }),
	textField({ name: 'locality', displayName: 'Locality', apiName: 'localidad' }),
	textField({ name: 'municipality', displayName: 'Municipality', apiName: 'municipio', placeholder: 'e.g. Hermosillo' }),
	textField({ name: 'state', displayName: 'State', apiName: 'estado', placeholder: 'e.g. Sonora' }),
	textField({ name: 'country', displayName: 'Country of Residence', apiName: 'pais_residencia', placeholder: 'e.g. MEX' }),
	textField({ name: 'phone', displayName: 'Phone', apiName: 'telefono' }),
	emailField({ name: 'email', displayName: 'Email', apiName: 'email' }),
	textField({ name: 'reference', displayName: 'Reference', apiName: 'referencia', description: 'Directions for the delivery person' }),
	decimalField({ name: 'latitude', displayName: 'Latitude', apiName: 'latitud', placeholder: 'e.g. 29.0729' }, { negative: true }),
	decimalField({ name: 'longitude', displayName: 'Longitude', apiName: 'longitud', placeholder: 'e.g. -110.9559' }, { negative: true }),
];

export function addressField(name: string, displayName: string, apiName: string): Field {
	return objectCollection({ name, displayName, apiName, placeholder: 'Add Address Field', description: `Sent as ${apiName}` }, ADDRESS_FIELDS);
}
