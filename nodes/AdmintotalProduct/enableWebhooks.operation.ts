import { listField } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';
import { ENABLE_WEBHOOKS_PATH } from '../shared/products';

export const enableProductWebhooks = defineOperation({
	value: 'enableWebhooks',
	name: 'Enable Webhooks',
	action: 'Turn on Admintotal price and stock webhooks for products',
	description: 'Include products in the price and stock change webhooks',
	kind: 'write',
	method: 'POST',
	path: ENABLE_WEBHOOKS_PATH,
	fields: [
		listField({ displayName: 'Product Codes', name: 'codes', apiName: 'codigos', required: true, placeholder: 'e.g. HER-00001, HER-00002', description: 'Codes separated by commas or new lines, or an array from an expression (codigos)' }),
	],
});
