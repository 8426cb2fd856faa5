/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test code runs in Node.js, not inside n8n */
/*
 * How long checking a CFDI takes (nodes/shared/cfdi.ts), for the largest documents an answer may
 * hold: a record's XML travels inside a JSON answer of at most MAX_ANSWER_BYTES, so no document the
 * check sees is larger. Each shape fills that bound with what once cost more than its size: namespace
 * declarations (an Addenda declaring its own on every element), concepts, attributes, names in any
 * script. Not part of npm test (timings are never asserted):
 *   npm run build:test && node node_modules/.cache/admintotal-test/test/bench/cfdiCheck.js [MB]
 */
import { performance } from 'node:perf_hooks';

import { checkCfdiXml } from '../../nodes/shared/cfdi';
import { MAX_ANSWER_BYTES } from '../../nodes/shared/tenant/request';
import { cfdiXml } from '../sandbox/store/cfdi';

const BASE = cfdiXml({
	serie: 'A',
	folio: 1,
	at: Date.parse('2026-03-14T12:30:00Z'),
	tipo: 'I',
	formaPago: '03',
	metodoPago: 'PUE',
	subtotal: '10.00',
	iva: '1.60',
	total: '11.60',
	receptor: { rfc: 'DES980512AB3', nombre: 'Distribuidora', cp: '64000', usoCfdi: 'G03' },
	conceptos: [{ claveProdServ: '01010101', claveUnidad: 'H87', cantidad: '1', descripcion: 'Tornillo', valorUnitario: '10.00', importe: '10.00', iva: '1.60' }],
});

/** The document with `addenda` as its Addenda, its root declaring `rootDeclarations` more. */
function withAddenda(addenda: string, rootDeclarations = ''): string {
	return BASE.replace('xmlns:cfdi=', `${rootDeclarations} xmlns:cfdi=`).replace('</cfdi:Comprobante>', `<cfdi:Addenda>${addenda}</cfdi:Addenda></cfdi:Comprobante>`);
}

/** As many `unit(i)` as fit in `bytes` (JSON escapes a document's quotes, so its text is a little smaller than the answer). */
function filling(bytes: number, unit: (index: number) => string): string {
	const parts: string[] = [];
	let size = 0;
	for (let index = 0; size < bytes; index++) {
		const part = unit(index);
		parts.push(part);
		size += Buffer.byteLength(part) + (part.match(/"/g)?.length ?? 0);
	}
	return parts.join('');
}

export const SHAPES: Record<string, (bytes: number) => string> = {
	'namespaces: half declared on the root, half one per Addenda element': (bytes) =>
		withAddenda(
			filling(bytes / 2, (index) => `<e${index} xmlns:q${index}="urn:q${index}"/>`),
			filling(bytes / 2, (index) => ` xmlns:p${index}="urn:p${index}"`),
		),
	'namespaces: every Addenda element declaring ten': (bytes) =>
		withAddenda(filling(bytes, (index) => `<a:e xmlns:a="urn:a"${Array.from({ length: 9 }, (_, n) => ` xmlns:n${n}="urn:${index}:${n}"`).join('')}/>`)),
	concepts: (bytes) => {
		const concept = BASE.slice(BASE.indexOf('<cfdi:Concepto '), BASE.indexOf('</cfdi:Concepto>') + '</cfdi:Concepto>'.length);
		return BASE.replace('<cfdi:Conceptos>', `<cfdi:Conceptos>${filling(bytes, () => concept)}`);
	},
	'attributes: one element with all of them': (bytes) => withAddenda(`<Datos${filling(bytes, (index) => ` a${index}="${index}"`)}/>`),
	'names in any script (Observación, 備考)': (bytes) => withAddenda(filling(bytes, (index) => `<Observación Descripción="línea ${index}"><備考>ñandú &amp; 😀</備考></Observación>`)),
};

if (require.main === module) {
	const megabytes = Number(process.argv[2] ?? MAX_ANSWER_BYTES / 1024 / 1024);
	for (const [shape, make] of Object.entries(SHAPES)) {
		const xml = make(megabytes * 1024 * 1024);
		const started = performance.now();
		const check = checkCfdiXml(xml);
		const ms = performance.now() - started;
		console.log(`${shape}: ${(Buffer.byteLength(xml) / 1024 / 1024).toFixed(2)} MB, ${check.cfdi ? 'a CFDI' : `not a CFDI (${check.problem})`}, ${ms.toFixed(0)} ms`);
	}
}
