import { DEMO } from '../demo';
import type { InfoAlmacen, Producto, Promocion } from '../schemas/productos';
import { ponerParte } from '../store/ensambles';
import { infoAlmacen } from '../store/precios';
import type { Store } from '../store/store';
import { roundNumber } from '../util/decimal';
import { LINEAS, PLACEHOLDERS, unidadMedida } from './catalogos';
import { ean13 } from './identity';
import { Random } from './random';
import { satUpper } from './vocabulary';

/** A hardware store's products; product 1 is DEMO.producto, the newest 4 % have no warehouse info yet. */
export function seedProductos(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'productos');
	for (let id = 1; id <= count; id++) {
		const linea = id <= 2 ? LINEAS[0] : random.pick(LINEAS);
		const producto = nuevoProducto(store, random, id, linea, id > count * 0.96 && id > 2);
		if (id === 1) aplicarDemo(store, producto);
		store.productos.push(producto);
		store.codigosProveedor.set(`PV-${producto.codigo_origen}`, producto.id);
	}
	seedEnsambles(store, random);
}

function fill(random: Random, template: string): string {
	return template.replace(/\{(\w+)\}/g, (_, key: string) => random.pick(PLACEHOLDERS[key] ?? ['']));
}

function nuevoProducto(store: Store, random: Random, id: number, linea: (typeof LINEAS)[number], sinAlmacenes: boolean): Producto {
	const subIndex = random.int(0, linea.sublineas.length - 1);
	const sub = linea.sublineas[subIndex];
	const sublinea = store.sublineas.find((s) => s.linea === linea.id && s.nombre === sub.nombre)!;
	const subsublineas = store.subsublineas.filter((s) => s.sublinea === sublinea.id);
	const subsublinea = random.pick(subsublineas);
	const marca = random.pick(linea.marcas);
	const codigo = `${linea.prefijo}-${String(id).padStart(5, '0')}`;
	const descripcion = fill(random, random.pick(sub.plantillas));
	const medio = random.weighted([[1, 3], [2, 1], [3, 3]] as const);
	const costo = roundNumber(linea.costo[0] + random.next() * (linea.costo[1] - linea.costo[0]));
	const precio = Math.round(costo * (1.3 + random.next() * 0.5) * 2) / 2;
	const um = unidadMedida(sub.unidad);
	const porPieza = ['PZA', 'CAJA', 'PAQ', 'JGO'].includes(um.nombre);
	const unidadId = store.nextSequence('unidadProducto');
	const producto: Producto = {
		id,
		codigo,
		codigo_origen: `${satUpper(marca).slice(0, 3)}-${random.int(10000, 99999)}`,
		medio_distribucion: medio,
		descripcion,
		ce_fraccion_arancelaria: random.chance(0.3) ? random.pick(['82052001', '85444999', '39172399', '32091001']) : '',
		descripcion_ingles: '',
		descripcion_ecommerce: medio === 1 ? '' : `<p>${descripcion}. Marca <strong>${marca}</strong>.</p>`,
		tipo: 1,
		clave_prod_serv: linea.claveProdServ,
		linea: linea.id,
		sublinea: sublinea.id,
		subsublinea: subsublinea.id,
		info_almacenes: sinAlmacenes ? [] : infoAlmacenes(store, random, precio, costo, porPieza),
		composiciones: [],
		descripcion_adicional: random.chance(0.15) ? 'Garantía de 1 año con el fabricante' : '',
		unidad_aduana: '',
		imagen_url: random.chance(0.7)
			? `https://storage.googleapis.com/admintotal-media/sandbox/documentos/${codigo.toLowerCase()}.jpg`
			: '',
		costo_ensamble: 0,
		costo,
		marca,
		porcentaje_iva: 16,
		porcentaje_ieps: 0,
		restringir_decimales: porPieza,
		precio,
		precio_neto: roundNumber(precio * 1.16),
		moneda: 'MXN',
		unidad: {
			id: unidadId,
			factor: '1.000000',
			seleccionado: true,
			seleccionado_compra: true,
			codigo_barras: ean13(random),
			base: `${random.int(2, 60)}.0000`,
			altura: `${random.int(2, 60)}.0000`,
			profundidad: `${random.int(1, 30)}.0000`,
			peso: `${(random.int(5, 4000) / 1000).toFixed(4)}`,
			nombre: um.nombre,
		},
		unidades: [{ id: unidadId, factor: 1, nombre: um.nombre }],
		activo: random.chance(0.92),
		habilitar_webhook: random.chance(0.2),
		tipo_producto_sistema_cardonal: null,
	};
	if (um.nombre === 'PZA' && random.chance(0.3)) {
		producto.unidades.push({ id: store.nextSequence('unidadProducto'), factor: random.pick([6, 10, 12, 24]), nombre: 'CAJA' });
	}
	return producto;
}

