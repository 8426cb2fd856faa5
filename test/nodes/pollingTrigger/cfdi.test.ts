import { crearNotaVenta } from '../../sandbox/store/cambios';
import { uuidDe } from '../../sandbox/store/cfdi';
import { expectCfdiFile, expectNoCfdiFile, NOT_CFDI } from '../cfdi';
import { sandboxPerFile } from '../fixture';
import { tenantDay, triggerFor } from './fixture';

describe('Admintotal Polling Trigger: New Sales Note with CFDI XML as a File', () => {
	const fixture = sandboxPerFile();
	const note = (timbrada: boolean) => crearNotaVenta(fixture.sandbox.store, { fecha: tenantDay(), timbrada });
	const trigger = (parameters: Record<string, unknown> = {}) =>
		triggerFor(fixture, {
			event: 'newSalesNote',
			cfdiXmlAsFile: true,
			...parameters,
		});

	it('a new stamped note is reported with its own XML as a file and its PDF link; an unstamped one says why', async () => {
		const polling = trigger();
		await polling.poll();
		const stamped = note(true);
		const pending = note(false);
		expect(uuidDe(stamped.xml_timbrado)).toBeDefined();
		expect(stamped.xml_timbrado).toContain(`Folio="${stamped.folio}"`);

		const result = await polling.poll();
		expect(result.error).toBeUndefined();
		expect(result.json.map((reported) => reported.id)).toEqual([stamped.id, pending.id]);
		const [withFile, withoutFile] = result.items!;
		expectCfdiFile(withFile, stamped.xml_timbrado, `${uuidDe(stamped.xml_timbrado)}.xml`);
		expect(withFile.json).toMatchObject({
			url_pdf: stamped.url_pdf,
			folio_completo: stamped.folio_completo,
		});
		expect(withFile.json).not.toHaveProperty('xml_timbrado');
		expectNoCfdiFile(withoutFile, 'noStampedXml', [`Sales note ${pending.folio_completo} (ID ${pending.id})`]);
	});

	it('off by default: the items carry no file and no new field', async () => {
		const polling = triggerFor(fixture, { event: 'newSalesNote' });
		await polling.poll();
		note(true);
		const result = await polling.poll();
		expect(result.json).toHaveLength(1);
		expect(result.items).toBeUndefined();
		expect(result.json[0]).not.toHaveProperty('cfdiFile');
	});

	it('Fetch Test Event gives the newest note with its file, in the field the user names', async () => {
		const polling = trigger({ cfdiBinaryProperty: 'xml' });
		const stamped = note(true);
		const result = await polling.poll('manual');
		expect(result.json.map((reported) => reported.id)).toEqual([stamped.id]);
		expectCfdiFile(result.items![0], stamped.xml_timbrado, `${uuidDe(stamped.xml_timbrado)}.xml`, 'xml');
	});

	it.each(NOT_CFDI)('%s in a new note is not passed on as a CFDI; the note is still reported', async (_what, made, problem) => {
		const polling = trigger();
		await polling.poll();
		const stamped = note(true);
		stamped.xml_timbrado = made(stamped.xml_timbrado);
		const result = await polling.poll();
		expect(result.json.map((reported) => reported.id)).toEqual([stamped.id]);
		expect(result.json[0]).toMatchObject({
			cfdiFile: 'notCfdi',
			cfdiFileNote: expect.stringMatching(problem),
		});
		expect(result.json[0].cfdiFileNote).toContain(`Sales note ${stamped.folio_completo} (ID ${stamped.id})`);
		expect(result.items).toBeUndefined();
	});
});
