import { addressField } from '../shared/fields/address';
import { clientField } from '../shared/fields/client';
import { commentsField, warehouseField } from '../shared/fields/writeFields';
import { collection, dateField, emailField, objectCollection, textField } from '../shared/fields/field';
import { linesField } from '../shared/fields/lines';
import { defineOperation } from '../shared/operation/define';

export const createOrder = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an order',
	description: 'Create a new order',
	kind: 'write',
	method: 'POST',
	fields: [
		clientField({ id: 'id_cliente', rfc: 'rfc_cliente', code: 'codigo_cliente' }),
		linesField({ priced: true }),
		// The spec does not show the contact's shape; name, phone and email are what a shop order carries.
		objectCollection({ displayName: 'Contact', name: 'contact', apiName: 'contacto', placeholder: 'Add Contact Field', description: 'Who to contact about the order (contacto)' }, [
			emailField({ displayName: 'Email', name: 'email', apiName: 'email', description: 'Sent as contacto.email' }),
			textField({ displayName: 'Name', name: 'name', apiName: 'nombre', description: 'Sent as contacto.nombre' }),
			textField({ displayName: 'Phone', name: 'phone', apiName: 'telefono', description: 'Sent as contacto.telefono' }),
		]),
		addressField('deliveryAddress', 'Delivery Address', 'direccion_entrega'),
		collection({ displayName: 'Additional Fields', name: 'additionalFields' }, [
			commentsField,
			dateField({ displayName: 'Date', name: 'date', apiName: 'fecha', description: 'Date of the order, sent as YYYY-MM-DD (fecha)' }),
			warehouseField,
		]),
	],
});
