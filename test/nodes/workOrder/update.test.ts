import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Work Order: Update', () => {
	const fixture = sandboxPerFile();
	const workOrder = { __rl: true, mode: 'list', value: String(DEMO.ordenServicio.id) };

	it('Update sends PATCH to the detail path with only the fields given, codes for status and priority', async () => {
		const run = await fixture.run('admintotalWorkOrder', {
			resource: 'workOrder',
			operation: 'update',
			workOrderId: workOrder,
			updateFields: { status: 3, priority: 1, description: 'Equipo instalado', startDate: '2026-05-01T00:00:00', endDate: '2026-05-02' },
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.requestsTo(`/ordenes_servicio/${DEMO.ordenServicio.id}/`);
		expect(request.method).toBe('PATCH');
		expect(request.body).toEqual({ status: 3, prioridad: 1, descripcion: 'Equipo instalado', fecha_inicio: '2026-05-01', fecha_fin: '2026-05-02' });
		expect(run.json[0]).toMatchObject({ status: 3, status_display: 'Terminada', prioridad: 1 });
	});

	it('Update with nothing to change, or a status outside the catalog, is refused before sending', async () => {
		const empty = await fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'update', workOrderId: workOrder, updateFields: {} });
		expect(empty.error?.message).toMatch(/'Update Fields' has nothing to change \[item 0\]/);
		const wrong = await fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'update', workOrderId: workOrder, updateFields: { status: '={{ 9 }}' } });
		expect(wrong.error?.message).toMatch(/'Status' "9" is not in the catalog/);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
