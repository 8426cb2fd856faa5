import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { admintotalNode } from '../shared/operation/node';
import { editProductAssemblies } from './editAssemblies.operation';
import { enableProductWebhooks } from './enableWebhooks.operation';
import { getProduct } from './get.operation';
import { getManyProducts } from './getAll.operation';
import { searchProducts } from './search';

export class AdmintotalProduct implements INodeType {
	description: INodeTypeDescription = {
		...admintotalNode({
			noun: 'Product',
			description: 'Read the product catalogue of an Admintotal tenant with prices and stock, edit assemblies and enable webhooks',
			resource: { name: 'Product', value: 'product' },
			operations: [editProductAssemblies, enableProductWebhooks, getProduct, getManyProducts],
			defaultOperation: 'getAll',
		}),
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = { listSearch: { searchProducts } };
}
