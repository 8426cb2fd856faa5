import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 15;

describe('Admintotal Credit Note: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (creditNoteId: object) => fixture.run('admintotalCreditNote', { resource: 'creditNote', operation: 'get', creditNoteId });

	it('By ID sends GET /movimientos/notas_credito/{id}/ and returns the whole credit note', async () => {
		const run = await get(byId(DEMO.notaCredito.id));

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/movimientos/notas_credito/${DEMO.notaCredito.id}/`, {}],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.byId(fixture.sandbox.store.notasCredito, DEMO.notaCredito.id))]);
	});

	it('From List uses the picked ID the same way', async () => {
		const note = fixture.sandbox.store.notasCredito[4];
		const run = await get(fromList(note.id));

		expect(run.error).toBeUndefined();
		expect(run.json.map((json) => json.id)).toEqual([note.id]);
		expect(fixture.requestsTo(`/movimientos/notas_credito/${note.id}/`)).toHaveLength(1);
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(99999));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => request.status)).toEqual([404]);
	});

	it('an ID typed By ID that is not a whole number is flagged by n8n before the node runs', async () => {
		const run = await get(byId('NC-1201'));

		expect(run.error?.message).toContain('The ID is a whole number');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('an ID from an expression that is not a whole number is refused naming the field and the item', async () => {
		const run = await get(byId('={{ "NC-" + 1201 }}'));

		expect(run.error?.message).toBe(`'Credit Note' must be a whole number greater than 0, got "NC-1201" [item 0]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('From List shows folio, client and date of one page at a time, searchable', async () => {
		const notes = fixture.sandbox.store.notasCredito;
		const first = await fixture.search('admintotalCreditNote', 'searchCreditNotes');

		expect(first.results.map((option) => option.value)).toEqual(notes.slice(0, PAGE_MAX).map((note) => String(note.id)));
		expect(first.results[0].name).toBe(`${notes[0].folio_completo} · ${notes[0].cliente.razon_social} · ${notes[0].fecha}`);
		expect(first.paginationToken).toBe(String(PAGE_MAX));

		const second = await fixture.search('admintotalCreditNote', 'searchCreditNotes', undefined, first.paginationToken);
		expect(second.results.map((option) => option.value)).toEqual(notes.slice(PAGE_MAX, 2 * PAGE_MAX).map((note) => String(note.id)));

		const wanted = notes[2].folio_completo;
		const searched = await fixture.search('admintotalCreditNote', 'searchCreditNotes', wanted.toLowerCase());
		expect(searched.results.map((option) => option.value)).toContain(String(notes[2].id));
		expect(searched.results.every((option) => option.name.toLowerCase().includes(wanted.toLowerCase()))).toBe(true);
	});
});
