import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Blacklist: Check RFC', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 50 } });
	const check = (rfc: string, extra: { input?: Array<Record<string, unknown>>; continueOnFail?: boolean } = {}) =>
		fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'checkRfc', rfc }, extra);

	it('a listed RFC sends GET /listanegra/?rfc= and gives one item with listed true, its type and name', async () => {
		const { definitivo } = DEMO.listaNegra;
		const run = await check(definitivo.rfc);

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/api/v2/listanegra/', { rfc: definitivo.rfc }],
		]);
		expect(run.json).toEqual([{ rfc: definitivo.rfc, listed: true, tipo: 1, tipoLabel: 'Definitivo', nombre: definitivo.nombre }]);
	});

	it('an RFC that is not on the list still gives exactly one item, with listed false', async () => {
		const run = await check(DEMO.rfcNoListado);

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: DEMO.rfcNoListado }]);
		expect(run.json).toEqual([{ rfc: DEMO.rfcNoListado, listed: false, tipo: null, tipoLabel: null, nombre: null }]);
	});

	it('a malformed RFC stops the item naming the RFC field and the item, and nothing is sent', async () => {
		const run = await check('ABC-12');

		expect(run.error?.message).toBe("'RFC' is not a valid RFC [item 0]");
		expect(run.error?.description).toContain('"ABC12" is not an RFC');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('an RFC with an impossible date is refused before any request', async () => {
		const run = await check('FAC131316JQ4');

		expect(run.error?.message).toBe("'RFC' is not a valid RFC [item 0]");
		expect(run.error?.description).toContain('impossible date');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('lower case, spaces and dashes are cleaned before the RFC is sent', async () => {
		const { presunto } = DEMO.listaNegra;
		const written = ` ${presunto.rfc.slice(0, 3).toLowerCase()}-${presunto.rfc.slice(3, 9)} ${presunto.rfc.slice(9).toLowerCase()} `;
		const run = await check(written);

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: presunto.rfc }]);
		expect(run.json).toEqual([{ rfc: presunto.rfc, listed: true, tipo: 3, tipoLabel: 'Presunto', nombre: presunto.nombre }]);
	});

	it('checks one RFC per input item and outputs one item per input, in order, ready to branch on listed', async () => {
		const { definitivo, desvirtuado } = DEMO.listaNegra;
		const run = await check('={{ $json.supplierRfc }}', {
			input: [{ supplierRfc: definitivo.rfc }, { supplierRfc: DEMO.rfcNoListado }, { supplierRfc: desvirtuado.rfc }],
		});

		expect(run.error).toBeUndefined();
		expect(run.json.map((json) => [json.rfc, json.listed, json.tipoLabel])).toEqual([
			[definitivo.rfc, true, 'Definitivo'],
			[DEMO.rfcNoListado, false, null],
			[desvirtuado.rfc, true, 'Desvirtuado'],
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(fixture.requestsTo('/listanegra/')).toHaveLength(3);
	});

	it('with Continue On Fail a malformed RFC becomes an error item and the others are still checked', async () => {
		const run = await check('={{ $json.rfc }}', {
			input: [{ rfc: DEMO.listaNegra.definitivo.rfc }, { rfc: 'not an rfc' }],
			continueOnFail: true,
		});

		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2);
		expect(run.json[0]).toMatchObject({ listed: true, tipo: 1 });
		expect(run.json[1].error).toBe("'RFC' is not a valid RFC [item 1]");
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: DEMO.listaNegra.definitivo.rfc }]);
	});
});
