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
});
