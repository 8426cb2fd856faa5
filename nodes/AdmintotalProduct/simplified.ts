import { wholeNumberFilter } from '../shared/fields/field';
import type { SimplifiedShape } from '../shared/operation/simplify';

/** What Simplify keeps of a product: what a shop integration needs to list and sell it. */
export const SIMPLIFIED_PRODUCT: SimplifiedShape = {
	id: true,
	codigo: true,
	descripcion: true,
	precio: true,
	precio_neto: true,
	existencia: true,
	moneda: true,
	linea: true,
	sublinea: true,
	medio_distribucion: true,
	imagen_url: true,
};

/** `almacen` means the same on Get and Get Many: the warehouse whose prices and stock are shown. */
export const warehouseFilter = wholeNumberFilter({
	name: 'warehouseId',
	displayName: 'Warehouse ID',
	apiName: 'almacen',
	description:
		'Warehouse whose prices and stock are returned (almacen). Without it the catalogue sale price is used and the stock field (existencia) is left out.',
});
