import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

// A node's run checks every item, then sends them side by side; see nodes/shared/operation/execute.ts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const photo = { photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'evidencia.png' } };

describe('Items of one run go together: checked before any is sent, failures report what was done', () => {
	const fixture = sandboxPerFile();
	const salesNotes = (input: Array<Record<string, unknown>>, parameters: Record<string, unknown> = {}, continueOnFail = false) =>
		fixture.run(
			'admintotalSalesNote',
			{
				resource: 'salesNote',
				operation: 'create',
				clientBy: 'rfc',
				clientRfc: '={{ $json.rfc }}',
				lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50' }] },
				additionalFields: { externalId: '={{ $json.order }}' },
				...parameters,
			},
			{ input, continueOnFail },
		);
	const posted = (path: string) => fixture.requestsTo(path).filter((request) => request.method !== 'GET');
	const externalIds = () => posted('/movimientos/notas_venta/').map((request) => (request.body as { id_externo: string }).id_externo).sort();
	const good = DEMO.cliente.rfc;

	it('a malformed RFC in the third order creates no sales note at all, and the error names that item', async () => {
		const run = await salesNotes([
			{ order: 'W-1', rfc: good },
			{ order: 'W-2', rfc: good },
			{ order: 'W-3', rfc: 'NOT-AN-RFC' },
		]);
		expect(run.error?.message).toMatch(/'Client RFC' .* \[item 2\]/);
		expect(run.error?.context?.itemIndex).toBe(2);
		expect(posted('/movimientos/notas_venta/')).toHaveLength(0);
	});

	it('under On Error: Continue, an item n8n fails before its check does not hold the others back: the run ends and the good orders are created', async () => {
		// The second item has no rfc: n8n fails evaluating the expression, so that item never reaches our check.
		const clientRfc = "={{ $json.rfc ?? $('No Such Node').item.json.rfc }}";
		const run = await salesNotes([{ order: 'E-1', rfc: good }, { order: 'E-2' }, { order: 'E-3', rfc: good }], { clientRfc }, true);
		expect(run.items).toHaveLength(3);
		expect(run.items[1].json.error).toBeDefined();
		expect(externalIds()).toEqual(['E-1', 'E-3']);
	}, 15_000);

	it('with request batching (2 items per batch, 100 ms apart), a malformed RFC in the second batch still creates no sales note: every item is checked before the first batch', async () => {
		const requestOptions = { batching: { batch: { batchSize: 2, batchInterval: 100 } } };
		const run = await salesNotes([{ order: 'B-1', rfc: good }, { order: 'B-2', rfc: good }, { order: 'B-3', rfc: 'NOT-AN-RFC' }], { requestOptions });
		expect(run.error?.message).toMatch(/'Client RFC' .* \[item 2\]/);
		expect(posted('/movimientos/notas_venta/')).toHaveLength(0);
	});

	it('once the input is right, every item is sent, each once', async () => {
		const run = await salesNotes([
			{ order: 'W-1', rfc: good },
			{ order: 'W-2', rfc: good },
			{ order: 'W-3', rfc: good },
		]);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(3);
		expect(externalIds()).toEqual(['W-1', 'W-2', 'W-3']);
	});

	it('under On Error: Continue each item stands alone: the good ones are created, the wrong one is an error item', async () => {
		const run = await salesNotes(
			[
				{ order: 'W-1', rfc: good },
				{ order: 'W-2', rfc: 'NOT-AN-RFC' },
				{ order: 'W-3', rfc: good },
			],
			{},
			true,
		);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(3);
		expect(run.json[1].error).toMatch(/'Client RFC' .* \[item 1\]/);
		expect(run.json[0]).toMatchObject({ id: expect.any(Number) });
		expect(run.json[2]).toMatchObject({ id: expect.any(Number) });
		expect(externalIds()).toEqual(['W-1', 'W-3']);
	});

	it('when the API refuses one order, the error says which orders were created meanwhile', async () => {
		const run = await salesNotes(
			[
				{ order: 'W-1', rfc: good, sku: DEMO.producto.codigo },
				{ order: 'W-2', rfc: good, sku: 'NO-SUCH-SKU' },
				{ order: 'W-3', rfc: good, sku: DEMO.producto.codigo },
			],
			{ linesInput: 'json', linesJson: '={{ [{ productCode: $json.sku, quantity: 1 }] }}', additionalFields: { comments: '={{ $json.order }}' } },
		);
		expect(run.error?.message).toBe('Admintotal rejected the data sent: detalles[0].producto_codigo: No existe un producto con el código "NO-SUCH-SKU".');
		expect(run.error?.description).toMatch(/detalles\[0\]\.producto_codigo: .*NO-SUCH-SKU/);
		const created = await fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', returnAll: true, simplify: false, filters: { cancelled: 'all' } });
		const idOf = (order: string) => created.json.find((note) => note.comentarios === order)?.id;
		expect(idOf('W-2')).toBeUndefined();
		expect(run.error?.description).toContain(`Already done in Admintotal before this failure: item 0 (ID ${idOf('W-1')}), item 2 (ID ${idOf('W-3')}).`);
	});

	it('an item without its image stops the others while they read their images', async () => {
		const workOrderId = { __rl: true, mode: 'id', value: String(DEMO.ordenServicio.id) };
		const run = await fixture.run(
			'admintotalWorkOrder',
			{ resource: 'workOrder', operation: 'attachImage', workOrderId, title: 'Evidencia', imageSource: 'binary', binaryPropertyName: 'photo' },
			{ input: [{ json: {}, binary: photo }, { json: {} }, { json: {}, binary: photo }] as never },
		);
		expect(run.error?.message).toMatch(/'Input Binary Field "photo"' is not in the input item.*\[item 1\]/);
		expect(posted(`/ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`)).toHaveLength(0);
	});

	it('a wrong record ID in one item sends no update for the others', async () => {
		const run = await fixture.run(
			'admintotalWorkOrder',
			{ resource: 'workOrder', operation: 'update', workOrderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, updateFields: { priority: 1 } },
			{ input: [{ id: DEMO.ordenServicio.id }, { id: 'OS-17' }] },
		);
		expect(run.error?.message).toMatch(/'Work Order' must be a whole number greater than 0, got "OS-17" \[item 1\]/);
		expect(fixture.sandbox.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
	});
});
