import { DISTRIBUTION_MEDIUM, catalogOptions } from '../shared/catalogs';
import { returnAllAndLimit, route, showFor, simplifyField } from '../shared/descriptions';
import {
	amountQueryField,
	listQueryField,
	optionsQueryField,
	textQueryField,
	wholeNumberQueryField,
} from '../shared/filters';
import { SIMPLIFIED_PRODUCT, WAREHOUSE_FIELD } from './simplified';

const displayOptions = showFor('product', ['getAll']);

export const getManyProducts = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many products',
		description: 'Retrieve a list of products, filtered by description, code, line, price or distribution medium',
		routing: route('GET', '/productos/'),
	},
	properties: [
		...returnAllAndLimit(displayOptions),
		simplifyField(displayOptions, SIMPLIFIED_PRODUCT),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection' as const,
			placeholder: 'Add Filter',
			default: {},
			displayOptions,
			options: [
				textQueryField('filters', {
					name: 'code',
					displayName: 'Code',
					property: 'codigo',
					description: 'Only the product with exactly this code (codigo)',
					placeholder: 'e.g. 02537',
				}),
				listQueryField('filters', {
					name: 'codes',
					displayName: 'Codes',
					property: 'codigos',
					description: 'Only products with one of these codes, separated by commas (codigos)',
					placeholder: 'e.g. 02537, 02538, A-100',
				}),
				textQueryField('filters', {
					name: 'descriptionContains',
					displayName: 'Description Contains',
					property: 'q',
					description: 'Only products whose description contains this text (q)',
					placeholder: 'e.g. tornillo',
				}),
				optionsQueryField(
					'filters',
					{
						name: 'distributionMedium',
						displayName: 'Distribution Medium',
						property: 'medio_distribucion',
						description: 'Only products sold through this channel (medio_distribucion)',
					},
					catalogOptions(DISTRIBUTION_MEDIUM),
				),
				wholeNumberQueryField('filters', {
					name: 'lineId',
					displayName: 'Line ID',
					property: 'linea',
					description: 'Only products of this product line (linea)',
				}),
				amountQueryField('filters', {
					name: 'maxPrice',
					displayName: 'Max Price',
					property: 'precio_max',
					description: 'Only products priced at most this much (precio_max)',
				}),
				amountQueryField('filters', {
					name: 'minPrice',
					displayName: 'Min Price',
					property: 'precio_min',
					description: 'Only products priced at least this much (precio_min)',
				}),
				textQueryField('filters', {
					name: 'originCode',
					displayName: 'Origin Code',
					property: 'codigo_origen',
					description: 'Only products with this origin code (codigo_origen)',
				}),
				wholeNumberQueryField('filters', {
					name: 'subSublineId',
					displayName: 'Sub-Subline ID',
					property: 'subsublinea',
					description: 'Only products of this sub-subline (subsublinea)',
				}),
				wholeNumberQueryField('filters', {
					name: 'sublineId',
					displayName: 'Subline ID',
					property: 'sublinea',
					description: 'Only products of this subline (sublinea)',
				}),
			],
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection' as const,
			placeholder: 'Add Option',
			default: {},
			displayOptions,
			options: [
				listQueryField('options', {
					name: 'excludeFields',
					displayName: 'Fields to Exclude',
					property: 'excluir',
					description: 'Fields the API leaves out of each product, separated by commas, to make large catalogues lighter (excluir)',
					placeholder: 'e.g. info_almacenes, composiciones, descripcion_ecommerce',
				}),
				wholeNumberQueryField('options', {
					name: 'priceClassificationId',
					displayName: 'Price Classification ID',
					property: 'clasificacion_precios',
					description: 'Client classification whose price list applies (clasificacion_precios)',
				}),
				listQueryField(
					'options',
					{
						name: 'stockWarehouseIds',
						displayName: 'Stock Warehouse IDs',
						property: 'almacenes_existencias',
						description: 'Warehouses whose stock is added up in the stock field, separated by commas (almacenes_existencias)',
						placeholder: 'e.g. 1, 3',
					},
					{ wholeNumbers: true },
				),
				wholeNumberQueryField('options', WAREHOUSE_FIELD),
			],
		},
	],
};
