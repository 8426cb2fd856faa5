import { CFDI_NAMESPACE, checkCfdiXml } from '../../../nodes/shared/cfdi';
import { MAX_ANSWER_BYTES } from '../../../nodes/shared/tenant/request';
import { SHAPES } from '../../bench/cfdiCheck';
import { cfdiXml, uuidDe } from '../../sandbox/store/cfdi';

/** A stamped sales note's XML as the sandbox gives it (two concepts, IVA, the TimbreFiscalDigital). */
const COMPROBANTE: Parameters<typeof cfdiXml>[0] = {
	serie: 'A',
	folio: 15003,
	at: Date.parse('2026-03-14T12:30:00Z'),
	tipo: 'I',
	formaPago: '03',
	metodoPago: 'PUE',
	subtotal: '1000.00',
	iva: '160.00',
	total: '1160.00',
	receptor: {
		rfc: 'DES980512AB3',
		nombre: 'Distribuidora & Servicios "El Sol"',
		cp: '64000',
		usoCfdi: 'G03',
	},
	conceptos: [
		{
			claveProdServ: '01010101',
			claveUnidad: 'H87',
			cantidad: '2.0000',
			descripcion: 'Tornillo <3/8>',
			valorUnitario: '250.0000',
			importe: '500.00',
			iva: '80.00',
		},
		{
			claveProdServ: '01010101',
			claveUnidad: 'H87',
			cantidad: '1.0000',
			descripcion: 'Taladro',
			valorUnitario: '500.0000',
			importe: '500.00',
			iva: '80.00',
		},
	],
};
const XML = cfdiXml(COMPROBANTE);
const UUID = uuidDe(XML)!;

