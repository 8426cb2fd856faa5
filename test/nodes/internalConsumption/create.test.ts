import { DEMO } from '../../sandbox';
import { consumoInternoSchema } from '../../sandbox/schemas/movimientos';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Internal Consumption: Create', () => {
	const fixture = sandboxPerFile();
	const posts = () => fixture.requestsTo('/movimientos/consumo_interno/').filter((request) => request.method === 'POST');
	const create = (parameters: Record<string, unknown>) =>
		fixture.run('admintotalInternalConsumption', {
			resource: 'internalConsumption',
			operation: 'create',
			warehouse: 1,
			responsibilityCenter: DEMO.centroResponsabilidad.id,
			expenseAccount: { __rl: true, mode: 'list', value: String(DEMO.cuentaGasto.id) },
			lines: { line: [{ productBy: 'supplierCode', product: DEMO.producto.codigoProveedor, quantity: '4' }] },
			...parameters,
		});

	it('sends warehouse, responsibility center, expense account, lines without prices and comments', async () => {
		const run = await create({ comments: 'Uso en taller' });
		expect(run.error).toBeUndefined();
		expect(posts()[0].body).toEqual({
			almacen: 1,
			centro_responsabilidad: DEMO.centroResponsabilidad.id,
			cuenta_gasto: DEMO.cuentaGasto.id,
			detalles: [{ producto_codigo_proveedor: DEMO.producto.codigoProveedor, cantidad: '4' }],
			comentarios: 'Uso en taller',
		});
		expect(consumoInternoSchema.parse(run.json[0])).toBeTruthy();
		const fetched = await fixture.run('admintotalInternalConsumption', {
			resource: 'internalConsumption',
			operation: 'get',
			internalConsumptionId: { __rl: true, mode: 'id', value: String(run.json[0].id) },
			simplify: false,
		});
		expect(fetched.json[0].id).toBe(run.json[0].id);
	});

	it('offers the expense account from the ledger accounts', async () => {
		const page = await fixture.search('admintotalInternalConsumption', 'searchLedgerAccounts', DEMO.cuentaGasto.numero);
		expect(page.results.map((option) => option.value)).toContain(String(DEMO.cuentaGasto.id));
	});

	it('refuses a JSON line with a unit price, which an internal consumption line does not have, before sending', async () => {
		const run = await create({ linesInput: 'json', linesJson: JSON.stringify([{ productCode: DEMO.producto.codigo, quantity: '4', unitPrice: '10.00' }]) });
		expect(run.error?.message).toBe(`'Lines (JSON)' line 1: has a key a line does not know: "unitPrice" [item 0]`);
		expect(run.error?.description).toMatch(/The keys a line takes: productId, producto, productCode, producto_codigo, supplierCode, producto_codigo_proveedor, quantity, cantidad\./);
		expect(posts()).toHaveLength(0);
	});

	it('refuses a negative quantity before sending', async () => {
		const run = await create({ lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '-4' }] } });
		expect(run.error?.message).toMatch(/'Lines' line 1: quantity must not be negative, got "-4" \[item 0\]/);
		expect(posts()).toHaveLength(0);
	});
});
