import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

describe('Admintotal Product: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 30 } });
	const get = (productId: object, extra: Record<string, unknown> = {}) =>
		fixture.run('admintotalProduct', { resource: 'product', operation: 'get', productId, ...extra });

	it('By ID sends GET /productos/{id}/ and, with Simplify off, returns the whole product', async () => {
		const run = await get(byId(DEMO.producto.id), { simplify: false });

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/productos/${DEMO.producto.id}/`, {}],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.productos[0])]);
	});

	it("the Warehouse ID option sends almacen and gives that warehouse's price and stock", async () => {
		const run = await get(fromList(DEMO.producto.id), { options: { warehouseId: 2 } });

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo(`/productos/${DEMO.producto.id}/`).map((request) => request.query)).toEqual([{ almacen: '2' }]);
		expect(run.json[0]).toMatchObject({ id: DEMO.producto.id, codigo: DEMO.producto.codigo, existencia: DEMO.producto.disponible[2] });
		expect(run.json[0].precio as number).toBeGreaterThan(DEMO.producto.precio);
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(990099));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/productos/990099/', 404]]);
	});

	it('From List searches descriptions on the API with q and shows code and description', async () => {
		const result = await fixture.search('admintotalProduct', 'searchProducts', 'martillo');

		expect(fixture.requestsTo('/productos/').map((request) => request.query)).toEqual([{ q: 'martillo', limit: '100', offset: '0' }]);
		const expected = fixture.sandbox.store.productos.filter((p) => p.descripcion.toLowerCase().includes('martillo'));
		expect(result.results.map((option) => option.value)).toEqual(expected.slice(0, 30).map((p) => String(p.id)));
		expect(result.results[0].name).toBe(`${DEMO.producto.codigo} · ${DEMO.producto.descripcion}`);
	});
});
