import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 12;

describe('Admintotal Prospect: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (prospectId: object, extra: Record<string, unknown> = {}) =>
		fixture.run('admintotalProspect', { resource: 'prospect', operation: 'get', prospectId, ...extra });

	it('By ID sends GET /prospectos/{id}/ and, with Simplify off, returns the whole prospect', async () => {
		const run = await get(byId(DEMO.prospecto.id), { simplify: false });

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/prospectos/${DEMO.prospecto.id}/`, {}],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.prospectos[0])]);
		expect(run.json[0].codigo).toBe(DEMO.prospecto.codigo);
	});

	it('From List with Simplify gives the summary of the picked prospect', async () => {
		const prospect = fixture.sandbox.store.prospectos[5];
		const run = await get(fromList(prospect.id));

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([
			{
				id: prospect.id,
				codigo: prospect.codigo,
				nombre: prospect.nombre,
				empresa: prospect.empresa,
				nombre_comercial: prospect.nombre_comercial,
				rfc: prospect.rfc,
				sucursal: prospect.sucursal,
				status: prospect.status,
				stats_display: prospect.stats_display,
			},
		]);
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(31337));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/prospectos/31337/', 404]]);
	});

	it('From List shows code, company and contact, one page at a time, searchable', async () => {
		const prospects = fixture.sandbox.store.prospectos;
		const first = await fixture.search('admintotalProspect', 'searchProspects');

		expect(first.results.map((option) => option.value)).toEqual(prospects.slice(0, PAGE_MAX).map((prospect) => String(prospect.id)));
		const [head] = prospects;
		expect(first.results[0].name).toBe([head.codigo, head.nombre_comercial || head.empresa, head.nombre].filter(Boolean).join(' · '));
		expect(first.paginationToken).toBe(String(PAGE_MAX));

		const searched = await fixture.search('admintotalProspect', 'searchProspects', DEMO.prospecto.codigo.toLowerCase());
		expect(searched.results.map((option) => option.value)).toEqual([String(DEMO.prospecto.id)]);
	});
});
