import { DEMO } from '../../sandbox';
import { uuidDe } from '../../sandbox/store/cfdi';
import { expectCfdiFile, expectNoCfdiFile, NOT_CFDI } from '../cfdi';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Customer Advance: Create with CFDI XML as a File', () => {
	const fixture = sandboxPerFile();
	const advances = () => fixture.sandbox.store.anticiposClientes;
	const create = (parameters: Record<string, unknown> = {}) =>
		fixture.run(
			'admintotalCustomerAdvance',
			{
				resource: 'customerAdvance',
				operation: 'create',
				date: '2026-03-14T00:00:00',
				clientBy: 'id',
				clientId: DEMO.cliente.id,
				bankAccount: {
					__rl: true,
					mode: 'id',
					value: String(DEMO.cuentaBancaria.id),
				},
				total: '1160.00',
				usoCfdi: 'G03',
				additionalFields: { paymentForm: '03' },
				cfdiXmlAsFile: true,
				...parameters,
			},
			{ typeVersion: 2 },
		);

	it('the created advance comes with its stamped CFDI (cfdi_xml) as a file named by its UUID', async () => {
		const run = await create();
		expect(run.error).toBeUndefined();
		const created = advances().at(-1)!;
		expect(created.cfdi_xml).toContain('TipoDeComprobante="I"');
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json.id).toBe(created.id);
		expectCfdiFile(run.items[0], created.cfdi_xml!, `${uuidDe(created.cfdi_xml!)}.xml`);
		expect(run.items[0].json.cfdi_uuid).toBe(uuidDe(created.cfdi_xml!));
	});

	it('an advance Admintotal did not stamp (the public in general) gets no file, and the item says why', async () => {
		const run = await create({ clientId: DEMO.clientePublicoGeneral.id });
		expect(run.error).toBeUndefined();
		const created = advances().at(-1)!;
		expect(created.cfdi_xml).toBeNull();
		expectNoCfdiFile(run.items[0], 'noStampedXml', [`Customer advance (ID ${created.id})`, /cfdi_xml is empty/]);
	});

	it.each(NOT_CFDI)('%s in cfdi_xml is not passed on as a CFDI; the advance is still output', async (_what, made, problem) => {
		const real = (await create()).items[0].json;
		fixture.sandbox.faults.add({
			method: 'POST',
			path: '/movimientos/anticipos_clientes/',
			afterRoute: true,
			status: 201,
			body: {
				...real,
				id: (real.id as number) + 1,
				cfdi_xml: made(real.cfdi_xml as string),
			},
		});
		const run = await create();
		expect(run.error).toBeUndefined();
		expect(run.items[0].json.id).toBe((real.id as number) + 1);
		expectNoCfdiFile(run.items[0], 'notCfdi', [`Customer advance (ID ${(real.id as number) + 1})`, /cfdi_xml is not a CFDI XML of version 4.0 or 3.3/, problem]);
	});
});
