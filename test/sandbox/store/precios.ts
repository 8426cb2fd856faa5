import type { InfoAlmacen, Producto } from '../schemas/productos';
import { roundNumber } from '../util/decimal';
import type { ALMACENES, ClasificacionCliente } from '../seed/catalogos';

/**
 * Price and stock as a request sees them (list, detail, price/stock webhook): a warehouse's price or the catalog's,
 * less a client classification's discount; stock summed over some warehouses.
 */

/** A request's view of prices: `almacen` is the warehouse whose price applies (the catalog price without it). */
export type VistaPrecio = { almacen?: number; clasificacion?: ClasificacionCliente };

function conDescuento(precio: number, clasificacion: ClasificacionCliente | undefined): number {
	return clasificacion && clasificacion.descuento > 0 ? roundNumber(precio * (1 - clasificacion.descuento / 100)) : precio;
}

/** A warehouse's entry of a product: the price is the catalog's with the warehouse's adjustment; no promotions. */
export function infoAlmacen(almacen: (typeof ALMACENES)[number], precio: number, costo: number, disponible: number, iva = 16): InfoAlmacen {
	const precioUnitario = roundNumber(precio * (1 + almacen.ajustePrecio / 100));
	return {
		almacen: { id: almacen.id, nombre: almacen.nombre },
		disponible,
		promociones: [],
		precio_unitario: precioUnitario,
		costo_reposicion: costo,
		precio_neto: roundNumber(precioUnitario * (1 + iva / 100)),
	};
}

/** The sale price before taxes. A warehouse the product has no entry in falls back to the catalog. */
export function precioVenta(producto: Producto, vista: VistaPrecio): number {
	const enAlmacen = vista.almacen === undefined ? undefined : producto.info_almacenes.find((i) => i.almacen.id === vista.almacen);
	return conDescuento(enAlmacen?.precio_unitario ?? producto.precio, vista.clasificacion);
}

export function precioNeto(producto: Producto, vista: VistaPrecio): number {
	return roundNumber(precioVenta(producto, vista) * (1 + producto.porcentaje_iva / 100));
}

/** Available stock summed over the given warehouses (absent ones count 0). */
export function existencia(producto: Producto, almacenes: readonly number[]): number {
	let total = 0;
	for (const info of producto.info_almacenes) if (almacenes.includes(info.almacen.id)) total += info.disponible;
	return roundNumber(total, 4);
}

/** A copy of the product with the classification's discount applied to every price. */
export function conPreciosDeClasificacion(producto: Producto, clasificacion: ClasificacionCliente | undefined): Producto {
	const copia: Producto = { ...producto, info_almacenes: producto.info_almacenes.map((i) => ({ ...i })) };
	if (!clasificacion || clasificacion.descuento === 0) return copia;
	copia.precio = conDescuento(producto.precio, clasificacion);
	copia.precio_neto = roundNumber(copia.precio * (1 + producto.porcentaje_iva / 100));
	for (const info of copia.info_almacenes) {
		info.precio_unitario = conDescuento(info.precio_unitario, clasificacion);
		info.precio_neto = roundNumber(info.precio_unitario * (1 + producto.porcentaje_iva / 100));
	}
	return copia;
}
