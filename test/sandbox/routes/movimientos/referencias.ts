import type { ValidationErrors } from '../../drf/errors';
import { M } from '../../drf/messages';
import { PARTES_DIRECCION, type Direccion, type LineaDocumento, type ParteDireccion } from '../../schemas/common';
import type { Producto } from '../../schemas/productos';
import type { DireccionInput, LineaInput } from '../../schemas/requests';
import { lineaDocumento } from '../../store/documentos';
import type { ClienteInterno, Store } from '../../store/store';
import { decimal, formatDecimal } from '../../util/decimal';

/** Ids and codes of a create body turned into stored records, with DRF's errors at the field's path (as `validate()`). */

export function resolverAlmacen(store: Store, almacen: number | undefined, errors: ValidationErrors) {
	if (almacen === undefined) return store.almacenes[0];
	const found = store.almacen(almacen);
	if (!found) errors.add(['almacen'], M.pkNotFound(almacen));
	return found;
}

/** A client by the first given of several keys (id, RFC, code), each with its own field name. */
export function resolverCliente(
	store: Store,
	errors: ValidationErrors,
	claves: { id?: [string, number | undefined]; rfc?: [string, string | undefined]; codigo?: [string, string | undefined] },
): ClienteInterno | undefined {
	const { id, rfc, codigo } = claves;
	if (id?.[1] !== undefined) {
		const cliente = store.cliente(id[1]);
		if (!cliente) errors.add([id[0]], M.pkNotFound(id[1]));
		return cliente;
	}
	if (rfc?.[1] !== undefined) {
		const cliente = store.clientePorRfc(rfc[1]);
		if (!cliente) errors.add([rfc[0]], `No existe un cliente con el RFC "${rfc[1]}".`);
		return cliente;
	}
	if (codigo?.[1] !== undefined) {
		const cliente = store.clientePorCodigo(codigo[1]);
		if (!cliente) errors.add([codigo[0]], `No existe un cliente con el código "${codigo[1]}".`);
		return cliente;
	}
	const nombres = [id?.[0], rfc?.[0], codigo?.[0]].filter(Boolean).join(', ');
	errors.add([], `Indique el cliente con uno de: ${nombres}.`);
	return undefined;
}

const PRODUCT_KEYS = ['producto', 'producto_codigo', 'producto_codigo_proveedor'] as const;

/** The product of each line, by exactly one of producto / producto_codigo / producto_codigo_proveedor. */
export function resolverProductos(store: Store, detalles: readonly LineaInput[], errors: ValidationErrors): (Producto | undefined)[] {
	return detalles.map((linea, i) => {
		const given = PRODUCT_KEYS.filter((key) => linea[key] !== undefined);
		if (given.length !== 1) {
			errors.add(['detalles', i], given.length === 0
				? 'Indique el producto con uno de: producto, producto_codigo, producto_codigo_proveedor.'
				: 'Indique solo uno de: producto, producto_codigo, producto_codigo_proveedor.');
			return undefined;
		}
		let producto: Producto | undefined;
		if (linea.producto !== undefined) {
			producto = store.producto(linea.producto);
			if (!producto) errors.add(['detalles', i, 'producto'], M.pkNotFound(linea.producto));
		} else if (linea.producto_codigo !== undefined) {
			producto = store.producto(linea.producto_codigo);
			if (!producto) errors.add(['detalles', i, 'producto_codigo'], `No existe un producto con el código "${linea.producto_codigo}".`);
		} else if (linea.producto_codigo_proveedor !== undefined) {
			producto = store.productoPorCodigoProveedor(linea.producto_codigo_proveedor);
			if (!producto) {
				errors.add(['detalles', i, 'producto_codigo_proveedor'], `No existe un producto con el código de proveedor "${linea.producto_codigo_proveedor}".`);
			}
		}
		if (producto?.restringir_decimales && decimal(linea.cantidad) % decimal(1) !== 0n) {
			errors.add(['detalles', i, 'cantidad'], `El producto ${producto.codigo} no permite cantidades con decimales.`);
		}
		return producto;
	});
}

/** Document lines, priced with the given price or `precioPorOmision` of the product. */
export function construirLineas(
	store: Store,
	detalles: readonly LineaInput[],
	productos: readonly (Producto | undefined)[],
	precioPorOmision: (producto: Producto) => number,
	porcentajeIva?: number,
): LineaDocumento[] {
	return detalles.map((linea, i) => {
		const producto = productos[i] as Producto;
		return lineaDocumento(store, producto, linea.cantidad, linea.precio_unitario ?? precioPorOmision(producto), porcentajeIva);
	});
}

/** `campos_personalizados` keys must be custom fields defined for sales. */
export function validarCamposPersonalizados(store: Store, campos: readonly { key: string }[] | undefined, errors: ValidationErrors): void {
	campos?.forEach((campo, i) => {
		if (!store.camposPersonalizadosVenta.includes(campo.key)) {
			errors.add(['campos_personalizados', i, 'key'], `"${campo.key}" no es un campo personalizado de ventas.`);
		}
	});
}

/** A stored address from a request's address object; missing parts empty, as the API shows them. */
export function nuevaDireccion(store: Store, input: DireccionInput): Direccion {
	const coordinate = (value: string | null | undefined) => (value === undefined || value === null ? null : formatDecimal(decimal(value), 8));
	const partes = Object.fromEntries(PARTES_DIRECCION.map((parte) => [parte, input[parte] ?? ''])) as Record<ParteDireccion, string>;
	return {
		id: store.nextSequence('direccion'),
		...partes,
		pais_residencia: input.pais_residencia ?? 'MEX',
		latitud: coordinate(input.latitud),
		longitud: coordinate(input.longitud),
		referencia: input.referencia ?? null,
	};
}
