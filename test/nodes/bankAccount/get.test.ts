import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 6;

describe('Admintotal Bank Account: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (bankAccountId: object, extra: { input?: Array<Record<string, unknown>> } = {}) =>
		fixture.run('admintotalBankAccount', { resource: 'bankAccount', operation: 'get', bankAccountId }, extra);

	it('By ID sends GET /cuentas_bancarias/{id}/ and returns the whole bank account', async () => {
		const run = await get(byId(DEMO.cuentaBancaria.id));

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/cuentas_bancarias/${DEMO.cuentaBancaria.id}/`, {}],
		]);
		const account = asJson(fixture.sandbox.store.byId(fixture.sandbox.store.cuentasBancarias, DEMO.cuentaBancaria.id));
		expect(run.json).toEqual([account]);
		expect(run.json[0]).toMatchObject({ banco: DEMO.cuentaBancaria.banco, cuenta_contable: DEMO.cuentaBancaria.cuentaContable });
	});

	it('From List returns the record the sandbox holds', async () => {
		const account = fixture.sandbox.store.cuentasBancarias[2];
		const run = await get(fromList(account.id));
		expect(run.json).toEqual([account]);
		expect(fixture.sandbox.requests[0].path).toBe(`/api/v2/cuentas_bancarias/${account.id}/`);
	});

	it('Get of a missing ID gives the API 404 message with status and item', async () => {
		const run = await get(byId(999999));
		expect(fixture.sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['GET /api/v2/cuentas_bancarias/999999/ 404']);
		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(run.error?.description).toContain('HTTP 404, item 0');
	});

	it('Get of an ID that is not a number is refused before any request', async () => {
		const typed = await get(byId('abc'));
		expect(typed.error?.message).toContain('The ID is a whole number');
		expect(fixture.sandbox.requests).toHaveLength(0);

		const fromExpression = await get(byId('={{ $json.account }}'), { input: [{ account: 7 }, { account: 'cuenta-7' }] });
		expect(fromExpression.error?.message).toBe(`'Bank Account' must be a whole number greater than 0, got "cuenta-7" [item 1]`);
		expect(fixture.sandbox.requests.filter((request) => request.path.includes('cuenta-7'))).toHaveLength(0);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('"From list" searches bank accounts page by page', async () => {
		const accounts = fixture.sandbox.store.cuentasBancarias;
		const all = await fixture.search('admintotalBankAccount', 'searchBankAccounts');
		expect(all.results).toHaveLength(Math.min(PAGE_MAX, accounts.length));
		const wanted = String(accounts[0].descripcion).slice(0, 5);
		const found = await fixture.search('admintotalBankAccount', 'searchBankAccounts', wanted);
		expect(found.results.length).toBeGreaterThan(0);
		for (const option of found.results) expect(option.name.toLowerCase()).toContain(wanted.toLowerCase());
	});
});
