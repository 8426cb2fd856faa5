/* What the CFDI XML as a File tests check on an output item: the file, or the field that says why there is none. */
import type { INodeExecutionData } from 'n8n-workflow';

/** The item's file in `property`: application/xml, named `name`, holding exactly the record's XML. */
export function expectCfdiFile(item: INodeExecutionData, xml: string, name: string, property = 'cfdi') {
	const file = item.binary?.[property];
	expect(file).toBeDefined();
	expect(file).toMatchObject({
		mimeType: 'application/xml',
		fileName: name,
		fileExtension: 'xml',
	});
	// The harness keeps n8n's default binary mode: the bytes travel in the item, base64.
	expect(Buffer.from(file!.data, 'base64').equals(Buffer.from(xml, 'utf8'))).toBe(true);
	expect(item.json.cfdiFile).toBe('attached');
}

/** The item has no file and says why, naming the record. */
export function expectNoCfdiFile(item: INodeExecutionData, outcome: 'noStampedXml' | 'notCfdi', mentions: Array<string | RegExp>) {
	expect(item.binary).toBeUndefined();
	expect(item.json.cfdiFile).toBe(outcome);
	for (const text of mentions) expect(item.json.cfdiFileNote).toEqual(typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text));
}

/** Documents that are not a CFDI XML (4.0 or 3.3), made from a real one (`xml`), with what the note says of each. */
export const NOT_CFDI: Array<[string, (xml: string) => string, RegExp]> = [
	['an HTML page', () => '<!DOCTYPE html><html><head><title>Admintotal</title></head><body><h1>Iniciar sesión</h1></body></html>', /markup declaration/],
	['a truncated document', (xml) => xml.slice(0, Math.floor(xml.length / 2)), /cut off/],
	['a different root', () => '<?xml version="1.0"?><factura serie="A" folio="1"><total>10.00</total></factura>', /root element is <factura>/],
	['a CFD 2.2 (before CFDI)', (xml) => xml.replace('http://www.sat.gob.mx/cfd/4', 'http://www.sat.gob.mx/cfd/2'), /root element is <cfdi:Comprobante> \(http:\/\/www\.sat\.gob\.mx\/cfd\/2\)/],
	['a JSON error', () => '{"detail": "No encontrado."}', /does not begin with an XML element/],
];
