import { DEMO } from '../../sandbox';
import { ORDEN_SERVICIO_PRIORIDAD } from '../../sandbox/schemas/catalogs';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 10;

describe('Admintotal Work Order: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (workOrderId: object, extra: Record<string, unknown> = {}) =>
		fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'get', workOrderId, ...extra });

	it('By ID sends GET /ordenes_servicio/{id}/ and, with Simplify off, returns the whole work order', async () => {
		const run = await get(byId(DEMO.ordenServicio.id), { simplify: false });

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/ordenes_servicio/${DEMO.ordenServicio.id}/`, {}],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.ordenesServicio[0])]);
	});

	it('with Simplify the priority and status codes come with their labels', async () => {
		const order = fixture.sandbox.store.ordenesServicio[6];
		const run = await get(fromList(order.id));

		expect(run.error).toBeUndefined();
		expect(run.json[0]).toMatchObject({
			id: order.id,
			status: order.status,
			status_display: order.status_display,
			prioridad: order.prioridad,
			prioridad_display: ORDEN_SERVICIO_PRIORIDAD[order.prioridad as 1],
		});
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(777777));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/ordenes_servicio/777777/', 404]]);
	});

	it('From List shows key, client and status, one page at a time, searchable', async () => {
		const orders = fixture.sandbox.store.ordenesServicio;
		const first = await fixture.search('admintotalWorkOrder', 'searchWorkOrders');

		expect(first.results.map((option) => option.value)).toEqual(orders.slice(0, PAGE_MAX).map((order) => String(order.id)));
		expect(first.results[0].name).toBe(`${orders[0].clave} · ${orders[0].cliente.razon_social} · ${orders[0].status_display}`);
		expect(first.paginationToken).toBe(String(PAGE_MAX));

		const wanted = orders[1].clave;
		const searched = await fixture.search('admintotalWorkOrder', 'searchWorkOrders', wanted);
		expect(searched.results.map((option) => option.value)).toContain(String(orders[1].id));
		expect(searched.results.every((option) => option.name.includes(wanted))).toBe(true);
	});
});
