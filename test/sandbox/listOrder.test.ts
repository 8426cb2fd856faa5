import { crearNotaVenta, crearPedido } from './store/cambios';
import { startSandbox, type Sandbox } from './index';
import { call, walk } from './testing';

type Doc = { id: number; fecha: string };

/** The order the lists the Polling Trigger reads come in (issue 41): by ID either way, or by date either way with the ID breaking ties. */
describe('sandbox list order', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 50, max: 200 } });
		// A note and an order entered today with an older date: by date it is not last, by ID it is.
		crearNotaVenta(sandbox.store, { fecha: '2020-01-01' });
		crearPedido(sandbox.store, { fecha: '2020-01-01' });
	});
	afterAll(() => sandbox.close());
	afterEach(() => (sandbox.listOrder = 'id'));

	const keys = (docs: Doc[]) => docs.map((doc) => [doc.fecha, doc.id] as const);
	const byDate = (a: readonly [string, number], b: readonly [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);

	it.each(['movimientos/notas_venta/', 'movimientos/pedidos/'])('%s: ID ascending by default, and each order the switch names, across pages and with filters', async (path) => {
		const store = path.includes('notas') ? sandbox.store.notasVenta : sandbox.store.pedidos;
		const ids = store.map((doc) => doc.id).sort((a, b) => a - b);
		expect((await walk<Doc>(sandbox, path)).map((doc) => doc.id)).toEqual(ids);

		sandbox.listOrder = '-id';
		expect((await walk<Doc>(sandbox, path)).map((doc) => doc.id)).toEqual([...ids].reverse());

		sandbox.listOrder = 'fecha';
		const ascending = keys(await walk<Doc>(sandbox, path));
		expect(ascending).toEqual([...ascending].sort(byDate));
		expect(ascending.map(([, id]) => id)).not.toEqual(ids);

		sandbox.listOrder = '-fecha';
		expect(keys(await walk<Doc>(sandbox, path))).toEqual([...ascending].reverse());

		// Filters first, then the order: `desde` keeps the days from a date on, newest day first.
		const desde = ascending[Math.floor(ascending.length / 2)][0];
		const filtered = keys(await walk<Doc>(sandbox, `${path}?desde=${desde}`));
		expect(filtered).toEqual(ascending.filter(([fecha]) => fecha >= desde).reverse());
	});

	it('the 69-B list, which has neither ID nor date, comes newest listed first for a descending order', async () => {
		const listed = (await walk<{ rfc: string }>(sandbox, 'listanegra/')).map((entry) => entry.rfc);
		expect(listed).toEqual(sandbox.store.listaNegra.map((entry) => entry.rfc));
		sandbox.listOrder = '-fecha';
		expect((await walk<{ rfc: string }>(sandbox, 'listanegra/')).map((entry) => entry.rfc)).toEqual([...listed].reverse());
	});

	it('is set by option and by the control API, which refuses an order it does not know', async () => {
		const other = await startSandbox({ listOrder: '-id' });
		try {
			const control = (method: string, body?: unknown) =>
				fetch(`${other.url}/__sandbox/list-order`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
			expect(await (await control('GET')).json()).toEqual({ order: '-id' });
			const first = (await call<{ results: Doc[] }>(other, 'movimientos/notas_venta/?limit=1')).json.results[0].id;
			expect(first).toBe(Math.max(...other.store.notasVenta.map((doc) => doc.id)));

			expect((await control('PUT', { order: 'fecha' })).status).toBe(200);
			expect(other.listOrder).toBe('fecha');
			const refused = await control('PUT', { order: 'folio' });
			expect(refused.status).toBe(400);
			expect(await refused.json()).toEqual({ error: 'order must be one of id, -id, fecha, -fecha' });
			expect(other.listOrder).toBe('fecha');
			expect((await (await fetch(`${other.url}/__sandbox/health`)).json()).listOrder).toBe('fecha');
		} finally {
			await other.close();
		}
	});
});
