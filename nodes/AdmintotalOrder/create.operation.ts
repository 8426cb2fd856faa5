import type { INodeProperties } from 'n8n-workflow';

import { addressProperty, readAddress } from '../shared/address';
import { bodyFrom, compact } from '../shared/body';
import { clientProperties, readClient } from '../shared/client';
import { route, showFor } from '../shared/descriptions';
import { lineProperties, readLines } from '../shared/lines';
import { warehouseProperty } from '../shared/writeFields';

const displayOptions = showFor('order', ['create']);
const CLIENT_FIELDS = { id: 'id_cliente', rfc: 'rfc_cliente', code: 'codigo_cliente' };

const buildOrder = bodyFrom((read) => {
	// The spec does not show the contact's shape; name, phone and email are what a shop order carries.
	const contact = compact({
		nombre: read.text('contact.name', 'Contact: Name'),
		telefono: read.text('contact.phone', 'Contact: Phone'),
		email: read.text('contact.email', 'Contact: Email'),
	});
	if (typeof contact.email === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.email)) {
		read.fail('Contact: Email', `is not an email address ("${contact.email.slice(0, 40)}")`);
	}
	return {
		...readClient(read, CLIENT_FIELDS),
		detalles: readLines(read, { priced: true }),
		contacto: Object.keys(contact).length ? contact : undefined,
		direccion_entrega: readAddress(read, 'deliveryAddress', 'Delivery Address'),
		fecha: read.date('additionalFields.date', 'Date'),
		almacen: read.wholeNumber('additionalFields.warehouse', 'Warehouse ID'),
		comentarios: read.text('additionalFields.comments', 'Comments'),
	};
});

const contact: INodeProperties = {
	displayName: 'Contact',
	name: 'contact',
	type: 'collection',
	placeholder: 'Add Contact Field',
	default: {},
	displayOptions,
	description: 'Who to contact about the order (contacto)',
	options: [
		{ displayName: 'Email', name: 'email', type: 'string', default: '', placeholder: 'e.g. name@email.com', description: 'Sent as contacto.email' },
		{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Sent as contacto.nombre' },
		{ displayName: 'Phone', name: 'phone', type: 'string', default: '', description: 'Sent as contacto.telefono' },
	],
};

const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	displayOptions,
	options: [
		{ displayName: 'Comments', name: 'comments', type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Sent as comentarios' },
		{ displayName: 'Date', name: 'date', type: 'dateTime', default: '', description: 'Date of the order, sent as YYYY-MM-DD (fecha)' },
		warehouseProperty(),
	],
};

export const createOrder = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create an order',
		description: 'Create a new order',
		routing: route('POST', '/movimientos/pedidos/', buildOrder),
	},
	properties: [
		...clientProperties(displayOptions, CLIENT_FIELDS),
		...lineProperties(displayOptions, { priced: true }),
		contact,
		addressProperty('deliveryAddress', 'Delivery Address', 'direccion_entrega', displayOptions),
		additionalFields,
	],
};
