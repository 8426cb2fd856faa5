import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { EMPTY_IDS_SINCE } from '../shared/fields/field';
import { defineResource } from '../shared/resource';
import { ORDERS_PATH, SIMPLIFIED_SALES_DOCUMENT, salesDocumentFilters } from '../shared/salesDocuments';
import { createOrder } from './create.operation';

export const orders = defineResource({
	noun: 'Order',
	record: 'order',
	records: 'orders',
	description: 'Create and read the customer orders (pedidos) of an Admintotal tenant',
	path: ORDERS_PATH,
	simplify: SIMPLIFIED_SALES_DOCUMENT,
	getMany: {
		description: 'Retrieve a list of orders, optionally filtered by client, date, folio, series or cancellation',
		fields: [salesDocumentFilters('orders')],
	},
	operations: [createOrder],
	emptyIdsSince: EMPTY_IDS_SINCE,
});

export class AdmintotalOrder implements INodeType {
	description: INodeTypeDescription = {
		...orders.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = orders.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await orders.run(this);
	}
}
