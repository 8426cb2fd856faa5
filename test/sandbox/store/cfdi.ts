import { createHash } from 'node:crypto';

import type { LineaDocumento } from '../schemas/common';
import type { AnticipoCliente, ConsumoInterno, NotaVenta } from '../schemas/movimientos';
import { decimal, formatDecimal, roundTo } from '../util/decimal';
import { isoTimestamp } from '../util/time';
import { serieDe } from './documentos';
import type { Store } from './store';

/**
 * The stamped CFDI XML of a document, with the shape SAT's Anexo 20 gives it: `cfdi:Comprobante`
 * in http://www.sat.gob.mx/cfd/4 (series, folio, totals, payment), the issuer and the receiver, one
 * concept per line with its IVA transfer, the taxes, and the `tfd:TimbreFiscalDigital` complement
 * with the UUID. A document stamped before April 2023, when CFDI 4.0 became the only version SAT
 * stamps, is a CFDI 3.3 (http://www.sat.gob.mx/cfd/3): no `Exportacion` or `ObjetoImp`, a receiver
 * without fiscal address or regime, and no `Base` in the document's own taxes. Seals and certificates are made-up base64 (nothing here is signed), and the UUID
 * comes from a hash of the document, so the XML is the same on every run and costs no random draw
 * (drawing would change every record seeded after it).
 */

/** The tenant as issuer: SAT's published test taxpayer, as sandboxes of PACs use. */
const EMISOR = {
	rfc: 'EKU9003173C9',
	nombre: 'ESCUELA KEMPER URGATE',
	regimen: '601',
	cp: '42501',
};
const PAC_RFC = 'SPR190613I52';
const SERIE_CSD_EMISOR = '30001000000500003416';
const SERIE_CSD_SAT = '30001000000500003456';

interface Receptor {
	rfc: string;
	nombre: string;
	cp: string;
	usoCfdi: string;
}

interface Concepto {
	claveProdServ: string;
	claveUnidad: string;
	cantidad: string;
	descripcion: string;
	valorUnitario: string;
	importe: string;
	iva: string;
}

interface Comprobante {
	serie: string;
	folio: number;
	/** Epoch ms of issue; stamped a minute later. */
	at: number;
	tipo: 'I' | 'T';
	formaPago?: string;
	metodoPago?: string;
	subtotal: string;
	iva: string;
	total: string;
	receptor: Receptor;
	conceptos: Concepto[];
}

/** From this day SAT stamps CFDI 4.0 only; the sandbox stamps 3.3 before it. */
const CFDI_40_ONLY_FROM = Date.parse('2023-04-01T00:00:00-06:00');

export function cfdiXml(c: Comprobante): string {
	const uuid = uuidOf(`${c.serie}|${c.folio}|${c.at}|${c.total}`);
	const v40 = c.at >= CFDI_40_ONLY_FROM;
	const fecha = isoTimestamp(c.at).slice(0, 19);
	const traslado = c.tipo === 'I';
	const attributes = (pairs: Array<[string, string | undefined]>) =>
		pairs
			.filter((pair): pair is [string, string] => pair[1] !== undefined)
			.map(([name, value]) => ` ${name}="${escaped(value)}"`)
			.join('');
	const conceptos = c.conceptos
		.map(
			(concepto) =>
				`<cfdi:Concepto${attributes([
					['ClaveProdServ', concepto.claveProdServ],
					['Cantidad', concepto.cantidad],
					['ClaveUnidad', concepto.claveUnidad],
					['Descripcion', concepto.descripcion],
					['ValorUnitario', concepto.valorUnitario],
					['Importe', concepto.importe],
					['ObjetoImp', v40 ? (traslado ? '02' : '01') : undefined],
				])}>` +
				(traslado
					? `<cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado${attributes([
							['Base', concepto.importe],
							['Impuesto', '002'],
							['TipoFactor', 'Tasa'],
							['TasaOCuota', '0.160000'],
							['Importe', concepto.iva],
						])}/></cfdi:Traslados></cfdi:Impuestos>`
					: '') +
				'</cfdi:Concepto>',
		)
		.join('');
	const impuestos = traslado
		? `<cfdi:Impuestos TotalImpuestosTrasladados="${c.iva}"><cfdi:Traslados><cfdi:Traslado${v40 ? ` Base="${c.subtotal}"` : ''} Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${c.iva}"/></cfdi:Traslados></cfdi:Impuestos>`
		: '';
	const selloCfd = base64Of(`sello|${uuid}`, 344);
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		(v40
			? '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd"'
			: '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/3 http://www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd"') +
		`${attributes(
			[
				['Version', v40 ? '4.0' : '3.3'],
				['Serie', c.serie],
				['Folio', String(c.folio)],
				['Fecha', fecha],
				['Sello', selloCfd],
				['FormaPago', c.formaPago],
				['NoCertificado', SERIE_CSD_EMISOR],
				['Certificado', base64Of(`certificado|${SERIE_CSD_EMISOR}`, 1600)],
				['SubTotal', c.subtotal],
				['Moneda', traslado ? 'MXN' : 'XXX'],
				['Total', c.total],
				['TipoDeComprobante', c.tipo],
				['Exportacion', v40 ? '01' : undefined],
				['MetodoPago', c.metodoPago],
				['LugarExpedicion', EMISOR.cp],
			],
		)}>` +
		`<cfdi:Emisor${attributes([
			['Rfc', EMISOR.rfc],
			['Nombre', EMISOR.nombre],
			['RegimenFiscal', EMISOR.regimen],
		])}/>` +
		`<cfdi:Receptor${attributes([
			['Rfc', c.receptor.rfc],
			['Nombre', c.receptor.nombre],
			['DomicilioFiscalReceptor', v40 ? c.receptor.cp : undefined],
			['RegimenFiscalReceptor', v40 ? regimenDe(c.receptor.rfc) : undefined],
			['UsoCFDI', c.receptor.usoCfdi],
		])}/>` +
		`<cfdi:Conceptos>${conceptos}</cfdi:Conceptos>${impuestos}` +
		`<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xsi:schemaLocation="http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"${attributes(
			[
				['Version', '1.1'],
				['UUID', uuid],
				['FechaTimbrado', isoTimestamp(c.at + 60_000).slice(0, 19)],
				['RfcProvCertif', PAC_RFC],
				['SelloCFD', selloCfd],
				['NoCertificadoSAT', SERIE_CSD_SAT],
				['SelloSAT', base64Of(`sat|${uuid}`, 344)],
			],
		)}/></cfdi:Complemento>` +
		'</cfdi:Comprobante>'
	);
}

