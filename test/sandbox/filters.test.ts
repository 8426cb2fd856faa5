import { DEMO, startSandbox, type Sandbox } from './index';
import { call, walk } from './testing';

/** The query filters of documents, work orders and the blacklist really filter. */
describe('sandbox filters', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 200, max: 200 } });
	});
	afterAll(() => sandbox.close());

	const ids = (records: { id: number }[]) => records.map((r) => r.id);

	describe.each([
		['movimientos/notas_venta/', 'notasVenta', (n: { cancelado?: boolean; status: number }) => n.cancelado === true],
		['movimientos/pedidos/', 'pedidos', (p: { status: number }) => p.status === 4],
	] as const)('%s', (path, resource, isCancelled) => {
		const stored = () => sandbox.store[resource] as unknown as {
			id: number;
			status: number;
			cancelado?: boolean;
			fecha: string;
			folio: number;
			folio_completo: string;
			cliente: { id: number; razon_social: string };
		}[];

		it('filters by cliente (id) and cliente_razon_social (contains, any case)', async () => {
			const byClient = await walk(sandbox, `${path}?cliente=${DEMO.cliente.id}`);
			expect(byClient.length).toBeGreaterThan(0);
			expect(ids(byClient)).toEqual(ids(stored().filter((d) => d.cliente.id === DEMO.cliente.id)));
			const byName = await walk(sandbox, `${path}?cliente_razon_social=esperanza`);
			expect(byName.length).toBeGreaterThan(0);
			expect(byName.every((d) => d.cliente.razon_social.toLowerCase().includes('esperanza'))).toBe(true);
			expect((await call(sandbox, `${path}?cliente=999999`)).json.count).toBe(0);
		});

		it('filters by fecha, and by desde/hasta inclusive', async () => {
			const sample = stored()[10];
			const onDay = await walk(sandbox, `${path}?fecha=${sample.fecha}`);
			expect(onDay.length).toBeGreaterThan(0);
			expect(onDay.every((d) => d.fecha === sample.fecha)).toBe(true);
			const range = await walk(sandbox, `${path}?desde=2026-03-01&hasta=2026-03-31`);
			expect(ids(range)).toEqual(ids(stored().filter((d) => d.fecha >= '2026-03-01' && d.fecha <= '2026-03-31')));
			const edge = stored()[20].fecha;
			expect(ids(await walk(sandbox, `${path}?desde=${edge}&hasta=${edge}`))).toEqual(ids(stored().filter((d) => d.fecha === edge)));
		});

		it('filters by folio and serie', async () => {
			const sample = stored()[5];
			const serie = sample.folio_completo.split('-')[0];
			const hit = await walk(sandbox, `${path}?folio=${sample.folio}&serie=${serie}`);
			expect(ids(hit)).toEqual([sample.id]);
			const bySerie = await walk(sandbox, `${path}?serie=${serie}`);
			expect(bySerie.every((d) => d.folio_completo.startsWith(`${serie}-`))).toBe(true);
			expect(bySerie.length).toBe(stored().filter((d) => d.folio_completo.startsWith(`${serie}-`)).length);
		});

		it('filters by cancelado: 0 active, 1 cancelled, absent both', async () => {
			const all = (await call(sandbox, path)).json.count;
			const active = await walk(sandbox, `${path}?cancelado=0`);
			const cancelled = await walk(sandbox, `${path}?cancelado=1`);
			expect(cancelled.length).toBeGreaterThan(0);
			expect(active.length + cancelled.length).toBe(all);
			expect(cancelled.every((d) => isCancelled(d))).toBe(true);
			expect(active.some((d) => isCancelled(d))).toBe(false);
		});

		it('answers 400 for malformed filter values', async () => {
			const answer = await call(sandbox, `${path}?fecha=05/03/2026&folio=abc`);
			expect(answer.status).toBe(400);
			expect(answer.json).toEqual({ fecha: ['Introduzca una fecha válida.'], folio: ['Introduzca un número.'] });
		});
	});

	it('filters work orders by status', async () => {
		for (const status of [1, 2, 3, 4, 5]) {
			const orders = await walk(sandbox, `ordenes_servicio/?status=${status}`);
			expect(orders.length).toBeGreaterThan(0);
			expect(orders.every((o) => o.status === status)).toBe(true);
		}
		const bad = await call(sandbox, 'ordenes_servicio/?status=9');
		expect(bad.status).toBe(400);
		expect(bad.json).toEqual({ status: ['Escoja una opción válida. 9 no es una de las opciones disponibles.'] });
	});

	it('filters the blacklist by tipo, rfc (exact, any case) and nombre (contains)', async () => {
		for (const tipo of [1, 2, 3]) {
			const entries = await walk(sandbox, `listanegra/?tipo=${tipo}`);
			expect(entries.length).toBe(sandbox.store.listaNegra.filter((e) => e.tipo === tipo).length);
			expect(entries.every((e) => e.tipo === tipo)).toBe(true);
		}
		const byRfc = (await call(sandbox, `listanegra/?rfc=${DEMO.listaNegra.presunto.rfc.toLowerCase()}`)).json;
		expect(byRfc.results).toEqual([DEMO.listaNegra.presunto]);
		expect((await call(sandbox, `listanegra/?rfc=${DEMO.listaNegra.presunto.rfc.slice(0, 6)}`)).json.count).toBe(0);
		const byName = await walk(sandbox, 'listanegra/?nombre=meridiano');
		expect(byName.map((e) => e.rfc)).toContain(DEMO.listaNegra.desvirtuado.rfc);
		expect(byName.every((e) => e.nombre.toLowerCase().includes('meridiano'))).toBe(true);
	});
});
