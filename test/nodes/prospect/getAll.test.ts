import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 12;
const SIMPLIFIED = ['id', 'codigo', 'nombre', 'empresa', 'nombre_comercial', 'rfc', 'sucursal', 'status', 'stats_display'];

describe('Admintotal Prospect: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const prospects = () => fixture.sandbox.store.prospectos;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalProspect',
		resource: 'prospect',
		path: '/prospectos/',
		records: prospects,
		pageMax: PAGE_MAX,
		noun: 'prospects',
	});

	it('Simplify (on by default) keeps who the prospect is and its status', async () => {
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		const [first] = asJson(prospects());
		expect(Object.keys(run.json[0])).toEqual(SIMPLIFIED);
		expect(run.json[0]).toEqual(Object.fromEntries(SIMPLIFIED.map((key) => [key, first[key as keyof typeof first]])));
	});

	it('with Simplify off every field comes as the API sends it', async () => {
		const run = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', limit: 2, simplify: false });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(prospects().slice(0, 2)));
	});
});
