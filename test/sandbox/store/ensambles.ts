import type { Ensamble, Producto } from '../schemas/productos';
import { decimal, formatDecimal, multiply, sum, toNumber } from '../util/decimal';
import type { Store } from './store';

/** Assemblies (kits): the product shows its parts in `composiciones` and their cost in `costo_ensamble`. */

type ParteEnsamble = { parte: Producto; cantidad: string; factor: string; umId: number; umNombre: string };

/** Adds a part or, when the part is already in the assembly, replaces its line. */
export function ponerParte(store: Store, producto: Producto, parte: ParteEnsamble): void {
	const ensambles = store.ensambles.get(producto.id) ?? [];
	const linea: Ensamble = {
		id: ensambles.find((e) => e.producto_id === parte.parte.id)?.id ?? store.nextSequence('ensamble'),
		producto_id: parte.parte.id,
		codigo: parte.parte.codigo,
		descripcion: parte.parte.descripcion,
		cantidad: formatDecimal(decimal(parte.cantidad), 6),
		factor: formatDecimal(decimal(parte.factor), 6),
		um_id: parte.umId,
		um_nombre: parte.umNombre,
	};
	const index = ensambles.findIndex((e) => e.producto_id === linea.producto_id);
	if (index >= 0) ensambles[index] = linea;
	else ensambles.push(linea);
	store.ensambles.set(producto.id, ensambles);
	reflejarEnProducto(store, producto);
}

/** Keeps `composiciones` and `costo_ensamble` of the product in step with its assembly. */
function reflejarEnProducto(store: Store, producto: Producto): void {
	const ensambles = store.ensambles.get(producto.id) ?? [];
	producto.composiciones = ensambles.map((e) => ({ id: e.id, codigo: e.codigo, parte__descripcion: e.descripcion }));
	const costos = ensambles.map((e) => {
		const parte = store.producto(e.producto_id);
		return multiply(multiply(decimal(e.cantidad), decimal(e.factor)), decimal(parte?.costo ?? 0));
	});
	producto.costo_ensamble = toNumber(sum(costos), 2);
}
