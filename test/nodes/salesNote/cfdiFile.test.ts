import { DEMO } from '../../sandbox';
import type { NotaVenta } from '../../sandbox/schemas/movimientos';
import { uuidDe, xmlNotaVenta } from '../../sandbox/store/cfdi';
import { expectCfdiFile, expectNoCfdiFile, NOT_CFDI } from '../cfdi';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Sales Note: Get Many with CFDI XML as a File', () => {
	const fixture = sandboxPerFile({ volume: { notasVenta: 40 } });
	const notes = () => fixture.sandbox.store.notasVenta;
	const getMany = (parameters: Record<string, unknown> = {}) =>
		fixture.run('admintotalSalesNote', {
			resource: 'salesNote',
			operation: 'getAll',
			returnAll: true,
			filters: { cancelled: 'all' },
			cfdiXmlAsFile: true,
			...parameters,
		});
	const original = new Map<number, string>();
	beforeAll(() => notes().forEach((note) => original.set(note.id, note.xml_timbrado)));
	afterEach(() => notes().forEach((note) => (note.xml_timbrado = original.get(note.id)!)));
	const stamped = () => notes().filter((note) => note.xml_timbrado !== '');

	it('each stamped note gets its XML as a file named by its UUID; the others get none and say why', async () => {
		expect(stamped().length).toBeGreaterThan(2);
		expect(notes().some((note) => note.cancelado)).toBe(true);
		const run = await getMany({ simplify: false });
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(notes().length);
		for (const [index, note] of notes().entries()) {
			const item = run.items[index];
			expect(item.json.id).toBe(note.id);
			if (note.xml_timbrado === '') {
				expectNoCfdiFile(item, 'noStampedXml', [`Sales note ${note.folio_completo} (ID ${note.id})`, /xml_timbrado is empty/, ...(note.cancelado ? [/It is cancelled/] : [])]);
			} else {
				expectCfdiFile(item, note.xml_timbrado, `${uuidDe(note.xml_timbrado)}.xml`);
				// The record itself is output unchanged, its XML text too.
				expect(item.json.xml_timbrado).toBe(note.xml_timbrado);
			}
		}
	});

	it('with Simplify on the file is still there, the XML text is not, and the PDF link is kept', async () => {
		const run = await getMany({ simplify: true });
		const [note] = stamped();
		const item = run.items.find((candidate) => candidate.json.id === note.id)!;
		expectCfdiFile(item, note.xml_timbrado, `${uuidDe(note.xml_timbrado)}.xml`);
		expect(item.json).not.toHaveProperty('xml_timbrado');
		expect(item.json.url_pdf).toBe(note.url_pdf);
	});

	it('off by default: a saved workflow outputs what it did before, with no file and no new field', async () => {
		const run = await fixture.run('admintotalSalesNote', {
			resource: 'salesNote',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
		for (const item of run.items) {
			expect(item.binary).toBeUndefined();
			expect(item.json).not.toHaveProperty('cfdiFile');
		}
	});

	it('puts the file in the binary field the user names', async () => {
		const run = await getMany({ cfdiBinaryProperty: 'factura' });
		const [note] = stamped();
		const item = run.items.find((candidate) => candidate.json.id === note.id)!;
		expectCfdiFile(item, note.xml_timbrado, `${uuidDe(note.xml_timbrado)}.xml`, 'factura');
		expect(Object.keys(item.binary!)).toEqual(['factura']);
	});

	it.each(NOT_CFDI)('%s in xml_timbrado is not passed on as a CFDI: the item says so and names the note', async (_what, made, problem) => {
		const [note] = stamped();
		note.xml_timbrado = made(note.xml_timbrado);
		const run = await getMany();
		const item = run.items.find((candidate) => candidate.json.id === note.id)!;
		expectNoCfdiFile(item, 'notCfdi', [`Sales note ${note.folio_completo} (ID ${note.id})`, /xml_timbrado is not a CFDI XML of version 4.0 or 3.3/, problem]);
		// The other notes still get theirs.
		expect(run.items.filter((other) => other.json.cfdiFile === 'attached')).toHaveLength(stamped().length - 1);
	});

	it('a note stamped before April 2023, a CFDI 3.3, gets its file too', async () => {
		const [note] = stamped();
		note.xml_timbrado = xmlNotaVenta(fixture.sandbox.store, { ...note, creado: '2022-11-15T10:20:00-06:00' });
		expect(note.xml_timbrado).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/3"');
		expect(note.xml_timbrado).toContain('Version="3.3"');
		const run = await getMany();
		const item = run.items.find((candidate) => candidate.json.id === note.id)!;
		expectCfdiFile(item, note.xml_timbrado, `${uuidDe(note.xml_timbrado)}.xml`);
	});

	it('a CFDI without a TimbreFiscalDigital is named by its series and folio', async () => {
		const [note] = stamped();
		note.xml_timbrado = note.xml_timbrado.replace(/<cfdi:Complemento>.*<\/cfdi:Complemento>/s, '');
		const run = await getMany();
		const item = run.items.find((candidate) => candidate.json.id === note.id)!;
		expectCfdiFile(item, note.xml_timbrado, `${note.folio_completo}.xml`);
	});

	it('a file name never carries a secret of the credential, a path or markup', async () => {
		const [first, second] = stamped();
		const withoutStamp = (note: NotaVenta) => note.xml_timbrado.replace(/<cfdi:Complemento>.*<\/cfdi:Complemento>/s, '');
		first.xml_timbrado = withoutStamp(first).replace(/ Serie="[^"]*"/, ` Serie="${DEMO.apiKey}"`);
		second.xml_timbrado = withoutStamp(second).replace(/ Serie="[^"]*"/, ' Serie="../../etc/&lt;script&gt;"');
		const run = await getMany();
		const names = [first, second].map((note) => run.items.find((item) => item.json.id === note.id)!.binary!.cfdi.fileName!);
		expect(names[0]).toBe(`${first.folio_completo}.xml`);
		expect(names[1]).toBe(`etcscript-${second.folio}.xml`);
		expect(JSON.stringify(run.items)).not.toContain(DEMO.apiKey);
		expect(Buffer.from(run.items.find((item) => item.json.id === first.id)!.binary!.cfdi.data, 'base64').toString()).not.toContain(DEMO.apiKey);
	});

	it('refuses a blank binary field name before asking Admintotal, naming the field', async () => {
		const run = await getMany({ cfdiBinaryProperty: ' ' });
		expect(run.error?.message).toMatch(/'Put Output File in Field' is required \[item 0\]/);
		expect(fixture.requestsTo('/movimientos/notas_venta/')).toHaveLength(0);
	});

	it.each(['__proto__', 'constructor'])('refuses %s as the binary field name before asking Admintotal, naming the field', async (name) => {
		const run = await getMany({ cfdiBinaryProperty: name });
		expect(run.error?.message).toMatch(/'Put Output File in Field'.*\[item 0\]/);
		expect(fixture.requestsTo('/movimientos/notas_venta/')).toHaveLength(0);
	});
});
