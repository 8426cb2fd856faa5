import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS } from '../../sandbox/schemas/catalogs';
import { asJson, idsOf, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 10;

describe('Admintotal Work Order: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const orders = () => fixture.sandbox.store.ordenesServicio;
	const getMany = (extra: Record<string, unknown>) => fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'getAll', ...extra });

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalWorkOrder',
		resource: 'workOrder',
		path: '/ordenes_servicio/',
		records: orders,
		pageMax: PAGE_MAX,
		noun: 'work orders',
	});

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

	it('Simplify (on by default) keeps what, for whom, where, when and the state, each code with its label', async () => {
		const run = await getMany({ limit: 1 });

		expect(run.error).toBeUndefined();
		const [order] = orders();
		expect(run.json).toEqual([
			{
				id: order.id,
				clave: order.clave,
				status: order.status,
				status_display: ORDEN_SERVICIO_STATUS[order.status as 1],
				prioridad: order.prioridad,
				prioridad_display: ORDEN_SERVICIO_PRIORIDAD[order.prioridad as 1],
				tipo_servicio: order.tipo_servicio,
				descripcion: order.descripcion,
				fecha_inicio: order.fecha_inicio,
				fecha_fin: order.fecha_fin,
				empleado: order.empleado,
				cliente: { id: order.cliente.id, razon_social: order.cliente.razon_social, rfc: order.cliente.rfc },
				sucursal: { id: order.sucursal.id, nombre: order.sucursal.nombre },
			},
		]);
	});

	it('with Simplify off every field comes as the API sends it', async () => {
		const run = await getMany({ limit: 2, simplify: false });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(orders().slice(0, 2)));
	});
});
