import { recordLocator, route, showFor, simplifyField } from '../shared/descriptions';
import { wholeNumberQueryField } from '../shared/filters';
import { SIMPLIFIED_PRODUCT, WAREHOUSE_FIELD } from './simplified';

const displayOptions = showFor('product', ['get']);

export const getProduct = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a product',
		description: 'Retrieve a product by its internal ID, with prices and stock of a warehouse if given',
		routing: route('GET'),
	},
	properties: [
		recordLocator({
			name: 'productId',
			displayName: 'Product',
			path: '/productos/{id}/',
			displayOptions,
			searchListMethod: 'searchProducts',
			description: "The product's internal ID, not its code: search the list by description, or filter Get Many by code",
		}),
		simplifyField(displayOptions, SIMPLIFIED_PRODUCT),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection' as const,
			placeholder: 'Add Option',
			default: {},
			displayOptions,
			options: [wholeNumberQueryField('options', WAREHOUSE_FIELD)],
		},
	],
};
