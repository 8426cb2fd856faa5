import { DEMO } from '../../sandbox';
import { asJson, byId, fromList, sandboxPerFile } from '../fixture';

const PAGE_MAX = 6;

describe('Admintotal Ledger Account: Get', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const get = (ledgerAccountId: object) => fixture.run('admintotalLedgerAccount', { resource: 'ledgerAccount', operation: 'get', ledgerAccountId });
	const listRequests = () => fixture.requestsTo('/cuentas/');

	it('By ID sends GET /cuentas/{id}/ and returns the whole ledger account', async () => {
		const run = await get(byId(DEMO.cuentaGasto.id));

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', `/api/v2/cuentas/${DEMO.cuentaGasto.id}/`, {}],
		]);
		expect(run.json).toEqual([asJson(fixture.sandbox.store.byId(fixture.sandbox.store.cuentas, DEMO.cuentaGasto.id))]);
		expect(run.json[0].numero_cuenta).toBe(DEMO.cuentaGasto.numero);
	});

	it('From List uses the picked ID the same way', async () => {
		const account = fixture.sandbox.store.cuentas[4];
		const run = await get(fromList(account.id));

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([asJson(account)]);
		expect(fixture.requestsTo(`/cuentas/${account.id}/`)).toHaveLength(1);
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	it("a missing ID fails with the API's 404 message", async () => {
		const run = await get(byId(99999));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(fixture.sandbox.requests.map((request) => [request.path, request.status])).toEqual([['/api/v2/cuentas/99999/', 404]]);
	});

	it('an ID typed By ID that is not a whole number is flagged by n8n before the node runs', async () => {
		const run = await get(byId(DEMO.cuentaGasto.numero));

		expect(run.error?.message).toContain('The ID is a whole number');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('an ID from an expression that is not a whole number is refused naming the field and the item', async () => {
		const run = await get(byId(`={{ "${DEMO.cuentaGasto.numero}" }}`));

		expect(run.error?.message).toBe(`'Ledger Account' must be a whole number greater than 0, got "${DEMO.cuentaGasto.numero}" [item 0]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('"From list" search where the API cannot search reads on until it finds matches, not stopping at an empty page', async () => {
		const accounts = fixture.sandbox.store.cuentas;
		const last = accounts[accounts.length - 1];
		expect(accounts.length).toBeGreaterThan(2 * PAGE_MAX);
		const found = await fixture.search('admintotalLedgerAccount', 'searchLedgerAccounts', String(last.numero_cuenta));
		expect(found.results.map((option) => option.value)).toContain(String(last.id));
		expect(found.paginationToken).toBeUndefined();
		expect(listRequests().map((request) => request.query.offset ?? '0')).toEqual(
			Array.from({ length: Math.ceil(accounts.length / PAGE_MAX) }, (_, page) => String(page * PAGE_MAX)),
		);
	});

	it('"From list" without a search reads one page per scroll, with the offset of the next one', async () => {
		const accounts = fixture.sandbox.store.cuentas;
		const first = await fixture.search('admintotalLedgerAccount', 'searchLedgerAccounts');
		expect(first.results).toHaveLength(PAGE_MAX);
		expect(first.paginationToken).toBe(String(PAGE_MAX));
		expect(first.results[0]).toEqual({ name: `${accounts[0].numero_cuenta} ${accounts[0].descripcion}`, value: String(accounts[0].id) });
		const second = await fixture.search('admintotalLedgerAccount', 'searchLedgerAccounts', undefined, first.paginationToken);
		expect(second.results.map((option) => option.value)).toEqual(accounts.slice(PAGE_MAX, 2 * PAGE_MAX).map((account) => String(account.id)));
		expect(listRequests()).toHaveLength(2);
	});
});
