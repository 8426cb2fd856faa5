import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { admintotalResource } from '../shared/operation/node';
import { editProductAssemblies } from './editAssemblies.operation';
import { enableProductWebhooks } from './enableWebhooks.operation';
import { getProduct } from './get.operation';
import { getManyProducts } from './getAll.operation';
import { searchProducts } from './search';

export class AdmintotalProduct implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Product',
		name: 'admintotalProduct',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['input', 'output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read the product catalogue of an Admintotal tenant with prices and stock, edit assemblies and enable webhooks',
		defaults: { name: 'Admintotal Product' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...admintotalResource({ name: 'Product', value: 'product' }, [editProductAssemblies, enableProductWebhooks, getProduct, getManyProducts], 'getAll'),
	};

	methods = { listSearch: { searchProducts } };
}
