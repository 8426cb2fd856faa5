import { DEMO } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';

/**
 * Under Settings → On Error → Continue, n8n copies only an error's message into the error item: the
 * API's own reason (which field, which line) must be in it, so a workflow can route and report on it.
 */
describe('errors under On Error: Continue', () => {
	const fixture = sandboxPerFile();

	it("a refused sales note's error item carries the API's field message; the good one is created", async () => {
		const order = (productCode: string) => ({ lines: [{ productCode, quantity: 1, unitPrice: 10 }] });
		const run = await fixture.run(
			'admintotalSalesNote',
			{ resource: 'salesNote', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, linesInput: 'json', linesJson: '={{ $json.lines }}' },
			{ input: [order(DEMO.producto.codigo), order('NO-SUCH-CODE')], continueOnFail: true },
		);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2);
		expect(run.json[0].id).toEqual(expect.any(Number));
		expect(run.json[1].error).toMatch(/^Admintotal rejected the data sent: detalles\[0\]\.producto_codigo: .*NO-SUCH-CODE/);
		const posts = fixture.requestsTo('/movimientos/notas_venta/').filter((request) => request.method === 'POST');
		expect(posts.map((request) => request.status).sort()).toEqual([201, 400]);
	});

	it("a prospect answered 502 after Admintotal saved it: its error item says the record may have been created; the other is created", async () => {
		fixture.sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', afterRoute: true, nth: 2, status: 502 });
		const run = await fixture.run(
			'admintotalProspect',
			{ resource: 'prospect', operation: 'create', name: '={{ $json.name }}' },
			{ input: [{ name: 'Continúa 1' }, { name: 'Continúa 2' }], continueOnFail: true },
		);
		expect(run.error).toBeUndefined();
		const posts = fixture.requestsTo('/prospectos/').filter((request) => request.method === 'POST');
		const lost = posts.findIndex((request) => request.status === 502);
		const lostItem = (posts[lost].body as { nombre: string }).nombre === 'Continúa 1' ? 0 : 1;
		expect(run.json[lostItem].error).toBe('Admintotal answered with a failure on its side; the record may have been created: check Admintotal before running again');
		expect(run.json[1 - lostItem].id).toEqual(expect.any(Number));
		expect(fixture.sandbox.store.prospectos.filter((prospect) => prospect.nombre.startsWith('Continúa ')).map((prospect) => prospect.nombre).sort()).toEqual(['Continúa 1', 'Continúa 2']);
	});
});
