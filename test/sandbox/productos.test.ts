import { DEMO, editarEnsamblesResponseSchema, habilitarWebhookResponseSchema, productoSchema, startSandbox, type Sandbox } from './index';
import { call, walk } from './testing';

/** The 14 query parameters of the product list (plus activo), the detail, assemblies, webhooks. */
describe('sandbox products', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 200, max: 200 } });
	});
	afterAll(() => sandbox.close());

	const productos = () => sandbox.store.productos;
	const codes = (records: { codigo: string }[]) => records.map((r) => r.codigo);

	it('uses the catalog price and omits existencia without almacen', async () => {
		const [first] = (await call(sandbox, 'productos/?limit=1')).json.results;
		expect(first.precio).toBe(DEMO.producto.precio);
		expect(first).not.toHaveProperty('existencia');
		expect(typeof first.costo).toBe('number');
		expect(first.info_almacenes.map((i: { disponible: number }) => i.disponible)).toEqual([42, 15, 120]);
	});

	it('uses the price and stock of the warehouse named by almacen', async () => {
		const [first] = (await call(sandbox, 'productos/?codigo=HER-00001&almacen=2')).json.results;
		productoSchema.parse(first);
		expect(first.precio).toBe(195.19);
		expect(first.precio_neto).toBe(226.42);
		expect(first.existencia).toBe(DEMO.producto.disponible[2]);
		const detail = (await call(sandbox, `productos/${DEMO.producto.id}/?almacen=3`)).json;
		expect(detail.precio).toBe(185.71);
		expect(detail.existencia).toBe(DEMO.producto.disponible[3]);
		expect((await call(sandbox, 'productos/?almacen=9')).status).toBe(400);
	});

	it('sums the stock of almacenes_existencias into existencia', async () => {
		const [summed] = (await call(sandbox, 'productos/?codigo=HER-00001&almacen=1&almacenes_existencias=1,3')).json.results;
		expect(summed.existencia).toBe(42 + 120);
		expect(summed.precio).toBe(DEMO.producto.precio);
		const [withoutAlmacen] = (await call(sandbox, 'productos/?codigo=HER-00001&almacenes_existencias=2,3')).json.results;
		expect(withoutAlmacen.existencia).toBe(15 + 120);
		expect((await call(sandbox, 'productos/?almacenes_existencias=1,x')).json).toEqual({ almacenes_existencias: ['Introduzca un número entero.'] });
	});

	it('removes the fields named in excluir', async () => {
		const page = (await call(sandbox, 'productos/?limit=3&excluir=info_almacenes, descripcion_ecommerce,unidades')).json;
		for (const p of page.results) {
			expect(p).not.toHaveProperty('info_almacenes');
			expect(p).not.toHaveProperty('descripcion_ecommerce');
			expect(p).not.toHaveProperty('unidades');
			productoSchema.omit({ info_almacenes: true, descripcion_ecommerce: true, unidades: true }).parse(p);
		}
		expect(productos()[0].info_almacenes.length).toBe(3);
	});

	it('filters by linea, sublinea and subsublinea, each alone', async () => {
		for (const [param, value] of [['linea', DEMO.producto.linea], ['sublinea', DEMO.producto.sublinea], ['subsublinea', DEMO.producto.subsublinea]] as const) {
			const found = await walk(sandbox, `productos/?${param}=${value}`);
			expect(found.length).toBeGreaterThan(0);
			expect(codes(found)).toEqual(codes(productos().filter((p) => p[param] === value)));
		}
		expect((await call(sandbox, 'productos/?linea=uno')).status).toBe(400);
	});

	it('filters by precio_max on the effective price: 189.50 in the catalog, 195.19 in warehouse 2', async () => {
		expect(codes(await walk(sandbox, 'productos/?precio_max=190&codigo=HER-00001'))).toEqual(['HER-00001']);
		expect(codes(await walk(sandbox, 'productos/?precio_max=190&codigo=HER-00001&almacen=2'))).toEqual([]);
	});

	it('filters by codigo (exact), codigos (list) and codigo_origen', async () => {
		expect(codes(await walk(sandbox, 'productos/?codigo=HER-00001'))).toEqual(['HER-00001']);
		expect(codes(await walk(sandbox, 'productos/?codigo=HER-0000'))).toEqual([]);
		const wanted = [productos()[7].codigo, productos()[3].codigo, 'NO-EXISTE'];
		expect(codes(await walk(sandbox, `productos/?codigos=${wanted.join(',')}`))).toEqual([productos()[3].codigo, productos()[7].codigo]);
		const byOrigin = await walk(sandbox, `productos/?codigo_origen=${DEMO.producto.codigoOrigen}`);
		expect(codes(byOrigin)).toContain(DEMO.producto.codigo);
	});

	it('filters by activo', async () => {
		const inactive = await walk(sandbox, 'productos/?activo=0');
		expect(inactive.length).toBeGreaterThan(0);
		expect(inactive.every((p) => p.activo === false)).toBe(true);
		expect((await walk(sandbox, 'productos/?activo=1')).length + inactive.length).toBe(productos().length);
	});

	it('applies the discount of clasificacion_precios, and rejects an unknown one', async () => {
		const [discounted] = (await call(sandbox, `productos/?codigo=HER-00001&clasificacion_precios=${DEMO.clasificacionPrecios.id}`)).json.results;
		expect(discounted.precio).toBe(170.55);
		expect(discounted.info_almacenes[0].precio_unitario).toBe(170.55);
		const [inWarehouse] = (await call(sandbox, `productos/?codigo=HER-00001&almacen=2&clasificacion_precios=${DEMO.clasificacionPrecios.id}`)).json.results;
		expect(inWarehouse.precio).toBe(175.67);
		const unknown = await call(sandbox, 'productos/?clasificacion_precios=77');
		expect(unknown.status).toBe(400);
		expect(unknown.json).toEqual({ clasificacion_precios: ['Escoja una opción válida. Esa opción no está entre las disponibles.'] });
		expect(sandbox.store.producto('HER-00001')!.precio).toBe(DEMO.producto.precio);
	});

	it('edits assemblies: adds or replaces parts, and shows them in composiciones', async () => {
		const path = `productos/${DEMO.producto.id}/editar_ensambles/`;
		const answer = await call(sandbox, path, { body: { producto_id: DEMO.productoParte.id, cantidad: 2, um_id: 1, um_nombre: 'PZA' } });
		expect(answer.status).toBe(200);
		const body = editarEnsamblesResponseSchema.parse(answer.json);
		expect(body.ensambles).toEqual([expect.objectContaining({ producto_id: DEMO.productoParte.id, cantidad: '2.000000', factor: '1.000000', um_id: 1 })]);
		const parte = sandbox.store.producto(DEMO.productoParte.id)!;
		expect(body.costo_ensamble).toBeCloseTo(parte.costo * 2, 2);
		const replaced = await call(sandbox, path, { body: [{ producto_id: DEMO.productoParte.id, cantidad: '3', factor: 2 }] });
		expect(replaced.json.ensambles).toHaveLength(1);
		expect(replaced.json.ensambles[0]).toMatchObject({ cantidad: '3.000000', factor: '2.000000' });
		const detail = (await call(sandbox, `productos/${DEMO.producto.id}/`)).json;
		expect(detail.composiciones).toEqual([{ id: replaced.json.ensambles[0].id, codigo: parte.codigo, parte__descripcion: parte.descripcion }]);
	});

	it('answers DRF errors for bad assembly bodies', async () => {
		const path = `productos/${DEMO.producto.id}/editar_ensambles/`;
		expect((await call(sandbox, path, { body: { producto_id: 999999, cantidad: 1 } })).json).toEqual({
			producto_id: ['Clave primaria "999999" inválida - objeto no existe.'],
		});
		expect((await call(sandbox, path, { body: { producto_id: DEMO.producto.id, cantidad: 1 } })).status).toBe(400);
		const list = await call(sandbox, path, { body: [{ producto_id: 2, cantidad: 1 }, { producto_id: 3, cantidad: 0 }] });
		expect(list.status).toBe(400);
		expect(list.json).toEqual([{}, { cantidad: ['Asegúrese de que este valor es mayor que 0.'] }]);
		expect((await call(sandbox, 'productos/999999/editar_ensambles/', { body: { producto_id: 2, cantidad: 1 } })).status).toBe(404);
	});

	it('enables webhooks for the codes it knows and reports the others', async () => {
		const target = productos().find((p) => !p.habilitar_webhook)!;
		const answer = await call(sandbox, 'productos/habilitar_webhook/', { body: { codigos: [target.codigo, 'NO-EXISTE'] } });
		expect(answer.status).toBe(200);
		expect(habilitarWebhookResponseSchema.parse(answer.json)).toEqual({ ok: true, habilitados: [target.codigo], no_encontrados: ['NO-EXISTE'] });
		expect(sandbox.store.producto(target.codigo)!.habilitar_webhook).toBe(true);
		expect((await call(sandbox, `productos/${target.id}/`)).json.habilitar_webhook).toBe(true);
		expect((await call(sandbox, 'productos/habilitar_webhook/', { body: { codigos: [] } })).json).toEqual({ codigos: ['Esta lista no puede estar vacía.'] });
		expect((await call(sandbox, 'productos/habilitar_webhook/', { body: { codigos: 'ABC' } })).json).toEqual({
			codigos: ['Se esperaba una lista de elementos pero se obtuvo el tipo "str".'],
		});
	});
});
