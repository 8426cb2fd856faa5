import type { BinaryHelperFunctions, IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { checkCfdiXml } from './cfdiXml';
import { boolean, outputFieldName } from './fields/grammars';
import { ValueReader } from './fields/reader';
import type { SimplifiedShape } from './operation/simplify';
import { shapeRecord } from './operation/simplify';

/**
 * CFDI XML as a File: each record's stamped CFDI XML as n8n binary data, so a workflow can e-mail or
 * store it with n8n's own nodes. Made with n8n's binary helpers, so the instance's binary data mode
 * (memory, filesystem, database) keeps it as it keeps any node's files.
 */

/** Where a resource's records carry their stamped XML. */
export interface CfdiSource {
	/** `xml_timbrado` (sales notes, internal consumption) or `cfdi_xml` (a customer advance). */
	field: string;
	/** "sales note", for the note that names a record. */
	record: string;
}

/** The option as one item (or a poll) set it. */
export interface CfdiFile extends CfdiSource {
	binaryProperty: string;
}

/** What happened to a record's CFDI, in the item's `cfdiFile`, for a workflow to filter on. */
export type CfdiFileOutcome = 'attached' | 'noStampedXml' | 'notCfdi';

export const DEFAULT_CFDI_PROPERTY = 'cfdi';
const XML_TYPE = 'application/xml';
/** File names stay short and plain: letters, digits, `-` and `_`. */
const MAX_NAME_LENGTH = 60;

export function cfdiFileProperties(source: CfdiSource, show: Record<string, string[]> = {}): INodeProperties[] {
	return [
		{
			displayName: 'CFDI XML as a File',
			name: 'cfdiXmlAsFile',
			type: 'boolean',
			default: false,
			...(Object.keys(show).length > 0 ? { displayOptions: { show } } : {}),
			description: `Whether to output each ${source.record}'s stamped CFDI XML (${source.field}) as a file, named by its UUID. A ${source.record} without one gets no file, and its cfdiFile field says why.`,
		},
		{
			displayName: 'Put Output File in Field',
			name: 'cfdiBinaryProperty',
			type: 'string',
			default: DEFAULT_CFDI_PROPERTY,
			required: true,
			displayOptions: { show: { ...show, cfdiXmlAsFile: [true] } },
			hint: 'The name of the output binary field to put the file in',
		},
	];
}

/** The option as set for one item (or a poll); undefined when off or when the resource has no CFDI. */
export function readCfdiFile(reader: ValueReader, source: CfdiSource | undefined): CfdiFile | undefined {
	if (!source || reader.read('cfdiXmlAsFile', 'CFDI XML as a File', boolean) !== true) return undefined;
	const binaryProperty = reader.read('cfdiBinaryProperty', 'Put Output File in Field', outputFieldName, { required: true }) as string;
	return { ...source, binaryProperty };
}

/**
 * The output items of records and of what the node outputs for them (the records, or Simplify's
 * shape of them, one for one), each with its CFDI as a file when the option is on.
 */
export async function withCfdiFiles(
	helpers: Pick<BinaryHelperFunctions, 'prepareBinaryData'>,
	file: CfdiFile | undefined,
	records: IDataObject[],
	outputs: IDataObject[],
): Promise<INodeExecutionData[]> {
	if (!file) return outputs.map((json) => ({ json }));
	if (outputs.length !== records.length) throw new Error('CFDI XML as a File needs one output per record');
	const items: INodeExecutionData[] = [];
	for (const [index, record] of records.entries()) items.push(await cfdiItem(helpers, file, record, outputs[index]));
	return items;
}

/** A poll's items: its records, simplified when `shape` is given, with their CFDI files when the trigger's option is on. */
export async function pollItems(context: IPollFunctions, source: CfdiSource | undefined, records: IDataObject[], shape: SimplifiedShape | undefined): Promise<INodeExecutionData[]> {
	const outputs = shape ? records.map((record) => shapeRecord(record, shape)) : records;
	const file = records.length > 0 ? readCfdiFile(ValueReader.ofPoll(context), source) : undefined;
	return await withCfdiFiles(context.helpers, file, records, outputs);
}

async function cfdiItem(helpers: Pick<BinaryHelperFunctions, 'prepareBinaryData'>, file: CfdiFile, record: IDataObject, output: IDataObject): Promise<INodeExecutionData> {
	const xml = record[file.field];
	const told = (outcome: CfdiFileOutcome, note: string): INodeExecutionData => ({ json: { ...output, cfdiFile: outcome, cfdiFileNote: note } });
	if (xml === undefined || xml === null || (typeof xml === 'string' && xml.trim() === '')) {
		const cancelled = record.cancelado === true ? ' It is cancelled.' : '';
		return told(
			'noStampedXml',
			`${recordName(file, record)} has no stamped CFDI XML (${file.field} is ${xml === undefined ? 'missing' : 'empty'}): it is not stamped, so no file was made.${cancelled}`,
		);
	}
	const check = typeof xml === 'string' ? checkCfdiXml(xml) : { cfdi: false as const, problem: `it is ${Array.isArray(xml) ? 'a list' : `a ${typeof xml}`}, not text` };
	if (!check.cfdi) return told('notCfdi', `${recordName(file, record)}: ${file.field} is not a CFDI 4.0 XML (${check.problem}), so no file was made of it.`);
	const fileName = `${check.uuid ?? plainName([check.serie, check.folio]) ?? plainName([record.folio_completo]) ?? plainName([file.record.replace(/ /g, '-'), record.id]) ?? 'cfdi'}.xml`;
	const binary = await helpers.prepareBinaryData(Buffer.from(xml as string, 'utf8'), fileName, XML_TYPE);
	return { json: { ...output, cfdiFile: 'attached' satisfies CfdiFileOutcome }, binary: { [file.binaryProperty]: binary } };
}

/** "Sales note A-15003 (ID 3)", from what the server sent, cut short and on one line. */
function recordName(file: CfdiSource, record: IDataObject): string {
	const folio = typeof record.folio_completo === 'string' && record.folio_completo.trim() !== '' ? ` ${record.folio_completo.replace(/\s+/g, ' ').slice(0, 40)}` : '';
	const id = typeof record.id === 'number' || typeof record.id === 'string' ? ` (ID ${String(record.id).slice(0, 20)})` : '';
	return `${file.record.charAt(0).toUpperCase()}${file.record.slice(1)}${folio}${id}`;
}

/**
 * Parts joined by `-`, kept to letters, digits, `-` and `_`: a file name cannot carry a path, markup
 * or a masked secret (the transport masks the credential's secrets in every answer as `••••••`).
 */
function plainName(parts: unknown[]): string | undefined {
	const kept = parts
		.filter((part) => typeof part === 'string' || typeof part === 'number')
		.map((part) => String(part).replace(/[^A-Za-z0-9_-]+/g, ''))
		.filter(Boolean);
	return kept.length === parts.length ? kept.join('-').slice(0, MAX_NAME_LENGTH) : undefined;
}
