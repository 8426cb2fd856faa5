import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { credentialFor, runNode } from '../harness/engine';
import { startForeignHost } from '../harness/foreignHost';

/**
 * The shared transport as every node uses it: origins, retries, errors. Paging, and every way a list
 * can go wrong, is in test/foundation/lists.test.ts.
 */
describe('shared transport', () => {
	let sandbox: Sandbox;
	const credential = () => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	const getMany = (extra: Record<string, unknown>) =>
		runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'getAll', ...extra }, credential: credential() });

	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 20, max: 6 } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.clearRequests();
		sandbox.faults.clear();
	});

	it('a next link on another origin is refused and that origin never sees the credential', async () => {
		const trap = await startForeignHost();
		const foreign = await startSandbox({ pageSize: { default: 20, max: 6 }, linkOrigin: trap.url });
		try {
			const run = await runNode({
				node: 'admintotalLedgerAccount',
				parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true },
				credential: credentialFor({ baseUrl: foreign.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
			});
			expect(run.error?.message).toMatch(/link to another site \(http:\/\/localhost:\d+\); it was not followed/);
			expect(foreign.requests).toHaveLength(1);
			expect(trap.hits).toHaveLength(0);
		} finally {
			await foreign.close();
			await trap.close();
		}
	});

	it('a dropped connection on a read is retried and nothing is lost', async () => {
		sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas/', nth: 2, drop: true });
		const run = await getMany({ returnAll: true });
		expect(run.error).toBeUndefined();
		expect(new Set(run.json.map((account) => account.id)).size).toBe(sandbox.store.cuentas.length);
	});

	it('the API key never appears in output or errors', async () => {
		sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas/', status: 400, body: { limit: ['Valor inválido.'] } });
		const run = await getMany({ returnAll: true });
		expect(run.error?.description).toContain('limit: Valor inválido.');
		expect(JSON.stringify(run)).not.toContain(DEMO.apiKey);
	});
});

describe('shared transport: configuration mistakes', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => sandbox.close());

	it('a resource the node does not offer stops the item instead of calling the API root', async () => {
		const run = await runNode({
			node: 'admintotalBlacklist',
			parameters: { resource: 'blacklist', operation: 'checkRfc', rfc: DEMO.rfcNoListado },
			credential: credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
		});
		expect(run.error?.message).toBe("No Admintotal operation is selected: check the node's Resource and Operation");
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('shared transport: reading network faults of older n8n versions', () => {
	// n8n 2.8 (n8n-workflow 2.8) loses the HTTP client's error in `cause`; only httpCode survives.
	const { networkCodeOf } = jest.requireActual('../../dist/nodes/shared/tenant/errors') as typeof import('../../nodes/shared/tenant/errors');

	it('recognises a dropped connection reported only as httpCode', () => {
		expect(networkCodeOf({ httpCode: 'ECONNRESET', message: 'The connection to the server was closed unexpectedly' })).toBe('ECONNRESET');
		expect(networkCodeOf({ httpCode: '404', message: 'Not found' })).toBeUndefined();
	});
});
