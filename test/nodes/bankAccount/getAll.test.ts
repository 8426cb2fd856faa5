import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';

/** The sandbox holds eight bank accounts: pages of three make Return All take three requests. */
const PAGE_MAX = 3;

describe('Admintotal Bank Account: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const accounts = () => fixture.sandbox.store.cuentasBancarias;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalBankAccount',
		resource: 'bankAccount',
		path: '/cuentas_bancarias/',
		records: accounts,
		pageMax: PAGE_MAX,
		noun: 'bank accounts',
	});

	it('returns each bank account as the API sends it (nine fields, so no Simplify)', async () => {
		const run = await fixture.run('admintotalBankAccount', { resource: 'bankAccount', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/cuentas_bancarias/').map((request) => [request.method, request.query])).toEqual([['GET', { limit: '2' }]]);
		expect(run.json).toEqual(asJson(accounts().slice(0, 2)));
	});
});
