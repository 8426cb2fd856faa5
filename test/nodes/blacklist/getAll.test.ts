import { DEMO } from '../../sandbox';
import { asJson, sandboxPerFile } from '../fixture';

describe('Admintotal Blacklist: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 60 } });
	const entries = () => fixture.sandbox.store.listaNegra;
	const getMany = (filters: Record<string, unknown>) =>
		fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'getAll', returnAll: true, filters });
	const sentQueries = () => fixture.requestsTo('/listanegra/').map((request) => request.query);

	it.each([
		[1, 'Definitivo'],
		[2, 'Desvirtuado'],
		[3, 'Presunto'],
	])('the Type filter %s (%s) sends tipo and returns only entries of that type', async (tipo) => {
		const run = await getMany({ type: tipo });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ tipo: String(tipo), limit: '100' });
		const expected = asJson(entries().filter((entry) => entry.tipo === tipo));
		expect(expected.length).toBeGreaterThan(0);
		expect(run.json).toEqual(expected);
	});

	it('the RFC filter sends the RFC in upper case, without spaces or dashes', async () => {
		const { desvirtuado } = DEMO.listaNegra;
		const run = await getMany({ rfc: ` ${desvirtuado.rfc.toLowerCase().replace(/^(...)/, '$1-')} ` });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ rfc: desvirtuado.rfc, limit: '100' });
		expect(run.json).toEqual([{ rfc: desvirtuado.rfc, nombre: desvirtuado.nombre, tipo: 2 }]);
	});

	it('the Name filter sends nombre and returns the entries whose name matches', async () => {
		const run = await getMany({ name: 'alfa del centro' });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ nombre: 'alfa del centro', limit: '100' });
		expect(run.json).toEqual(asJson(entries().filter((entry) => entry.nombre.toLowerCase().includes('alfa del centro'))));
		expect(run.json.map((json) => json.rfc)).toContain(DEMO.listaNegra.definitivo.rfc);
	});
});
