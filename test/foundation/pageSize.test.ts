/*
 * A page size that fits the tenant's records. The node asks 100 records a page; a wholesale tenant's
 * sales notes of 160 lines with their stamped XML make a page of 100 larger than the 8 MB an answer
 * may be. The list then asks smaller pages (half the list's own limit, as its next link gives it)
 * and still returns every record once, in order; the bound still stops a runaway answer.
 */
import { xmlNotaVenta } from '../sandbox/store/cfdi';
import type { RecordedRequest } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';

const NOTES = '/movimientos/notas_venta/';
const LINES = 160;
const fixture = sandboxPerFile({ volume: { notasVenta: 100 }, pageSize: { default: 20, max: 200 } });

beforeAll(() => {
	// Every note long and stamped: 160 lines, and the XML with a concept for each.
	for (const note of fixture.sandbox.store.notasVenta) {
		note.detalles = Array.from({ length: LINES }, (_, index) => ({ ...note.detalles[index % note.detalles.length] }));
		note.xml_timbrado = xmlNotaVenta(fixture.sandbox.store, note);
	}
});

const asked = (requests: RecordedRequest[]) => requests.map((request) => `${request.query.offset ?? 0}+${request.query.limit}`);
const getMany = (parameters: Record<string, unknown>) =>
	fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', filters: { cancelled: 'all' }, simplify: false, ...parameters });
const ids = () => fixture.sandbox.store.notasVenta.map((note) => note.id);

describe('a page larger than an answer may be', () => {
	it('the tenant holds what the issue saw: a page of 100 notes of 160 lines with their XML is past 8 MB', async () => {
		const whole = JSON.stringify(fixture.sandbox.store.notasVenta);
		expect(Buffer.byteLength(whole)).toBeGreaterThan(8 * 1024 * 1024);
	});

	it.each([1, 4])('Return All (Parallel Requests %i) asks half as many, and returns every note once, in order', async (parallelRequests) => {
		const run = await getMany({ returnAll: true, options: { parallelRequests } });
		expect(run.error).toBeUndefined();
		expect(run.json.map((note) => note.id)).toEqual(ids());
		expect(run.json[99].detalles).toHaveLength(LINES);
		// The page of 100 is cut at the bound, then the list asks pages of 50.
		expect(asked(fixture.requestsTo(NOTES))).toEqual(['0+100', '0+50', '50+50']);
	});

	it('a Limit whose page is too large too: 99 notes asked as 99, then as 50 and the 49 left', async () => {
		const run = await getMany({ returnAll: false, limit: 99 });
		expect(run.error).toBeUndefined();
		expect(run.json.map((note) => note.id)).toEqual(ids().slice(0, 99));
		expect(asked(fixture.requestsTo(NOTES))).toEqual(['0+99', '0+50', '50+49']);
	});

	it("halves the list's own limit, as the next link gives it, when a later page is too large", async () => {
		// The page at offset 50 answered once with 9 MB: the list's limit is then 50 (its next link's), so it asks 25.
		const huge = JSON.stringify({ count: 100, next: null, previous: null, results: [{ id: 1, comentarios: 'x'.repeat(9 * 1024 * 1024) }] });
		fixture.sandbox.faults.add({ method: 'GET', path: `/api/v2${NOTES}`, query: { offset: '50' }, status: 200, body: huge, times: 1 });
		const run = await getMany({ returnAll: true, options: { parallelRequests: 1 } });
		expect(run.error).toBeUndefined();
		expect(run.json.map((note) => note.id)).toEqual(ids());
		expect(asked(fixture.requestsTo(NOTES))).toEqual(['0+100', '0+50', '50+50', '50+25', '75+25']);
	});
});
