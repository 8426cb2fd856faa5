/*
 * Version 1 of the create operations started Client ID, Warehouse ID and Responsibility Center ID at 1,
 * so a forgotten field created the document for record 1. Version 2 (what a new node gets) starts them
 * empty; version 1 stays as it was, because n8n saves only values that differ from the default and
 * every version 1 workflow that never touched the field relies on that 1.
 */
import { loadPackage } from '../../harness/package';
import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

interface RequiredId {
	node: string;
	path: string;
	/** Every other field valid, and the ID under test set to `given`. */
	parameters: Record<string, unknown>;
	parameter: string;
	label: string;
	apiField: string;
	/** An existing record other than 1, so sending it is told apart from the old default. */
	given: number;
}

const pricedLine = { lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '1', unitPrice: '10.00' }] } };
const byClientId = { clientBy: 'id', clientId: String(DEMO.clientePublicoGeneral.id) };
const internalConsumption = {
	resource: 'internalConsumption',
	operation: 'create',
	warehouse: '2',
	responsibilityCenter: '3',
	expenseAccount: { __rl: true, mode: 'id', value: String(DEMO.cuentaGasto.id) },
	lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '1' }] },
};

const REQUIRED_IDS: RequiredId[] = [
	{
		node: 'admintotalSalesNote',
		path: '/movimientos/notas_venta/',
		parameters: { resource: 'salesNote', operation: 'create', ...byClientId, ...pricedLine },
		parameter: 'clientId',
		label: 'Client ID',
		apiField: 'cliente',
		given: DEMO.clientePublicoGeneral.id,
	},
	{
		node: 'admintotalOrder',
		path: '/movimientos/pedidos/',
		parameters: { resource: 'order', operation: 'create', ...byClientId, ...pricedLine },
		parameter: 'clientId',
		label: 'Client ID',
		apiField: 'id_cliente',
		given: DEMO.clientePublicoGeneral.id,
	},
	{
		node: 'admintotalCustomerAdvance',
		path: '/movimientos/anticipos_clientes/',
		parameters: {
			resource: 'customerAdvance',
			operation: 'create',
			date: '2026-03-14T00:00:00',
			...byClientId,
			bankAccount: { __rl: true, mode: 'id', value: String(DEMO.cuentaBancaria.id) },
			total: '100.00',
			usoCfdi: 'G03',
		},
		parameter: 'clientId',
		label: 'Client ID',
		apiField: 'cliente',
		given: DEMO.clientePublicoGeneral.id,
	},
	{
		node: 'admintotalInternalConsumption',
		path: '/movimientos/consumo_interno/',
		parameters: internalConsumption,
		parameter: 'warehouse',
		label: 'Warehouse ID',
		apiField: 'almacen',
		given: 2,
	},
	{
		node: 'admintotalInternalConsumption',
		path: '/movimientos/consumo_interno/',
		parameters: internalConsumption,
		parameter: 'responsibilityCenter',
		label: 'Responsibility Center ID',
		apiField: 'centro_responsabilidad',
		given: 3,
	},
];

const without = (parameters: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(parameters).filter(([key]) => key !== name));

describe('Required IDs have no silent default', () => {
	const fixture = sandboxPerFile();

	it.each([...new Set(REQUIRED_IDS.map((id) => id.node))])('%s has version 2 (its IDs start empty); version 1 workflows still load', async (node) => {
		const { description } = (await loadPackage()).node(node);
		// Version 3 added the Output choice of Get and Get Many (test/nodes/output.test.ts); Customer Advance has neither.
		const versions = node === 'admintotalCustomerAdvance' ? [1, 2] : [1, 2, 3];
		expect([description.version, description.defaultVersion]).toEqual([versions, versions.at(-1)]);
	});

	describe.each(REQUIRED_IDS.map((id) => [`${id.node}: ${id.label}`, id] as const))('%s', (_name, id) => {
		const posts = () => fixture.requestsTo(id.path).filter((request) => request.method === 'POST');
		const run = (typeVersion: number, parameters: Record<string, unknown>, input?: Array<Record<string, unknown>>) =>
			fixture.run(id.node, parameters, { typeVersion, input });

		it(`version 2 without ${id.label} sends nothing and names the field`, async () => {
			const result = await run(2, without(id.parameters, id.parameter));
			// n8n itself refuses to start a node whose required field is empty, before any item runs.
			expect(result.error?.message).toContain(`Parameter "${id.label}" is required.`);
			expect(posts()).toHaveLength(0);
		});

		it.each([
			['empty text', { id: '' }],
			['blank text', { id: '   ' }],
			['null', { id: null }],
			['undefined (the input has no such field)', {}],
		])(`version 2: an expression giving ${id.label} as %s in item 1 stops every item, naming field and item`, async (_case, second) => {
			const result = await run(2, { ...id.parameters, [id.parameter]: '={{ $json.id }}' }, [{ id: id.given }, second]);
			expect(result.error?.message).toBe(`'${id.label}' is required [item 1]`);
			expect(result.error?.description).toContain('Nothing was sent to Admintotal.');
			expect(posts()).toHaveLength(0);
		});

		it(`version 2 sends the ${id.label} given`, async () => {
			const result = await run(2, { ...id.parameters, [id.parameter]: String(id.given) });
			expect(result.error).toBeUndefined();
			expect(posts()).toHaveLength(1);
			expect((posts()[0].body as Record<string, unknown>)[id.apiField]).toBe(id.given);
		});

		it(`version 1 without ${id.label} still sends 1, as saved workflows expect`, async () => {
			await run(1, without(id.parameters, id.parameter));
			expect(posts()).toHaveLength(1);
			expect((posts()[0].body as Record<string, unknown>)[id.apiField]).toBe(1);
		});
	});
});