function infoAlmacenes(store: Store, random: Random, precio: number, costo: number, porPieza: boolean): InfoAlmacen[] {
	return store.almacenes
		.filter((almacen) => almacen.id === 1 || random.chance(0.85))
		.map((almacen) => {
			const info = infoAlmacen(almacen, precio, 0, random.chance(0.15) ? 0 : porPieza ? random.int(1, 250) : random.int(10, 2500) / 10);
			if (almacen.id === 1 && random.chance(0.05)) info.promociones = [promocion(random, info.precio_unitario)];
			info.costo_reposicion = roundNumber(costo * (1 + random.next() * 0.05));
			return info;
		});
}

function promocion(random: Random, precio: number): Promocion {
	const porcentaje = random.pick([5, 10, 15]);
	const valor = roundNumber(precio * (1 - porcentaje / 100));
	return {
		cantidad: '1.0000',
		valor_unitario: valor.toFixed(4),
		precio_neto: (valor * 1.16).toFixed(4),
		inicio: '2026-01-01',
		vencimiento: '2026-12-31',
		cliente: '',
		porcentaje: porcentaje.toFixed(2),
		cliente_id: '',
		clasificacion: '',
		clasificacion_id: '',
		usa_porcentaje: true,
		restringir_unidad: false,
		nombre_unidad: 'PZA',
		factor: '1.000000',
	};
}

function aplicarDemo(store: Store, producto: Producto): void {
	const fixture = DEMO.producto;
	Object.assign(producto, {
		codigo: fixture.codigo,
		codigo_origen: fixture.codigoOrigen,
		descripcion: fixture.descripcion,
		medio_distribucion: 3,
		descripcion_ecommerce: `<p>${fixture.descripcion}. Marca <strong>Truper</strong>.</p>`,
		linea: fixture.linea,
		sublinea: fixture.sublinea,
		subsublinea: fixture.subsublinea,
		marca: 'Truper',
		costo: fixture.costo,
		precio: fixture.precio,
		precio_neto: roundNumber(fixture.precio * 1.16),
		activo: true,
		habilitar_webhook: fixture.habilitarWebhook,
		imagen_url: 'https://storage.googleapis.com/admintotal-media/sandbox/documentos/her-00001.jpg',
	});
	producto.unidad.nombre = 'PZA';
	producto.unidad.id = producto.unidades[0].id;
	producto.unidades = [
		{ id: producto.unidad.id, factor: 1, nombre: 'PZA' },
		{ id: store.nextSequence('unidadProducto'), factor: 6, nombre: 'CAJA' },
	];
	producto.info_almacenes = store.almacenes.map((almacen) => infoAlmacen(almacen, fixture.precio, fixture.costo, fixture.disponible[almacen.id]));
}

/** About 3 % of the products are kits of two or three earlier products. */
function seedEnsambles(store: Store, random: Random): void {
	for (const producto of store.productos) {
		if (producto.id < 10 || !random.chance(0.03)) continue;
		const anteriores = random.sample(store.productos, 8).filter((p) => p.id > 2 && p.id < producto.id);
		for (const parte of anteriores.slice(0, random.int(2, 3))) {
			const um = unidadMedida(parte.unidad.nombre as 'PZA');
			ponerParte(store, producto, { parte, cantidad: String(random.int(1, 4)), factor: '1', umId: um?.id ?? 1, umNombre: parte.unidad.nombre });
		}
	}
}
