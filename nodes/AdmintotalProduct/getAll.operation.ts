import { amountFilter, catalogField, collection, listField, textField, wholeNumberFilter } from '../shared/fields/field';
import { wholeNumber } from '../shared/fields/grammars';
import { defineOperation } from '../shared/operation/define';
import { DISTRIBUTION_MEDIUM } from './catalogs';
import { SIMPLIFIED_PRODUCT, warehouseFilter } from './simplified';

export const getManyProducts = defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many products',
	description: 'Retrieve a list of products, filtered by description, code, line, price or distribution medium',
	kind: 'list',
	path: '/productos/',
	fields: [
		collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [
			textField({ name: 'code', displayName: 'Code', apiName: 'codigo', description: 'Only the product with exactly this code (codigo)', placeholder: 'e.g. 02537' }),
			listField({
				name: 'codes',
				displayName: 'Codes',
				apiName: 'codigos',
				description: 'Only products with one of these codes, separated by commas (codigos)',
				placeholder: 'e.g. 02537, 02538, A-100',
			}),
			textField({
				name: 'descriptionContains',
				displayName: 'Description Contains',
				apiName: 'q',
				description: 'Only products whose description contains this text (q)',
				placeholder: 'e.g. tornillo',
			}),
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
			listField({
				name: 'excludeFields',
				displayName: 'Fields to Exclude',
				apiName: 'excluir',
				description: 'Fields the API leaves out of each product, separated by commas, to make large catalogues lighter (excluir)',
				placeholder: 'e.g. info_almacenes, composiciones, descripcion_ecommerce',
			}),
			wholeNumberFilter({
				name: 'priceClassificationId',
				displayName: 'Price Classification ID',
				apiName: 'clasificacion_precios',
				description: 'Client classification whose price list applies (clasificacion_precios)',
			}),
			listField(
				{
					name: 'stockWarehouseIds',
					displayName: 'Stock Warehouse IDs',
					apiName: 'almacenes_existencias',
					description: 'Warehouses whose stock is added up in the stock field, separated by commas (almacenes_existencias)',
					placeholder: 'e.g. 1, 3',
				},
				wholeNumber,
			),
			warehouseFilter,
		]),
	],
	simplify: SIMPLIFIED_PRODUCT,
});
