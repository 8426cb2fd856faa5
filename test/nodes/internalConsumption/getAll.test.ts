import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 8;
const SIMPLIFIED = ['id', 'folio', 'folio_completo', 'fecha', 'almacen', 'motivo', 'vendedor', 'subtotal', 'iva', 'total', 'status_display', 'cancelado'];

describe('Admintotal Internal Consumption: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const consumptions = () => fixture.sandbox.store.consumoInterno;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalInternalConsumption',
		resource: 'internalConsumption',
		path: '/movimientos/consumo_interno/',
		records: consumptions,
		pageMax: PAGE_MAX,
		noun: 'internal consumptions',
	});

	it('Simplify (on by default) keeps what was consumed, when, for how much and its state', async () => {
		const run = await fixture.run('admintotalInternalConsumption', { resource: 'internalConsumption', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		expect(run.json.map((json) => Object.keys(json))).toEqual([SIMPLIFIED, SIMPLIFIED]);
		const [first] = consumptions();
		expect(run.json[0]).toEqual(Object.fromEntries(SIMPLIFIED.map((key) => [key, asJson(first)[key as keyof typeof first]])));
	});

	it('with Simplify off every field comes as the API sends it', async () => {
		const run = await fixture.run('admintotalInternalConsumption', {
			resource: 'internalConsumption',
			operation: 'getAll',
			limit: 2,
			simplify: false,
		});

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(consumptions().slice(0, 2)));
	});
});
