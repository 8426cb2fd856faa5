import { ApiError, ValidationErrors, validateBody } from '../drf/errors';
import * as f from '../drf/fields';
import { M } from '../drf/messages';
import type { QueryParams } from '../drf/queryParams';
import { MEDIO_DISTRIBUCION, keysOf } from '../schemas/catalogs';
import type { Producto } from '../schemas/productos';
import { ensambleInputSchema, habilitarWebhookInputSchema, type EnsambleInput } from '../schemas/requests';
import type { ClasificacionCliente } from '../seed/catalogos';
import { readBody } from '../server/bodyParsing';
import { ponerParte } from '../store/ensambles';
import { conPreciosDeClasificacion, existencia, precioNeto, precioVenta, type VistaPrecio } from '../store/precios';
import type { Store } from '../store/store';
import { findOr404, idParam, page, queryOf, type RouteContext } from './context';

/**
 * Products: the list with its 14 query parameters, the detail, assemblies and the webhook switch. What a request sees
 * depends on `almacen`, `almacenes_existencias` (stock summed), `clasificacion_precios` (discount) and `excluir`.
 */

type VistaProducto = VistaPrecio & { almacenesExistencias?: number[]; excluir?: string[] };

/** The product as this request sees it. `existencia` only when a warehouse was named. */
function renderProducto(producto: Producto, vista: VistaProducto): Record<string, unknown> {
	const visto: Record<string, unknown> & Producto = conPreciosDeClasificacion(producto, vista.clasificacion);
	visto.unidad = { ...producto.unidad };
	visto.unidades = producto.unidades.map((u) => ({ ...u }));
	visto.composiciones = producto.composiciones.map((c) => ({ ...c }));
	if (vista.almacen !== undefined) {
		visto.precio = precioVenta(producto, vista);
		visto.precio_neto = precioNeto(producto, vista);
	}
	const almacenesStock = vista.almacenesExistencias ?? (vista.almacen !== undefined ? [vista.almacen] : undefined);
	if (almacenesStock) visto.existencia = existencia(producto, almacenesStock);
	for (const campo of vista.excluir ?? []) delete visto[campo];
	return visto;
}

/** `almacen` must name a warehouse; `clasificacion_precios` a client classification. */
function leerVista(store: Store, query: QueryParams, conListado: boolean): VistaProducto {
	const almacen = query.integer('almacen');
	if (almacen !== undefined && !store.almacen(almacen)) query.fail('almacen', M.filterModelChoice);
	if (!conListado) return { almacen };
	const clasificacionId = query.string('clasificacion_precios');
	let clasificacion: ClasificacionCliente | undefined;
	if (clasificacionId !== undefined) {
		clasificacion = /^\d+$/.test(clasificacionId) ? store.clasificacionesClientes.find((c) => c.id === Number(clasificacionId)) : undefined;
		if (!clasificacion) query.fail('clasificacion_precios', M.filterModelChoice);
	}
	return { almacen, almacenesExistencias: query.integerList('almacenes_existencias'), clasificacion, excluir: query.list('excluir') };
}

