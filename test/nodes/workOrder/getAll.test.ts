import { ORDEN_SERVICIO_STATUS } from '../../sandbox/schemas/catalogs';
import { idsOf, sandboxPerFile } from '../fixture';

describe('Admintotal Work Order: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 10 } });
	const orders = () => fixture.sandbox.store.ordenesServicio;
	const getMany = (extra: Record<string, unknown>) => fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'getAll', ...extra });

	it.each(Object.entries(ORDEN_SERVICIO_STATUS))('the Status filter %s (%s) sends status and returns only work orders in it', async (code, label) => {
		const run = await getMany({ returnAll: true, filters: { status: Number(code) } });

		expect(run.error).toBeUndefined();
		const requests = fixture.requestsTo('/ordenes_servicio/');
		expect(requests.length).toBeGreaterThan(0);
		expect(requests.every((request) => request.query.status === code)).toBe(true);
		const expected = idsOf(orders().filter((order) => order.status === Number(code)));
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json)).toEqual(expected);
		expect(run.json.every((json) => json.status_display === label)).toBe(true);
	});
});
