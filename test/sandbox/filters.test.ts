import { DEMO, startSandbox, type Sandbox } from './index';
import { call } from './testing';

/**
 * What the query filters refuse or match beyond the results the nodes' Get Many tests compare with the store
 * (test/nodes/salesDocumentFilters.ts, workOrder/getAll, blacklist/getAll).
 */
describe('sandbox filters', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 200, max: 200 } });
	});
	afterAll(() => sandbox.close());

	it.each(['movimientos/notas_venta/', 'movimientos/pedidos/'])('%s: 400 for malformed filters, empty for an unknown client', async (path) => {
		const answer = await call(sandbox, `${path}?fecha=05/03/2026&folio=abc`);
		expect([answer.status, answer.json]).toEqual([400, { fecha: ['Introduzca una fecha válida.'], folio: ['Introduzca un número.'] }]);
		expect((await call(sandbox, `${path}?cliente=999999`)).json.count).toBe(0);
	});

	it('refuses a work-order status outside the catalog', async () => {
		const bad = await call(sandbox, 'ordenes_servicio/?status=9');
		expect(bad.status).toBe(400);
		expect(bad.json).toEqual({ status: ['Escoja una opción válida. 9 no es una de las opciones disponibles.'] });
	});

	it('matches the blacklist rfc exactly, in any case', async () => {
		const byRfc = (await call(sandbox, `listanegra/?rfc=${DEMO.listaNegra.presunto.rfc.toLowerCase()}`)).json;
		expect(byRfc.results).toEqual([DEMO.listaNegra.presunto]);
		expect((await call(sandbox, `listanegra/?rfc=${DEMO.listaNegra.presunto.rfc.slice(0, 6)}`)).json.count).toBe(0);
	});
});
