import type { Cliente, Direccion } from '../schemas/common';
import type { AnticipoCliente, ConsumoInterno, NotaCredito, NotaVenta, Pedido } from '../schemas/movimientos';
import type { ImagenOrdenServicio, OrdenServicio } from '../schemas/ordenesServicio';
import type { Ensamble, Producto } from '../schemas/productos';
import type { Prospecto } from '../schemas/prospectos';
import type { ListaNegra } from '../schemas/listaNegra';
import type { FormaPago } from '../schemas/catalogs';
import {
	ALMACENES,
	CAMPOS_PERSONALIZADOS_VENTA,
	CENTROS_RESPONSABILIDAD,
	CLASIFICACIONES_CLIENTE,
	UNIDADES_MEDIDA,
	arbolLineas,
} from '../seed/catalogos';
import { ReadOnlyStore } from '../resources/index';
import { roundNumber } from '../util/decimal';
import { infoAlmacen } from './precios';

/**
 * The tenant's live data, in the API's shapes and id order so tests can read or change it; what the API does not
 * show (passwords, supplier codes, client classifications) sits beside it.
 */

/** A client as stored: the embedded `cliente` object plus what only the server knows. */
export interface ClienteInterno extends Cliente {
	/** Client classification, whose discount prices use (`clasificacion_precios`). */
	clasificacion_id: number;
	/** Default payment form, used when an advance is created without one. */
	forma_pago: FormaPago | null;
	/** SAT tax regime, shown in work orders. */
	regimen_fiscal: string;
}

export interface Credencial {
	usuarioId: number;
	username: string;
	password: string;
	apiKey: string;
	nombre: string;
	activo: boolean;
}

/** What a sales-note create received that the sales-note shape does not show. */
export interface NotaVentaExtra {
	id_externo: string | null;
	clave_facturacion: string | null;
	campos_personalizados: { key: string; valor: string }[];
	numero_tarjeta: number | null;
	tipo_tarjeta: number | null;
	moneda: string | null;
	tipo_cambio: string | null;
}

/** The arrays of the read-only resources (`cuentasBancarias`, `cuentas`, `usuarios`, ...) come from their table. */
export class Store extends ReadOnlyStore {
	readonly almacenes = ALMACENES.map((a) => ({ ...a }));
	readonly clasificacionesClientes = CLASIFICACIONES_CLIENTE.map((c) => ({ ...c }));
	readonly centrosResponsabilidad = CENTROS_RESPONSABILIDAD.map((c) => ({ ...c }));
	readonly unidadesMedida = UNIDADES_MEDIDA.map((u) => ({ ...u }));
	readonly sublineas = arbolLineas().sublineas;
	readonly subsublineas = arbolLineas().subsublineas;
	readonly camposPersonalizadosVenta: string[] = [...CAMPOS_PERSONALIZADOS_VENTA];

	clientes: ClienteInterno[] = [];
	productos: Producto[] = [];
	/** Supplier code → product id, for `producto_codigo_proveedor` in document lines. */
	codigosProveedor = new Map<string, number>();
	/** Product id → its assembly (parts), edited by `editar_ensambles`. */
	ensambles = new Map<number, Ensamble[]>();
	notasCredito: NotaCredito[] = [];
	notasVenta: NotaVenta[] = [];
	notasVentaExtras = new Map<number, NotaVentaExtra>();
	pedidos: Pedido[] = [];
	consumoInterno: ConsumoInterno[] = [];
	anticiposClientes: AnticipoCliente[] = [];
	ordenesServicio: OrdenServicio[] = [];
	imagenesOrdenesServicio = new Map<number, ImagenOrdenServicio[]>();
	prospectos: Prospecto[] = [];
	direccionesProspectos = new Map<number, Direccion>();
	listaNegra: ListaNegra[] = [];
	credenciales: Credencial[] = [];

	private lastIds = new Map<string, number>();

	/** Next id of a sequence (`'direccion'`, `'linea'`, ...) shared by several resources. */
	nextSequence(name: string): number {
		const next = (this.lastIds.get(name) ?? 0) + 1;
		this.lastIds.set(name, next);
		return next;
	}

