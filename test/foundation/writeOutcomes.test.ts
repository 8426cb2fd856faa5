/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/*
 * A write whose outcome is unknown is never reported as not done. Admintotal may save a record and
 * still answer 5xx, drop the connection, or answer without the record; writes are never retried, so
 * the error must say the record may exist, and a run's failure names such items beside the ones
 * done, so that running again does not create them twice. The sandbox's `afterRoute` faults let the
 * route save the record first, and each test checks what the sandbox holds afterwards.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { DEMO } from '../sandbox';
import { byId, sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { useFullBinaryStore } from '../harness/binaryStore';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const CHECK = 'check Admintotal before running again';


/** A Customer Advance → Create of `total` for the demo client, by RFC, into the demo bank account. */
const advanceParameters = (total: string) => ({
	resource: 'customerAdvance',
	operation: 'create',
	date: '2026-03-14',
	clientBy: 'rfc',
	clientRfc: DEMO.cliente.rfc,
	bankAccount: byId(DEMO.cuentaBancaria.id),
	total,
	usoCfdi: 'G03',
});
describe('a write whose outcome is unknown', () => {
	const fixture = sandboxPerFile();
	const store = () => fixture.sandbox.store;
	const posted = (path: string) => fixture.requestsTo(path).filter((request) => request.method === 'POST');
	const savedAfterwards = (path: string, rule: Record<string, unknown>) => fixture.sandbox.faults.add({ method: 'POST', path: `/api/v2${path}`, afterRoute: true, ...rule });

	const salesNotes = (orders: string[], extra: Record<string, unknown> = {}) =>
		fixture.run(
			'admintotalSalesNote',
			{
				resource: 'salesNote',
				operation: 'create',
				clientBy: 'rfc',
				clientRfc: DEMO.cliente.rfc,
				linesInput: 'json',
				linesJson: '={{ [{ productCode: $json.sku, quantity: 1, unitPrice: 10 }] }}',
				additionalFields: { comments: '={{ $json.order }}' },
			},
			{ input: orders.map((order) => ({ order, sku: order.startsWith('BAD') ? 'NO-SUCH-SKU' : DEMO.producto.codigo })), ...extra },
		);
	const noteIdOf = (order: string) => store().notasVenta.find((note) => note.comentarios === order)?.id;
	const prospects = (names: string[], extra: Record<string, unknown> = {}) =>
		fixture.run('admintotalProspect', { resource: 'prospect', operation: 'create', name: '={{ $json.name }}' }, { input: names.map((name) => ({ name })), ...extra });
	const prospectIdOf = (name: string) => store().prospectos.find((prospect) => prospect.nombre === name)?.id;

	const writes = {
		'Sales Note › Create': {
			path: '/movimientos/notas_venta/',
			run: () => salesNotes(['S-1']),
			saved: () => noteIdOf('S-1') !== undefined,
			effect: 'the record may have been created',
		},
		'Prospect › Create': {
			path: '/prospectos/',
			run: () => prospects(['Prospecto 5xx']),
			saved: () => prospectIdOf('Prospecto 5xx') !== undefined,
			effect: 'the record may have been created',
		},
		'Customer Advance › Create': {
			path: '/movimientos/anticipos_clientes/',
			run: () =>
				fixture.run('admintotalCustomerAdvance', advanceParameters('777.77')),
			saved: () => store().anticiposClientes.some((advance) => String(advance.total) === '777.77'),
			effect: 'the record may have been created',
		},
		'Work Order › Attach Image': {
			path: `/ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`,
			run: () =>
				fixture.run(
					'admintotalWorkOrder',
					{ resource: 'workOrder', operation: 'attachImage', workOrderId: byId(DEMO.ordenServicio.id), title: 'Evidencia 5xx', imageSource: 'binary', binaryPropertyName: 'photo' },
					{ input: [{ json: {}, binary: { photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'evidencia.png' } } }] as never },
				),
			saved: () => (store().imagenesOrdenesServicio.get(DEMO.ordenServicio.id) ?? []).some((image) => image.titulo === 'Evidencia 5xx'),
			effect: 'the change may have been applied',
		},
	};

	it.each(Object.entries(writes))('%s answered 502 after Admintotal saved it: the error says it may exist, in its message', async (_name, write) => {
		savedAfterwards(write.path, { status: 502 });
		const run = await write.run();
		expect(write.saved()).toBe(true);
		expect(posted(write.path).map((request) => request.status)).toEqual([502]);
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe(`Admintotal answered with a failure on its side; ${write.effect}: ${CHECK}`);
		expect(run.error?.description).toContain('(HTTP 502, item 0)');
	});

	it.each([500, 503, 504])('a Create answered %i after Admintotal saved it says the record may have been created', async (status) => {
		savedAfterwards('/prospectos/', { status });
		const run = await prospects(['Prospecto 5xx']);
		expect(prospectIdOf('Prospecto 5xx')).toEqual(expect.any(Number));
		expect(run.error?.message).toBe(`Admintotal answered with a failure on its side; the record may have been created: ${CHECK}`);
		expect(run.error?.description).toContain(`(HTTP ${status}, item 0)`);
	});

	it('two sales notes, the second answered 502 after it was saved: the error names the one done with its ID and the other as perhaps created', async () => {
		savedAfterwards('/movimientos/notas_venta/', { nth: 2, status: 502 });
		const run = await salesNotes(['T-1', 'T-2']);
		// n8n sends both side by side: whichever arrived second was answered 502.
		const lost = posted('/movimientos/notas_venta/').find((request) => request.status === 502)?.body as { comentarios: string };
		const [lostItem, doneItem] = lost.comentarios === 'T-1' ? [0, 1] : [1, 0];
		const doneOrder = `T-${doneItem + 1}`;
		expect(noteIdOf('T-1')).toEqual(expect.any(Number));
		expect(noteIdOf('T-2')).toEqual(expect.any(Number));
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe(`Admintotal answered with a failure on its side; the record may have been created: ${CHECK}`);
		expect(run.error?.description).toBe(
			[
				'502 Bad Gateway 502 Bad Gateway nginx',
				`(HTTP 502, item ${lostItem})`,
				`Already done in Admintotal before this failure: item ${doneItem} (ID ${noteIdOf(doneOrder)}).`,
				`Outcome unknown: item ${lostItem} may have been created; ${CHECK}.`,
				"They are not in the node's output because the node stopped. Before running again, leave out the items done and those you find in Admintotal, " +
					"or set On Error to Continue to get every item's result.",
			].join('\n'),
		);
	});

	it('a refused sales note beside one answered 502 after it was saved: the refusal names the other as perhaps created', async () => {
		savedAfterwards('/movimientos/notas_venta/', { status: 502 });
		const run = await salesNotes(['BAD-1', 'R-2']);
		expect(noteIdOf('R-2')).toEqual(expect.any(Number));
		expect(posted('/movimientos/notas_venta/').map((request) => request.status).sort()).toEqual([400, 502]);
		expect(run.error?.description).toContain(`Outcome unknown: item 1 may have been created; ${CHECK}.`);
		expect(run.error?.description).not.toContain('Already done');
	});

	it('three prospects, the third losing its connection after it was saved: the error names two done and one perhaps created', async () => {
		savedAfterwards('/prospectos/', { nth: 3, drop: true });
		const run = await prospects(['D-1', 'D-2', 'D-3']);
		expect(['D-1', 'D-2', 'D-3'].map(prospectIdOf)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
		const lost = posted('/prospectos/').find((request) => request.status === 0)?.body as { nombre: string };
		const lostItem = Number(lost.nombre.slice(2)) - 1;
		const done = [0, 1, 2].filter((item) => item !== lostItem).map((item) => `item ${item} (ID ${prospectIdOf(`D-${item + 1}`)})`);
		expect(run.error?.message).toMatch(new RegExp(`^Could not reach Admintotal at .*; the record may have been created: ${CHECK}$`));
		expect(run.error?.description).toContain(`Already done in Admintotal before this failure: ${done.join(', ')}.`);
		expect(run.error?.description).toContain(`Outcome unknown: item ${lostItem} may have been created; ${CHECK}.`);
	});

	it('a Create whose answer cannot be decoded after Admintotal saved it (gzip that is not gzip) says the record may have been created', async () => {
		savedAfterwards('/prospectos/', { status: 201, body: 'not gzip at all', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
		const run = await prospects(['Gzip roto']);
		expect(prospectIdOf('Gzip roto')).toEqual(expect.any(Number));
		expect(run.error?.message).toMatch(new RegExp(`^Could not reach Admintotal at .*; the record may have been created: ${CHECK}$`));
		expect(run.error?.description).toContain('(item 0)');
	});

	it.each([
		['an empty list', []],
		['an empty page of a list', { count: 0, next: null, results: [] }],
		['a page of a list', { count: 1, next: null, previous: null, results: [{ id: 1, nombre: 'Otro' }] }],
	])('a Create answered 201 with %s after Admintotal saved it is an error naming the item, never an empty output', async (_what, body) => {
		savedAfterwards('/prospectos/', { status: 201, body });
		const run = await prospects(['Sin registro']);
		expect(prospectIdOf('Sin registro')).toEqual(expect.any(Number));
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe(`Admintotal did not answer with the result of the write; the record may have been created: ${CHECK}`);
		expect(run.error?.description).toContain('(HTTP 201, item 0)');
	});

	it('a 204 without a body to a write is still done, and a 400 still says nothing of a record that may exist', async () => {
		fixture.sandbox.faults.add({ method: 'PATCH', path: `/api/v2/ordenes_servicio/${DEMO.ordenServicio.id}/`, status: 204, body: '' });
		const updated = await fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'update', workOrderId: byId(DEMO.ordenServicio.id), updateFields: { priority: 1 } });
		expect(updated.error).toBeUndefined();
		expect(updated.json).toEqual([{ success: true }]);
		const refused = await salesNotes(['BAD-2']);
		expect(refused.error?.message).toMatch(/^Admintotal rejected the data sent: /);
		expect(`${refused.error?.message}\n${refused.error?.description}`).not.toMatch(/may have been/);
	});

	it.each([
		[403, {}, false],
		[409, {}, false],
		[429, { retryAfterSeconds: 0, times: 4 }, false],
		[408, {}, true],
	])('a Create answered %i: the record may exist only after a 408 (a 4xx is a refusal, a 429 was not processed)', async (status, rule, unknown) => {
		fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', status, ...rule });
		const run = await prospects(['Rechazado']);
		expect(prospectIdOf('Rechazado')).toBeUndefined();
		expect(run.error?.message.endsWith(`; the record may have been created: ${CHECK}`)).toBe(unknown);
	});

	it('a write whose connection is refused was never sent: the error says nothing was changed', async () => {
		const closed = createServer();
		await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
		const { port } = closed.address() as AddressInfo;
		await new Promise((done) => closed.close(done));
		const run = await runNode({
			node: 'admintotalProspect',
			parameters: { resource: 'prospect', operation: 'create', name: 'Nunca enviado' },
			credential: credentialFor({ baseUrl: `http://127.0.0.1:${port}`, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		});
		expect(run.error?.message).toBe(`Could not reach Admintotal at http://127.0.0.1:${port}`);
		expect(run.error?.description).toContain('ECONNREFUSED');
		expect(run.error?.description).toContain('Nothing was changed; it is safe to run again.');
		expect(run.error?.description).not.toMatch(/may (or may not )?have been/);
	});

	describe('a write whose record exists when what comes after it fails', () => {
		// Each run's totals are its own, so its advances are found in the store by them.
		let lastTotal = 900;
		const advances = async (count: number, { continueOnFail = false, onError }: { continueOnFail?: boolean; onError?: 'continueErrorOutput' } = {}) => {
			const totals = Array.from({ length: count }, () => `${++lastTotal}.25`);
			const run = await fixture.run(
				'admintotalCustomerAdvance',
				{ ...advanceParameters('={{ $json.total }}'), cfdiXmlAsFile: true },
				{ input: totals.map((total) => ({ total })), continueOnFail, typeVersion: 2, ...(onError ? { settings: { onError } } : {}) },
			);
			return { run, ids: totals.map((total) => advanceIdOf(total)) };
		};
		const advanceIdOf = (total: string) => store().anticiposClientes.find((advance) => String(advance.total) === total)?.id;
		let binaryStore: Awaited<ReturnType<typeof useFullBinaryStore>>;
		beforeEach(async () => {
			binaryStore = await useFullBinaryStore();
		});
		afterEach(async () => {
			await binaryStore.close();
		});

		it("Customer Advance › Create with its CFDI as a file, n8n's binary store full: the error names the advance created, with its ID", async () => {
			const { run, ids: [id] } = await advances(1);
			expect(id).toEqual(expect.any(Number));
			expect(binaryStore.attempts()).toBe(1);
			expect(posted('/movimientos/anticipos_clientes/')).toHaveLength(1);
			expect(run.json).toEqual([]);
			expect(run.error?.message).toBe(`The record was created in Admintotal (ID ${id}), but what came after failed: ENOSPC: no space left on device, write`);
			expect(run.error?.description).toContain('It is done: leave item 0 out before running again.');
		});

		it('two advances whose files cannot be stored: the error names the one that failed first, and the other as done with its ID', async () => {
			const { run, ids: [first, second] } = await advances(2);
			expect([first, second]).toEqual([expect.any(Number), expect.any(Number)]);
			expect(run.error?.message).toBe(`The record was created in Admintotal (ID ${first}), but what came after failed: ENOSPC: no space left on device, write`);
			expect(run.error?.description).toContain(`Already done in Admintotal before this failure: item 1 (ID ${second}).`);
			expect(run.error?.description).not.toContain('Outcome unknown');
		});

		it('under On Error: Continue, the item carries both the error and the advance created (in details)', async () => {
			const { run, ids } = await advances(2, { continueOnFail: true });
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(2);
			for (const [index, item] of run.items.entries()) {
				expect(item.json).toEqual({
					error: `The record was created in Admintotal (ID ${ids[index]}), but what came after failed: ENOSPC: no space left on device, write`,
					details: expect.objectContaining({ id: ids[index], cfdi_uuid: expect.any(String) }),
				});
				expect(item.binary).toBeUndefined();
				expect(item.pairedItem).toEqual({ item: index });
			}
		});

		it('under On Error: Continue (using error output), the item goes to the error output with the advance created', async () => {
			const { run, ids } = await advances(1, { onError: 'continueErrorOutput' });
			expect(run.error).toBeUndefined();
			expect(run.items).toEqual([]);
			expect(run.errorItems.map((item) => item.json)).toEqual([
				expect.objectContaining({ error: expect.stringContaining(`(ID ${ids[0]})`), details: expect.objectContaining({ id: ids[0] }) }),
			]);
		});
	});
});