describe('checkCfdiXml: a CFDI 4.0 or 3.3 told from what is not one, without an XML library', () => {
	it('reads the UUID, series and folio of a stamped CFDI 4.0', () => {
		expect(UUID).toMatch(/^[0-9A-F-]{36}$/);
		expect(checkCfdiXml(XML)).toEqual({
			cfdi: true,
			uuid: UUID,
			serie: 'A',
			folio: '15003',
		});
	});

	it.each([
		['a byte order mark, comments and no declaration', `\uFEFF<!-- timbrado -->${XML.replace(/^<\?xml[^>]*\?>\n/, '')}\n<!-- fin -->\n`],
		['the CFDI namespace as the default one', XML.replace(/cfdi:/g, '').replace('xmlns:cfdi=', 'xmlns=')],
		['another prefix for the CFDI namespace', XML.replace(/cfdi:/g, 'c:').replace('xmlns:cfdi=', 'xmlns:c=')],
		['single-quoted attributes and CDATA text', XML.replace('Version="4.0"', "Version='4.0'").replace('<cfdi:Conceptos>', '<cfdi:Conceptos><![CDATA[ <notas> ]]>')],
	])('accepts %s', (_what, xml) => {
		expect(checkCfdiXml(xml)).toMatchObject({ cfdi: true, uuid: UUID });
	});

	it('refuses the document cut off at any point', () => {
		const cuts = [];
		for (let length = 0; length < XML.length; length++) {
			const check = checkCfdiXml(XML.slice(0, length));
			if (check.cfdi) cuts.push(length);
		}
		expect(cuts).toEqual([]);
		expect(checkCfdiXml(XML.slice(0, XML.length - 3))).toEqual({
			cfdi: false,
			problem: 'the document is cut off: it ends inside a tag, within <cfdi:Comprobante>',
		});
		expect(checkCfdiXml(XML.slice(0, XML.indexOf('<cfdi:Complemento>')))).toEqual({
			cfdi: false,
			problem: 'the document is cut off: it ends before </cfdi:Comprobante>',
		});
	});

	it.each([
		['an HTML page', '<!DOCTYPE html>\n<html><body>Error 502</body></html>', /markup declaration \("<!DOCTYPE html> <htm"\), as an HTML page does/],
		['HTML without a doctype', '<html><body><p>Sesión expirada</p></body></html>', /root element is <html>, not cfdi:Comprobante of CFDI 4.0/],
		['plain text', 'Internal Server Error', /does not begin with an XML element/],
		['a CFD 2.2 (not a CFDI)', XML.replace(CFDI_NAMESPACE, 'http://www.sat.gob.mx/cfd/2'), /root element is <cfdi:Comprobante> \(http:\/\/www.sat.gob.mx\/cfd\/2\)/],
		['a name that starts with a digit', XML.replace('<cfdi:Conceptos>', '<cfdi:Conceptos><1Nota/>'), /"<" that starts no element/],
		['a name with a character no name holds', XML.replace('<cfdi:Conceptos>', '<cfdi:Conceptos><Nota¿/>'), /tag <Nota> is malformed/],
		['a prefix declared only on a sibling', XML.replace('<cfdi:Conceptos>', '<cfdi:Conceptos><a:x xmlns:a="urn:a"/><a:y/>'), /prefix of <a:y> is not declared/],
		['Comprobante without a namespace', '<Comprobante Version="4.0"/>', /root element is <Comprobante>, not/],
		['an undeclared prefix', XML.replace(' xmlns:cfdi="http://www.sat.gob.mx/cfd/4"', ''), /prefix of <cfdi:Comprobante> is not declared/],
		['crossed tags', XML.replace('</cfdi:Conceptos>', '</cfdi:Concepto>'), /<\/cfdi:Concepto> closes <cfdi:Conceptos>/],
		['a repeated attribute', XML.replace('Version="4.0"', 'Version="4.0" Version="3.3"'), /repeats the attribute Version/],
		['an unquoted attribute', XML.replace('Version="4.0"', 'Version=4.0'), /tag <cfdi:Comprobante> is malformed/],
		['a bare ampersand', XML.replace('<cfdi:Conceptos>', '<cfdi:Conceptos>A & B'), /bare "&" in the text of <cfdi:Conceptos>/],
		['a second root', `${XML}<cfdi:Comprobante xmlns:cfdi="${CFDI_NAMESPACE}"/>`, /second root element/],
		['text after the root', `${XML} gracias`, /text after its root element/],
		['an empty document', '   ', /does not begin|holds no element/],
		['nesting deeper than any CFDI', `<cfdi:Comprobante xmlns:cfdi="${CFDI_NAMESPACE}">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</cfdi:Comprobante>`, /nest deeper than 64/],
	])('refuses %s, saying why', (_what, xml, problem) => {
		const check = checkCfdiXml(xml);
		expect(check.cfdi).toBe(false);
		expect(check).toMatchObject({ problem: expect.stringMatching(problem) });
	});

	it('reads a stamped CFDI 3.3 (http://www.sat.gob.mx/cfd/3), as every note stamped before April 2023 is', () => {
		const xml33 = cfdiXml({ ...COMPROBANTE, at: Date.parse('2022-11-15T12:30:00Z') });
		expect(xml33).toContain('Version="3.3"');
		expect(xml33).toContain('xmlns:cfdi="http://www.sat.gob.mx/cfd/3"');
		expect(checkCfdiXml(xml33)).toEqual({ cfdi: true, uuid: uuidDe(xml33), serie: 'A', folio: '15003' });
	});

	it('reads names in any script: an Addenda with <Observación>, Descripción="…" and 備考', () => {
		const addenda = '<cfdi:Addenda><Observación Descripción="Entrega en almacén" Año="2026"><備考 メモ="はい">Sí</備考><Ñandú/></Observación></cfdi:Addenda>';
		expect(checkCfdiXml(XML.replace('</cfdi:Comprobante>', `${addenda}</cfdi:Comprobante>`))).toEqual({ cfdi: true, uuid: UUID, serie: 'A', folio: '15003' });
	});

	it('keeps a prefix redeclared inside an element to that element', () => {
		const inner = '<cfdi:Addenda><cfdi:Nota xmlns:cfdi="urn:otro"><cfdi:Linea/></cfdi:Nota><cfdi:Linea/></cfdi:Addenda>';
		const xml = XML.replace('<cfdi:Complemento>', `${inner}<cfdi:Complemento>`);
		expect(checkCfdiXml(xml)).toEqual({ cfdi: true, uuid: UUID, serie: 'A', folio: '15003' });
		// The TimbreFiscalDigital declared on an element that closes is not in scope after it.
		const closed = XML.replace(/<tfd:TimbreFiscalDigital xmlns:tfd="[^"]*"/, '<tfd:TimbreFiscalDigital').replace('<cfdi:Complemento>', '<cfdi:Complemento><x xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"/>');
		expect(checkCfdiXml(closed)).toMatchObject({ cfdi: false, problem: expect.stringMatching(/prefix of <tfd:TimbreFiscalDigital> is not declared/) });
	});

	it.each(Object.keys(SHAPES))('checks the largest document an answer may hold (%s) in one pass', (shape) => {
		const xml = SHAPES[shape](MAX_ANSWER_BYTES);
		expect(xml.length).toBeGreaterThan(MAX_ANSWER_BYTES * 0.7);
		expect(checkCfdiXml(xml)).toMatchObject({ cfdi: true, serie: 'A' });
	});

	it('takes the UUID only from a TimbreFiscalDigital in its namespace, and only when it is a UUID', () => {
		expect(checkCfdiXml(XML.replace('http://www.sat.gob.mx/TimbreFiscalDigital', 'http://example.com/tfd'))).toEqual({ cfdi: true, serie: 'A', folio: '15003' });
		expect(checkCfdiXml(XML.replace(`UUID="${UUID}"`, 'UUID="../../etc/passwd"'))).toEqual({ cfdi: true, serie: 'A', folio: '15003' });
	});

	it('decodes entities in the series', () => {
		expect(checkCfdiXml(XML.replace('Serie="A"', 'Serie="A&amp;B&#x41;"'))).toMatchObject({ cfdi: true, serie: 'A&BA' });
	});

	it('checks a 10,000-concept CFDI in one pass', () => {
		const concept = XML.slice(XML.indexOf('<cfdi:Concepto '), XML.indexOf('</cfdi:Concepto>') + '</cfdi:Concepto>'.length);
		const large = XML.replace('<cfdi:Conceptos>', `<cfdi:Conceptos>${concept.repeat(10_000)}`);
		expect(large.length).toBeGreaterThan(3_000_000);
		expect(checkCfdiXml(large)).toMatchObject({ cfdi: true, uuid: UUID });
	});
});
