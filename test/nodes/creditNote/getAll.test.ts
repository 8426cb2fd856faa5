import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 7;

describe('Admintotal Credit Note: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalCreditNote',
		resource: 'creditNote',
		path: '/movimientos/notas_credito/',
		records: () => fixture.sandbox.store.notasCredito,
		pageMax: PAGE_MAX,
		noun: 'credit notes',
	});

	it('returns each credit note as the API sends it (nine fields, so no Simplify)', async () => {
		const run = await fixture.run('admintotalCreditNote', { resource: 'creditNote', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(fixture.sandbox.store.notasCredito.slice(0, 2)));
	});
});