/** The UUID a document's XML carries (upper case, as SAT's stamps give it). */
export function uuidDe(xml: string): string | undefined {
	return /\sUUID="([0-9A-F-]{36})"/.exec(xml)?.[1];
}

/** A sales note's stamped XML: an income CFDI (I) to its client, one concept per line. */
export function xmlNotaVenta(store: Store, nota: NotaVenta): string {
	return cfdiXml({
		serie: serieDe(nota.folio_completo),
		folio: nota.folio,
		at: Date.parse(nota.creado),
		tipo: 'I',
		formaPago: String(nota.forma_pago).padStart(2, '0'),
		metodoPago: nota.metodo_pago,
		subtotal: nota.subtotal,
		iva: nota.iva,
		total: nota.total,
		receptor: {
			rfc: nota.cliente.rfc,
			nombre: nota.cliente.razon_social,
			cp: nota.cliente.direccion.cp,
			usoCfdi: nota.uso_cfdi,
		},
		conceptos: conceptosDe(store, nota.detalles),
	});
}

/** An internal consumption's XML: a transfer CFDI (T) of the goods, issued to the tenant itself, with no amounts. */
export function xmlConsumoInterno(store: Store, consumo: ConsumoInterno): string {
	return cfdiXml({
		serie: serieDe(consumo.folio_completo),
		folio: consumo.folio,
		at: Date.parse(consumo.creado),
		tipo: 'T',
		subtotal: '0',
		iva: '0',
		total: '0',
		receptor: {
			rfc: EMISOR.rfc,
			nombre: EMISOR.nombre,
			cp: EMISOR.cp,
			usoCfdi: 'S01',
		},
		conceptos: conceptosDe(store, consumo.detalles).map((concepto) => ({
			...concepto,
			valorUnitario: '0',
			importe: '0',
			iva: '0',
		})),
	});
}

/** A customer advance's XML: an income CFDI for the advance (SAT's product key 84111506, unit ACT), its IVA included in the total. */
export function xmlAnticipo(anticipo: AnticipoCliente, receptor: Omit<Receptor, 'usoCfdi'>, formaPago: string): string {
	const total = decimal(anticipo.total);
	// total = subtotal × 1.16, the IVA included.
	const subtotal = roundTo((total * 100n) / 116n, 2);
	const iva = formatDecimal(total - subtotal, 2);
	return cfdiXml({
		serie: 'AN',
		folio: anticipo.folio,
		at: Date.parse(anticipo.creado),
		tipo: 'I',
		formaPago,
		metodoPago: 'PUE',
		subtotal: formatDecimal(subtotal, 2),
		iva,
		total: anticipo.total,
		receptor: { ...receptor, usoCfdi: anticipo.uso_cfdi },
		conceptos: [
			{
				claveProdServ: '84111506',
				claveUnidad: 'ACT',
				cantidad: '1',
				descripcion: anticipo.concepto_cfdi,
				valorUnitario: formatDecimal(subtotal, 2),
				importe: formatDecimal(subtotal, 2),
				iva,
			},
		],
	});
}

function conceptosDe(store: Store, detalles: readonly LineaDocumento[]): Concepto[] {
	return detalles.map((linea) => {
		const producto = store.productos.find((p) => p.id === linea.producto);
		return {
			claveProdServ: '01010101',
			claveUnidad: 'H87',
			cantidad: linea.cantidad,
			descripcion: producto?.descripcion || `Producto ${linea.producto}`,
			valorUnitario: linea.precio_unitario,
			importe: formatDecimal(decimal(linea.importe), 2),
			iva: formatDecimal(decimal(linea.iva), 2),
		};
	});
}

/** A legal person's RFC has 12 characters (general regime 601); a natural person's 13 (612); the public in general 616. */
function regimenDe(rfc: string): string {
	if (rfc === 'XAXX010101000' || rfc === 'XEXX010101000') return '616';
	return rfc.length === 12 ? '601' : '612';
}

function uuidOf(text: string): string {
	const hex = createHash('sha256').update(text).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

function base64Of(text: string, length: number): string {
	let out = '';
	for (let round = 0; out.length < length; round++) out += createHash('sha512').update(`${text}|${round}`).digest('base64').replace(/=+$/, '');
	return out.slice(0, length);
}

function escaped(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
