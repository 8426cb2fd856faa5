import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

const PAGE_MAX = 9;

describe('Admintotal Ledger Account: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const accounts = () => fixture.sandbox.store.cuentas;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalLedgerAccount',
		resource: 'ledgerAccount',
		path: '/cuentas/',
		records: accounts,
		pageMax: PAGE_MAX,
		noun: 'ledger accounts',
	});

	it('returns each ledger account as the API sends it, parent included (seven fields, so no Simplify)', async () => {
		const run = await fixture.run('admintotalLedgerAccount', { resource: 'ledgerAccount', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/cuentas/').map((request) => [request.method, request.query])).toEqual([['GET', { limit: '2' }]]);
		expect(run.json).toEqual(asJson(accounts().slice(0, 2)));
	});
});