export function registerProductos(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/productos/', (request) => {
		const query = queryOf(request);
		const vista = leerVista(store, query, true);
		const q = query.string('q')?.toLowerCase();
		const linea = query.integer('linea');
		const sublinea = query.integer('sublinea');
		const subsublinea = query.integer('subsublinea');
		const precioMax = query.number('precio_max');
		const precioMin = query.number('precio_min');
		const codigo = query.string('codigo');
		const codigos = query.list('codigos');
		const codigoOrigen = query.string('codigo_origen');
		const medio = query.choice('medio_distribucion', keysOf(MEDIO_DISTRIBUCION));
		const activo = query.boolean('activo');
		query.throwIfInvalid();
		const exactos = Object.entries({ linea, sublinea, subsublinea, codigo, codigo_origen: codigoOrigen, medio_distribucion: medio, activo });
		const wanted = codigos ? new Set(codigos) : undefined;
		const productos = store.productos.filter((p) => {
			if (q !== undefined && !p.descripcion.toLowerCase().includes(q)) return false;
			if (exactos.some(([campo, valor]) => valor !== undefined && p[campo as keyof Producto] !== valor)) return false;
			if (wanted && !wanted.has(p.codigo)) return false;
			if (precioMax !== undefined || precioMin !== undefined) {
				const precio = precioVenta(p, vista);
				if (precioMax !== undefined && precio > precioMax) return false;
				if (precioMin !== undefined && precio < precioMin) return false;
			}
			return true;
		});
		const envelope = page(context, request, productos);
		return { ...envelope, results: envelope.results.map((p) => renderProducto(p, vista)) };
	});

	routes.get('/productos/:id/', (request) => {
		const producto = findOr404(store.productos, idParam(request));
		const query = queryOf(request);
		const vista = leerVista(store, query, false);
		query.throwIfInvalid();
		return renderProducto(producto, vista);
	});

	routes.post('/productos/:id/editar_ensambles/', (request) => {
		const producto = findOr404(store.productos, idParam(request));
		const partes = validarEnsambles(readBody(request));
		const errors = new ValidationErrors(partes.cuerpo);
		const resueltas = partes.lineas.map((linea, i) => resolverParte(store, producto, linea, partes.ruta(i), errors));
		if (!errors.empty) throw new ApiError(400, partes.errores(errors));
		for (const parte of resueltas) ponerParte(store, producto, parte!);
		return {
			id: producto.id,
			codigo: producto.codigo,
			costo_ensamble: producto.costo_ensamble,
			ensambles: (store.ensambles.get(producto.id) ?? []).map((e) => ({ ...e })),
		};
	});

	routes.post('/productos/habilitar_webhook/', (request) => {
		const body = validateBody(habilitarWebhookInputSchema, readBody(request));
		const { habilitados, noEncontrados } = store.habilitarWebhook(body.codigos);
		return { ok: true, habilitados, no_encontrados: noEncontrados };
	});
}

/** editar_ensambles takes one line or a list, validated as DRF's `many=True`: errors as a list, one entry per line. */
function validarEnsambles(body: unknown) {
	if (Array.isArray(body)) {
		if (body.length === 0) throw new ApiError(400, { non_field_errors: [M.emptyList] });
		const cuerpo = { lineas: body };
		const parsed = f.list(ensambleInputSchema).safeParse(body);
		if (!parsed.success) {
			const errors = new ValidationErrors(cuerpo);
			for (const issue of parsed.error.issues) errors.add(['lineas', ...issue.path], issue.message);
			throw new ApiError(400, listaDeErrores(errors));
		}
		return {
			cuerpo,
			lineas: parsed.data as EnsambleInput[],
			ruta: (i: number) => ['lineas', i],
			errores: listaDeErrores,
		};
	}
	const linea = validateBody(ensambleInputSchema, body);
	return { cuerpo: linea, lineas: [linea], ruta: () => [], errores: (e: ValidationErrors) => e.toJSON() };
}

function listaDeErrores(errors: ValidationErrors): unknown {
	const tree = errors.toJSON() as Record<string, unknown>;
	return tree.lineas ?? tree;
}

function resolverParte(store: Store, producto: Producto, linea: EnsambleInput, ruta: (string | number)[], errors: ValidationErrors) {
	const parte = store.producto(linea.producto_id);
	if (!parte) {
		errors.add([...ruta, 'producto_id'], M.pkNotFound(linea.producto_id));
		return undefined;
	}
	if (parte.id === producto.id) {
		errors.add([...ruta, 'producto_id'], 'Un producto no puede ser parte de su propio ensamble.');
		return undefined;
	}
	let um = store.unidadesMedida.find((u) => u.nombre === parte.unidad.nombre) ?? store.unidadesMedida[0];
	if (linea.um_id !== undefined) {
		const found = store.unidadesMedida.find((u) => u.id === linea.um_id);
		if (!found) errors.add([...ruta, 'um_id'], M.pkNotFound(linea.um_id));
		um = found ?? um;
	} else if (linea.um_nombre !== undefined) {
		const found = store.unidadesMedida.find((u) => u.nombre.toLowerCase() === linea.um_nombre!.toLowerCase());
		if (!found) errors.add([...ruta, 'um_nombre'], `No existe la unidad de medida "${linea.um_nombre}".`);
		um = found ?? um;
	}
	return { parte, cantidad: linea.cantidad, factor: linea.factor ?? '1', umId: um.id, umNombre: um.nombre };
}

