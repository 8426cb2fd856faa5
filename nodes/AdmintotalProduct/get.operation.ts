import { collection } from '../shared/fields/field';
import { recordField } from '../shared/fields/record';
import { defineOperation } from '../shared/operation/define';
import { SIMPLIFIED_PRODUCT, warehouseFilter } from './simplified';

export const getProduct = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a product',
	description: 'Retrieve a product by its internal ID, with prices and stock of a warehouse if given',
	kind: 'read',
	path: '/productos/{productId}/',
	fields: [
		recordField({
			name: 'productId',
			displayName: 'Product',
			apiName: 'productId',
			searchListMethod: 'searchProducts',
			description: "The product's internal ID, not its code: search the list by description, or filter Get Many by code",
		}),
		collection({ displayName: 'Options', name: 'options', placeholder: 'Add Option' }, [warehouseFilter]),
	],
	simplify: SIMPLIFIED_PRODUCT,
});
