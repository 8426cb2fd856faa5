import { bodyFrom } from '../shared/body';
import { route, showFor } from '../shared/descriptions';

const displayOptions = showFor('product', ['enableWebhooks']);

const buildCodes = bodyFrom((read) => ({ codigos: read.list('codes', 'Product Codes', { required: true }) }));

export const enableProductWebhooks = {
	option: {
		name: 'Enable Webhooks',
		value: 'enableWebhooks',
		action: 'Turn on Admintotal price and stock webhooks for products',
		description: 'Include products in the price and stock change webhooks',
		routing: route('POST', '/productos/habilitar_webhook/', buildCodes),
	},
	properties: [
		{
			displayName: 'Product Codes',
			name: 'codes',
			type: 'string' as const,
			default: '',
			required: true,
			placeholder: 'e.g. HER-00001, HER-00002',
			displayOptions,
			description: 'Codes separated by commas or new lines, or an array from an expression (codigos)',
		},
	],
};
