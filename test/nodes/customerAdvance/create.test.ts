import { DEMO } from '../../sandbox';
import { anticipoClienteSchema } from '../../sandbox/schemas/movimientos';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Customer Advance: Create', () => {
	const fixture = sandboxPerFile();
	const create = (parameters: Record<string, unknown>) =>
		fixture.run('admintotalCustomerAdvance', {
			resource: 'customerAdvance',
			operation: 'create',
			date: '2026-03-14T00:00:00',
			clientBy: 'rfc',
			clientRfc: DEMO.cliente.rfc,
			bankAccount: { __rl: true, mode: 'list', value: String(DEMO.cuentaBancaria.id) },
			total: '1500.50',
			usoCfdi: 'G03',
			...parameters,
		});
	const posts = () => fixture.requestsTo('/movimientos/anticipos_clientes/').filter((request) => request.method === 'POST');

	it('sends every field with the API names and money exactly as written, and returns the created advance', async () => {
		const run = await create({
			clientBy: 'id',
			clientId: DEMO.cliente.id,
			total: '1234567.89',
			usoCfdi: 'CP01',
			additionalFields: {
				warehouse: 2,
				cfdiConcept: 'Anticipo pedido web 1001',
				comments: 'Pago SPEI',
				paymentForm: '03',
				customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: 'web' }] },
			},
		});
		expect(run.error).toBeUndefined();
		expect(posts()).toHaveLength(1);
		expect(posts()[0].body).toEqual({
			fecha: '2026-03-14',
			cliente: DEMO.cliente.id,
			cuenta: DEMO.cuentaBancaria.id,
			total: '1234567.89',
			uso_cfdi: 'CP01',
			almacen: 2,
			concepto_cfdi: 'Anticipo pedido web 1001',
			comentarios: 'Pago SPEI',
			forma_pago: '03',
			campos_personalizados: [{ key: DEMO.camposPersonalizadosVenta[0], valor: 'web' }],
		});
		expect(run.json).toHaveLength(1);
		expect(anticipoClienteSchema.parse(run.json[0])).toBeTruthy();
		expect(run.json[0]).toMatchObject({ total: '1234567.89', uso_cfdi: 'CP01', cuenta: DEMO.cuentaBancaria.id });
		expect(fixture.sandbox.store.anticiposClientes.at(-1)?.id).toBe(run.json[0].id);
	});

	it('leaves out optional fields the user did not add, and normalises the RFC', async () => {
		await create({ clientRfc: ` ${DEMO.cliente.rfc.toLowerCase()} `, additionalFields: {} });
		expect(posts()[0].body).toEqual({
			fecha: '2026-03-14',
			cliente_rfc: DEMO.cliente.rfc,
			cuenta: DEMO.cuentaBancaria.id,
			total: '1500.50',
			uso_cfdi: 'G03',
		});
	});

	it.each([
		[{ clientRfc: 'ABC-12' }, /'Client RFC' is not a valid RFC \[item 0\]/],
		[{ date: 'next tuesday' }, /'Date' must be a date, got "next tuesday" \[item 0\]/],
		[{ total: '-10' }, /'Total' must not be negative, got "-10" \[item 0\]/],
		[{ total: '1,500.00' }, /'Total' must be a plain decimal number, got "1,500.00" \[item 0\]/],
		[{ usoCfdi: '={{ "Z99" }}' }, /'CFDI Use' "Z99" is not in the catalog \[item 0\]/],
		[{ additionalFields: { paymentForm: '={{ "07" }}' } }, /'Payment Form' "07" is not in the catalog \[item 0\]/],
	])('refuses bad input before sending: %j', async (parameters, message) => {
		const run = await create(parameters);
		expect(run.error?.message).toMatch(message);
		expect(run.error?.description).toContain('Nothing was sent to Admintotal.');
		expect(posts()).toHaveLength(0);
	});

	it('maps a 400 from Admintotal to a clear error with the field names', async () => {
		const run = await create({ bankAccount: { __rl: true, mode: 'id', value: '999999' } });
		expect(posts()).toHaveLength(1);
		expect(posts()[0].status).toBe(400);
		expect(run.error?.message).toBe('Admintotal rejected the data sent: cuenta: Clave primaria "999999" inválida - objeto no existe.');
		expect(run.error?.description).toMatch(/^cuenta: .+/m);
		expect(run.error?.description).toContain('HTTP 400, item 0');
	});
});
