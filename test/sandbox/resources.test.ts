import { z } from 'zod';
import {
	DEFAULT_VOLUME,
	DEMO,
	LISTA_NEGRA_TIPO,
	ORDEN_SERVICIO_PRIORIDAD,
	ORDEN_SERVICIO_STATUS,
	PROSPECTO_STATUS,
	READ_ONLY_RESOURCES,
	clienteSchema,
	consumoInternoSchema,
	listEnvelope,
	listaNegraSchema,
	notaCreditoSchema,
	notaVentaSchema,
	ordenServicioSchema,
	pedidoSchema,
	productoSchema,
	prospectoSchema,
	startSandbox,
	type Sandbox,
} from './index';
import { clabeIsValid } from './seed/identity';
import { clienteEmbebido } from './store/documentos';
import { seedStore } from './seed/index';
import { call, walk } from './testing';

/** Every list and detail of the spec answers records that match the resource schemas. */
describe('sandbox resources', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(() => sandbox.close());

	/** Each row of READ_ONLY_RESOURCES, by its path relative to /api/v2. */
	const readOnly = Object.entries(READ_ONLY_RESOURCES).map(([name, resource]) => ({ ...resource, name: name as keyof typeof READ_ONLY_RESOURCES, relative: resource.path.slice(1) }));

	const lists: [string, z.ZodTypeAny, number][] = [
		['movimientos/notas_credito/', notaCreditoSchema, 40],
		['movimientos/notas_venta/', notaVentaSchema, 120],
		['movimientos/pedidos/', pedidoSchema, 80],
		['movimientos/consumo_interno/', consumoInternoSchema, 30],
		['ordenes_servicio/', ordenServicioSchema, 45],
		['prospectos/', prospectoSchema, 60],
		['productos/', productoSchema, 260],
		['listanegra/', listaNegraSchema, 300],
		...readOnly.map(({ relative, schema, name }): [string, z.ZodTypeAny, number] => [relative, schema, DEFAULT_VOLUME[name]]),
	];

	it.each(lists)('GET %s lists every record in the schema of the resource', async (path, schema, count) => {
		const answer = await call(sandbox, `${path}?limit=200`);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
		const page = listEnvelope(z.unknown()).parse(answer.json);
		expect(page.count).toBe(count);
		const all = await walk(sandbox, `${path}?limit=200`);
		expect(all).toHaveLength(count);
		for (const record of all) schema.parse(record);
	});

	describe.each(readOnly.map((resource) => [resource.path, resource] as const))('%s, a row of READ_ONLY_RESOURCES', (_path, resource) => {
		const { name, relative, schema, detail } = resource;

		if (detail !== false) {
			it('answers each record at {id}/ as its list does', async () => {
				for (const record of await walk(sandbox, `${relative}?limit=200`)) expect((await call(sandbox, `${relative}${record.id}/`)).json).toEqual(record);
			});
		} else {
			it('has no {id}/, as the spec gives none', async () => {
				expect((await call(sandbox, `${relative}1/`)).status).toBe(404);
			});
		}

		it('answers the fields of its schema, in its order, and none the store holds beside them', async () => {
			const stored = sandbox.store[name][0] as unknown as Record<string, unknown>;
			stored.solo_sandbox = 'never answered';
			try {
				const listed = (await call(sandbox, `${relative}?limit=1`)).json.results[0];
				expect(Object.keys(listed)).toEqual(Object.keys(schema.shape));
				if (detail !== false) expect((await call(sandbox, `${relative}${stored.id}/`)).json).toEqual(listed);
			} finally {
				delete stored.solo_sandbox;
			}
		});
	});

	it('has the DEMO fixtures', async () => {
		const producto = (await call(sandbox, `productos/${DEMO.producto.id}/`)).json;
		expect(producto).toMatchObject({ codigo: DEMO.producto.codigo, descripcion: DEMO.producto.descripcion, precio: DEMO.producto.precio });
		const nota = notaVentaSchema.parse((await call(sandbox, 'movimientos/notas_venta/?limit=1')).json.results[0]);
		expect(nota.cliente).toMatchObject({ id: DEMO.cliente.id, rfc: DEMO.cliente.rfc, codigo: DEMO.cliente.codigo });
		const gasto = (await call(sandbox, `cuentas/${DEMO.cuentaGasto.id}/`)).json;
		expect(gasto.numero_cuenta).toBe(DEMO.cuentaGasto.numero);
		const raiz = (await call(sandbox, `cuentas/${DEMO.cuentaRaiz.id}/`)).json;
		expect(raiz.padre).toBeNull();
		for (const entry of Object.values(DEMO.listaNegra)) {
			const found = (await call(sandbox, `listanegra/?rfc=${entry.rfc}`)).json;
			expect(found.results).toEqual([{ rfc: entry.rfc, nombre: entry.nombre, tipo: entry.tipo }]);
		}
	});

	it('keeps display labels, RFCs, CLABEs and money consistent', async () => {
		const ordenes = await walk(sandbox, 'ordenes_servicio/?limit=200');
		for (const o of ordenes) {
			expect(o.status_display).toBe(ORDEN_SERVICIO_STATUS[o.status as 1]);
			expect(o.prioridad_display).toBe(ORDEN_SERVICIO_PRIORIDAD[o.prioridad as 1]);
		}
		expect(new Set(ordenes.map((o) => o.status)).size).toBe(5);
		expect(new Set(ordenes.map((o) => o.prioridad)).size).toBe(3);
		for (const p of sandbox.store.prospectos) expect(p.stats_display).toBe(PROSPECTO_STATUS[p.status as 1]);
		for (const e of sandbox.store.listaNegra) expect(LISTA_NEGRA_TIPO[e.tipo]).toBeDefined();
		for (const c of sandbox.store.clientes) clienteSchema.parse(clienteEmbebido(c));
		for (const cuenta of sandbox.store.cuentasBancarias) expect(clabeIsValid(cuenta.clabe)).toBe(true);
		for (const nota of sandbox.store.notasVenta) {
			const cents = (s: string) => Math.round(Number(s) * 100);
			expect(cents(nota.total)).toBe(cents(nota.subtotal) + cents(nota.iva));
		}
		const notas = sandbox.store.notasVenta;
		expect(notas.some((n) => n.cancelado)).toBe(true);
		expect(new Set(notas.map((n) => n.folio_completo.split('-')[0])).size).toBeGreaterThanOrEqual(3);
		expect(notas.every((n) => n.fecha.startsWith('2026-'))).toBe(true);
	});

	it('builds the same tenant from the same seed and another from another seed', () => {
		const again = seedStore(DEMO.seed);
		const other = seedStore(7);
		expect(again.notasVenta).toEqual(sandbox.store.notasVenta);
		expect(again.productos).toEqual(sandbox.store.productos);
		expect(other.productos.slice(2)).not.toEqual(sandbox.store.productos.slice(2));
		expect(other.productos[0].codigo).toBe(DEMO.producto.codigo);
	});

	it('grows to thousands of records with `volume`', async () => {
		const big = await startSandbox({ volume: { productos: 2000, listaNegra: 2500 }, pageSize: { default: 20, max: 1000 } });
		try {
			const page = await call(big, 'productos/?limit=1000&offset=1000');
			expect(page.json.count).toBe(2000);
			expect(page.json.results).toHaveLength(1000);
			expect(page.json.next).toBeNull();
			expect((await call(big, 'listanegra/?limit=1')).json.count).toBe(2500);
			expect(new Set(big.store.listaNegra.map((e) => e.rfc)).size).toBe(2500);
		} finally {
			await big.close();
		}
	});
});
