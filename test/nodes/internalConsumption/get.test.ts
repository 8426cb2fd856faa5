import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 10;

describe('Admintotal Internal Consumption: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (internalConsumptionId: object, extra: Record<string, unknown> = {}) =>
		fixture.run('admintotalInternalConsumption', { resource: 'internalConsumption', operation: 'get', internalConsumptionId, ...extra });

	it('By ID sends GET /movimientos/consumo_interno/{id} without a trailing slash, as the spec writes it', async () => {
		const run = await get(byId(DEMO.consumoInterno.id), { simplify: false });

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.url])).toEqual([
			['GET', `/api/v2/movimientos/consumo_interno/${DEMO.consumoInterno.id}`],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.consumoInterno[0])]);
	});

	it('Simplify (on by default) gives the summary of the picked document', async () => {
		const consumption = fixture.sandbox.store.consumoInterno[3];
		const run = await get(fromList(consumption.id));

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([
			{
				id: consumption.id,
				folio: consumption.folio,
				folio_completo: consumption.folio_completo,
				fecha: consumption.fecha,
				almacen: consumption.almacen,
				motivo: consumption.motivo,
				vendedor: consumption.vendedor,
				subtotal: consumption.subtotal,
				iva: consumption.iva,
				total: consumption.total,
				status_display: consumption.status_display,
				cancelado: consumption.cancelado,
			},
		]);
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(4242));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => [request.url, request.status])).toEqual([['/api/v2/movimientos/consumo_interno/4242', 404]]);
	});

	it('From List shows folio, reason and date, one page at a time, searchable', async () => {
		const consumptions = fixture.sandbox.store.consumoInterno;
		const first = await fixture.search('admintotalInternalConsumption', 'searchInternalConsumptions');

		expect(first.results.map((option) => option.value)).toEqual(consumptions.slice(0, PAGE_MAX).map((record) => String(record.id)));
		const [head] = consumptions;
		expect(first.results[0].name).toBe([head.folio_completo, head.motivo, head.fecha].filter(Boolean).join(' · '));
		expect(first.paginationToken).toBe(String(PAGE_MAX));

		const last = await fixture.search('admintotalInternalConsumption', 'searchInternalConsumptions', undefined, String(consumptions.length - 2));
		expect(last.results.map((option) => option.value)).toEqual(consumptions.slice(-2).map((record) => String(record.id)));
		expect(last.paginationToken).toBeUndefined();

		const searched = await fixture.search('admintotalInternalConsumption', 'searchInternalConsumptions', head.folio_completo);
		expect(searched.results.map((option) => option.value)).toContain(String(head.id));
		expect(searched.results.every((option) => option.name.includes(head.folio_completo))).toBe(true);
	});
});
