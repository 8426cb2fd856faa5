import type { QueryField } from '../shared/filters';
import type { SimplifiedShape } from '../shared/descriptions';

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
export const WAREHOUSE_FIELD: QueryField = {
	name: 'warehouseId',
	displayName: 'Warehouse ID',
	property: 'almacen',
	description:
		'Warehouse whose prices and stock are returned (almacen). Without it the catalogue sale price is used and the stock field (existencia) is left out.',
};
