import { uuidDe } from '../../sandbox/store/cfdi';
import { expectCfdiFile, expectNoCfdiFile, NOT_CFDI } from '../cfdi';
import { byId, sandboxPerFile } from '../fixture';

describe('Admintotal Internal Consumption: Get and Get Many with CFDI XML as a File', () => {
	const fixture = sandboxPerFile();
	const consumptions = () => fixture.sandbox.store.consumoInterno;
	const stamped = () => consumptions().filter((consumption) => consumption.xml_timbrado !== '');
	const unstamped = () => consumptions().filter((consumption) => consumption.xml_timbrado === '');
	const run = (operation: string, parameters: Record<string, unknown>) =>
		fixture.run(
			'admintotalInternalConsumption',
			{
				resource: 'internalConsumption',
				operation,
				cfdiXmlAsFile: true,
				...parameters,
			},
			{ typeVersion: 2 },
		);

	it('the sandbox stamps some consumptions (a transfer CFDI with its UUID) and not others', () => {
		expect(stamped().length).toBeGreaterThan(1);
		expect(unstamped().length).toBeGreaterThan(1);
		for (const consumption of stamped()) expect(consumption.cfdi_uuid).toBe(uuidDe(consumption.xml_timbrado));
	});

	it('Get Many: each stamped consumption gets its XML as a file, the others none, with Simplify on', async () => {
		const result = await run('getAll', { returnAll: true, simplify: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(consumptions().length);
		for (const [index, consumption] of consumptions().entries()) {
			const item = result.items[index];
			expect(item.json.id).toBe(consumption.id);
			expect(item.json).not.toHaveProperty('xml_timbrado');
			if (consumption.xml_timbrado) expectCfdiFile(item, consumption.xml_timbrado, `${consumption.cfdi_uuid}.xml`);
			else expectNoCfdiFile(item, 'noStampedXml', [`Internal consumption ${consumption.folio_completo} (ID ${consumption.id})`]);
		}
	});

	it('Get: a stamped consumption by ID gets its file; an unstamped one says why', async () => {
		const [withXml] = stamped();
		const [withoutXml] = unstamped();
		const got = await run('get', {
			internalConsumptionId: byId(withXml.id),
			simplify: false,
		});
		expect(got.error).toBeUndefined();
		expectCfdiFile(got.items[0], withXml.xml_timbrado, `${withXml.cfdi_uuid}.xml`);
		const none = await run('get', {
			internalConsumptionId: byId(withoutXml.id),
		});
		expectNoCfdiFile(none.items[0], 'noStampedXml', [`(ID ${withoutXml.id})`, /xml_timbrado is empty/]);
	});

	it.each(NOT_CFDI)('Get: %s in xml_timbrado is not passed on as a CFDI', async (_what, made, problem) => {
		const [consumption] = stamped();
		const original = consumption.xml_timbrado;
		consumption.xml_timbrado = made(original);
		try {
			const got = await run('get', {
				internalConsumptionId: byId(consumption.id),
			});
			expectNoCfdiFile(got.items[0], 'notCfdi', [`Internal consumption ${consumption.folio_completo} (ID ${consumption.id})`, problem]);
		} finally {
			consumption.xml_timbrado = original;
		}
	});
});
