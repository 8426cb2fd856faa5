import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

// A real 1x1 PNG, as an HTTP download or form upload would leave it in a binary property.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('Admintotal Work Order: Update and Attach Image', () => {
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

	it('Attach Image base64-encodes the image of a binary property and posts it to the path without a trailing slash', async () => {
		const run = await fixture.run(
			'admintotalWorkOrder',
			{ resource: 'workOrder', operation: 'attachImage', workOrderId: workOrder, title: 'Evidencia', imageSource: 'binary', binaryPropertyName: 'photo' },
			{ input: [{ json: {}, binary: { photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'evidencia.png' } } }] as never },
		);
		expect(run.error).toBeUndefined();
		const [request] = fixture.requestsTo(`/ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`);
		expect(request.method).toBe('POST');
		expect(request.body).toEqual({ titulo: 'Evidencia', imagen: PNG.toString('base64') });
		expect(run.json[0]).toMatchObject({ titulo: 'Evidencia', url: expect.stringMatching(/\.png$/) });
	});

	it('Attach Image accepts base64 text, with or without a data: prefix', async () => {
		const run = await fixture.run('admintotalWorkOrder', {
			resource: 'workOrder',
			operation: 'attachImage',
			workOrderId: workOrder,
			title: 'Texto',
			imageSource: 'base64',
			imageBase64: `data:image/png;base64,${PNG.toString('base64')}`,
		});
		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests[0].body).toEqual({ titulo: 'Texto', imagen: PNG.toString('base64') });
	});

	it.each([
		['a missing binary property', { imageSource: 'binary', binaryPropertyName: 'nothing' }, /'Input Binary Field "nothing"' is not in the input item/],
		['a file that is not an image', { imageSource: 'base64', imageBase64: Buffer.from('%PDF-1.7 not an image').toString('base64') }, /is not an image \(PNG, JPEG, GIF or WEBP\)/],
		['text that is not base64', { imageSource: 'base64', imageBase64: 'hello world!' }, /'Image \(Base64\)' is not base64 text/],
	])('Attach Image refuses %s before sending', async (_case, parameters, message) => {
		const run = await fixture.run(
			'admintotalWorkOrder',
			{ resource: 'workOrder', operation: 'attachImage', workOrderId: workOrder, title: 'X', ...parameters },
			{ input: [{ json: {}, binary: { photo: { data: PNG.toString('base64'), mimeType: 'image/png' } } }] as never },
		);
		expect(run.error?.message).toMatch(message);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('Attach Image refuses an image over 10 MB before sending', async () => {
		const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
		const run = await fixture.run(
			'admintotalWorkOrder',
			{ resource: 'workOrder', operation: 'attachImage', workOrderId: workOrder, title: 'X', imageSource: 'binary', binaryPropertyName: 'photo' },
			{ input: [{ json: {}, binary: { photo: { data: huge.toString('base64'), mimeType: 'image/png' } } }] as never },
		);
		expect(run.error?.message).toMatch(/is 10\.0 MB; the limit is 10 MB/);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
