import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { amountFilter, catalogField, collection, listField, textField, wholeNumberFilter } from '../shared/fields/field';
import { wholeNumber } from '../shared/fields/grammars';
import { labelText } from '../shared/records';
import { PRODUCTS_PATH } from '../shared/products';
import { defineResource } from '../shared/resource';
import { DISTRIBUTION_MEDIUM } from './catalogs';
import { editProductAssemblies } from './editAssemblies.operation';
import { enableProductWebhooks } from './enableWebhooks.operation';

/** `almacen` means the same on Get and Get Many: the warehouse whose prices and stock are shown. */
const warehouseFilter = wholeNumberFilter({ name: 'warehouseId', displayName: 'Warehouse ID', apiName: 'almacen', description: 'Warehouse whose prices and stock are returned (almacen). Without it the catalogue sale price is used and the stock field (existencia) is left out.' });

export const products = defineResource({
	noun: 'Product',
	record: 'product',
	records: 'products',
	description: 'Read the product catalogue of an Admintotal tenant with prices and stock, edit assemblies and enable webhooks',
	path: PRODUCTS_PATH,
	label: (product) => [labelText(product.codigo), labelText(product.descripcion)].filter(Boolean).join(' · '),
	searchParam: 'q',
	// What a shop integration needs to list and sell a product.
	simplify: { id: true, codigo: true, descripcion: true, precio: true, precio_neto: true, existencia: true, moneda: true, linea: true, sublinea: true, medio_distribucion: true, imagen_url: true },
	get: {
		description: 'Retrieve a product by its internal ID, with prices and stock of a warehouse if given',
		idDescription: "The product's internal ID, not its code: search the list by description, or filter Get Many by code",
		fields: [collection({ displayName: 'Options', name: 'options', placeholder: 'Add Option' }, [warehouseFilter])],
	},
	getMany: {
		description: 'Retrieve a list of products, filtered by description, code, line, price or distribution medium',
		fields: [
			collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
				textField({ name: 'code', displayName: 'Code', apiName: 'codigo', description: 'Only the product with exactly this code (codigo)', placeholder: 'e.g. 02537' }),
				listField({ name: 'codes', displayName: 'Codes', apiName: 'codigos', description: 'Only products with one of these codes, separated by commas (codigos)', placeholder: 'e.g. 02537, 02538, A-100' }),
				textField({ name: 'descriptionContains', displayName: 'Description Contains', apiName: 'q', description: 'Only products whose description contains this text (q)', placeholder: 'e.g. tornillo' }),
				catalogField(
					{ name: 'distributionMedium', displayName: 'Distribution Medium', apiName: 'medio_distribucion', description: 'Only products sold through this channel (medio_distribucion)' },
					DISTRIBUTION_MEDIUM,
				),
				wholeNumberFilter({ name: 'lineId', displayName: 'Line ID', apiName: 'linea', description: 'Only products of this product line (linea)' }),
				amountFilter({ name: 'maxPrice', displayName: 'Max Price', apiName: 'precio_max', description: 'Only products priced at most this much (precio_max)' }),
				amountFilter({ name: 'minPrice', displayName: 'Min Price', apiName: 'precio_min', description: 'Only products priced at least this much (precio_min)' }),
				textField({ name: 'originCode', displayName: 'Origin Code', apiName: 'codigo_origen', description: 'Only products with this origin code (codigo_origen)' }),
				wholeNumberFilter({ name: 'subSublineId', displayName: 'Sub-Subline ID', apiName: 'subsublinea', description: 'Only products of this sub-subline (subsublinea)' }),
				wholeNumberFilter({ name: 'sublineId', displayName: 'Subline ID', apiName: 'sublinea', description: 'Only products of this subline (sublinea)' }),
			]),
			collection({ displayName: 'Options', name: 'options', placeholder: 'Add Option' }, [
				listField({ name: 'excludeFields', displayName: 'Fields to Exclude', apiName: 'excluir', description: 'Fields the API leaves out of each product, separated by commas, to make large catalogues lighter (excluir)', placeholder: 'e.g. info_almacenes, composiciones, descripcion_ecommerce' }),
				wholeNumberFilter({ name: 'priceClassificationId', displayName: 'Price Classification ID', apiName: 'clasificacion_precios', description: 'Client classification whose price list applies (clasificacion_precios)' }),
				listField({ name: 'stockWarehouseIds', displayName: 'Stock Warehouse IDs', apiName: 'almacenes_existencias', description: 'Warehouses whose stock is added up in the stock field, separated by commas (almacenes_existencias)', placeholder: 'e.g. 1, 3' }, wholeNumber),
				warehouseFilter,
			]),
		],
	},
	operations: [editProductAssemblies, enableProductWebhooks],
});

export class AdmintotalProduct implements INodeType {
	description: INodeTypeDescription = {
		...products.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = products.methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await products.run(this);
	}
}