	/** Next id of a collection: one more than the largest, as a database sequence would give. */
	nextId(records: readonly { id: number }[]): number {
		let max = 0;
		for (const record of records) if (record.id > max) max = record.id;
		return max + 1;
	}

	byId<T extends { id: number }>(records: readonly T[], id: number): T | undefined {
		return records.find((r) => r.id === id);
	}

	/** A product by id or by `codigo`. */
	producto(ref: number | string): Producto | undefined {
		return typeof ref === 'number' ? this.byId(this.productos, ref) : this.productos.find((p) => p.codigo === ref);
	}

	productoPorCodigoProveedor(codigo: string): Producto | undefined {
		const productId = this.codigosProveedor.get(codigo);
		return productId === undefined ? undefined : this.producto(productId);
	}

	cliente(id: number): ClienteInterno | undefined {
		return this.byId(this.clientes, id);
	}

	clientePorRfc(rfc: string): ClienteInterno | undefined {
		const wanted = rfc.trim().toUpperCase();
		return this.clientes.find((c) => c.rfc === wanted);
	}

	clientePorCodigo(codigo: string): ClienteInterno | undefined {
		return this.clientes.find((c) => c.codigo === codigo.trim());
	}

	almacen(id: number) {
		return this.almacenes.find((a) => a.id === id);
	}

	// ---- Mutations for tests of the price/stock webhook ("only what changed" logic) ----

	private requireProducto(codigo: string): Producto {
		const producto = this.producto(codigo);
		if (!producto) throw new Error(`no product with codigo ${codigo}`);
		return producto;
	}

	/**
	 * Sets a sale price. With `almacen`, only that warehouse's price; without, the catalog
	 * price and every warehouse price with its warehouse adjustment.
	 */
	setPrecio(codigo: string, precio: number, almacenId?: number): Producto {
		const producto = this.requireProducto(codigo);
		const withIva = (value: number) => roundNumber(value * (1 + producto.porcentaje_iva / 100));
		for (const info of producto.info_almacenes) {
			if (almacenId !== undefined && info.almacen.id !== almacenId) continue;
			const ajuste = almacenId !== undefined ? 0 : (this.almacen(info.almacen.id)?.ajustePrecio ?? 0);
			info.precio_unitario = roundNumber(precio * (1 + ajuste / 100));
			info.precio_neto = withIva(info.precio_unitario);
		}
		if (almacenId === undefined) {
			producto.precio = roundNumber(precio);
			producto.precio_neto = withIva(producto.precio);
		}
		return producto;
	}

	setCosto(codigo: string, costo: number): Producto {
		const producto = this.requireProducto(codigo);
		producto.costo = roundNumber(costo);
		for (const info of producto.info_almacenes) info.costo_reposicion = roundNumber(costo);
		return producto;
	}

	/** Sets the available stock of a product in a warehouse, adding the warehouse if missing. */
	setExistencia(codigo: string, almacenId: number, disponible: number): Producto {
		const producto = this.requireProducto(codigo);
		const almacen = this.almacen(almacenId);
		if (!almacen) throw new Error(`no warehouse ${almacenId}`);
		let info = producto.info_almacenes.find((i) => i.almacen.id === almacenId);
		if (!info) {
			info = infoAlmacen(almacen, producto.precio, producto.costo, 0, producto.porcentaje_iva);
			producto.info_almacenes.push(info);
			producto.info_almacenes.sort((a, b) => a.almacen.id - b.almacen.id);
		}
		info.disponible = disponible;
		return producto;
	}

	/** Turns the price/stock webhook on or off for products; returns the codes not found. */
	habilitarWebhook(codigos: readonly string[], habilitar = true): { habilitados: string[]; noEncontrados: string[] } {
		const habilitados: string[] = [];
		const noEncontrados: string[] = [];
		for (const codigo of codigos) {
			const producto = this.producto(codigo);
			if (!producto) {
				noEncontrados.push(codigo);
				continue;
			}
			producto.habilitar_webhook = habilitar;
			habilitados.push(codigo);
		}
		return { habilitados, noEncontrados };
	}
}
