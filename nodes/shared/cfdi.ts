import type { BinaryHelperFunctions, IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { boolean, outputFieldName } from './fields/grammars';
import { ValueReader } from './fields/reader';
import type { OutputStep } from './operation/define';
import type { SimplifiedShape } from './records';
import { shapeRecord } from './records';

// CFDI XML as a File: n8n binary data made by n8n's helpers, so the instance's binary data mode keeps it as any node's files.

/** Where a resource's records carry their stamped XML (`xml_timbrado`, `cfdi_xml`), and the record's name ("sales note"). */
export interface CfdiSource {
	field: string;
	record: string;
}

export type CfdiFile = CfdiSource & { binaryProperty: string };

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

/** CFDI XML as a File as the step of the operations whose records carry a CFDI (operation/define.ts). */
export function cfdiFileStep(source: CfdiSource): OutputStep {
	return {
		properties: cfdiFileProperties(source),
		read: (reader) => {
			const file = readCfdiFile(reader, source);
			return file && (async (helpers, records, outputs) => await withCfdiFiles(helpers, file, records, outputs));
		},
	};
}

/** The output items of records and of their outputs (Simplify's shape, one for one), each with its CFDI file when the option is on. */
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
	if (!check.cfdi) return told('notCfdi', `${recordName(file, record)}: ${file.field} is not a CFDI XML of version 4.0 or 3.3 (${check.problem}), so no file was made of it.`);
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

/** Parts joined by `-`, kept to letters, digits, `-` and `_`: no path, markup or masked secret (`••••••`) in a file name. */
function plainName(parts: unknown[]): string | undefined {
	const kept = parts
		.filter((part) => typeof part === 'string' || typeof part === 'number')
		.map((part) => String(part).replace(/[^A-Za-z0-9_-]+/g, ''))
		.filter(Boolean);
	return kept.length === parts.length ? kept.join('-').slice(0, MAX_NAME_LENGTH) : undefined;
}

// Whether a text is a stamped CFDI, without an XML library (no runtime dependencies): one linear pass, enough to tell a CFDI
// from an HTML page or a cut-off document; names in any script (`<Observación>`). Not a validating parser (no schema, seals).

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
/** CFDI 3.3 and 3.2: every CFDI stamped before April 2023. */
export const CFDI_33_NAMESPACE = 'http://www.sat.gob.mx/cfd/3';
const CFDI_NAMESPACES = new Set([CFDI_NAMESPACE, CFDI_33_NAMESPACE]);
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export type CfdiCheck = { cfdi: true; uuid?: string; serie?: string; folio?: string } | { cfdi: false; problem: string };

/** Deeper than any CFDI nests (about 8 levels with complements); past it the text is refused, not walked. */
const MAX_DEPTH = 64;

/** XML 1.0's NameStartChar (the colon left out: it separates a prefix), as code point ranges. */
const NAME_START: ReadonlyArray<readonly [number, number]> = [
	[0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a], [0xc0, 0xd6], [0xd8, 0xf6], [0xf8, 0x2ff], [0x370, 0x37d], [0x37f, 0x1fff],
	[0x200c, 0x200d], [0x2070, 0x218f], [0x2c00, 0x2fef], [0x3001, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xfffd], [0x10000, 0xeffff],
];
/** What NameChar adds to NameStartChar. */
const NAME_MORE: ReadonlyArray<readonly [number, number]> = [[0x2d, 0x2e], [0x30, 0x39], [0xb7, 0xb7], [0x300, 0x36f], [0x203f, 0x2040]];
const TAG_END = /\s*(\/?)>/y;
const END_TAG_CLOSE = /\s*>/y;
/** An `&` that does not start one of XML's five entities or a character reference. */
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9A-Fa-f]{1,6});)/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Each prefix's declarations in scope, innermost last: pushed and popped per element, never copied for each. */
class Namespaces {
	private readonly bound = new Map<string, string[]>([['xml', ['http://www.w3.org/XML/1998/namespace']]]);

	of(prefix: string): string | undefined {
		const uris = this.bound.get(prefix);
		return uris?.[uris.length - 1];
	}

	/** Declares the element's `xmlns` and `xmlns:prefix` attributes; returns the prefixes to take off when it closes. */
	declare(attributes: ReadonlyMap<string, string>): string[] {
		const declared: string[] = [];
		for (const [name, value] of attributes) {
			if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
			const prefix = name === 'xmlns' ? '' : name.slice('xmlns:'.length);
			let uris = this.bound.get(prefix);
			if (uris === undefined) this.bound.set(prefix, (uris = []));
			uris.push(decoded(value) ?? '');
			declared.push(prefix);
		}
		return declared;
	}

	release(declared: readonly string[]) {
		for (const prefix of declared) this.bound.get(prefix)?.pop();
	}
}

export function checkCfdiXml(text: string): CfdiCheck {
	const notCfdi = (problem: string): CfdiCheck => ({ cfdi: false, problem });
	const cutOff = (where: string): CfdiCheck => notCfdi(`the document is cut off: it ends ${where}`);
	const cutInTag = (): CfdiCheck => cutOff(open.length > 0 ? `inside a tag, within <${open[open.length - 1].name}>` : 'inside its first tag');
	const found: { uuid?: string; serie?: string; folio?: string } = {};
	const open: Array<{ name: string; declared: string[] }> = [];
	const namespaces = new Namespaces();
	let rootClosed = false;
	let at = text.startsWith('\uFEFF') ? 1 : 0;

	while (at < text.length) {
		const next = text.indexOf('<', at);
		const between = text.slice(at, next < 0 ? text.length : next);
		if (open.length === 0 && between.trim() !== '') return notCfdi(rootClosed ? 'it has text after its root element' : 'it does not begin with an XML element');
		if (BARE_AMPERSAND.test(between)) return notCfdi(`it has a bare "&" in the text of <${open[open.length - 1].name}>`);
		if (next < 0) break;
		at = next;

		if (text.startsWith('<!--', at) || text.startsWith('<?', at) || text.startsWith('<![CDATA[', at)) {
			const [closing, what] = text.startsWith('<!--', at) ? ['-->', 'a comment'] : text.startsWith('<?', at) ? ['?>', 'a processing instruction'] : [']]>', 'a CDATA section'];
			if (what === 'a CDATA section' && open.length === 0) return notCfdi('it has a CDATA section outside its root element');
			const end = text.indexOf(closing, at + 2);
			if (end < 0) return cutOff(`inside ${what}`);
			at = end + closing.length;
			continue;
		}
		if (text.startsWith('<!', at)) return notCfdi(`it has a markup declaration (${shortly(text.slice(at, at + 20))}), as an HTML page does; a CFDI has none`);

		if (text.startsWith('</', at)) {
			const name = nameAt(text, at + 2);
			const current = open[open.length - 1];
			if (name === undefined) return at + 2 >= text.length ? cutInTag() : notCfdi('it has a malformed end tag');
			const close = execAt(END_TAG_CLOSE, text, at + 2 + name.length)?.[0];
			if (close === undefined) return restHasNo('>', text, at) ? cutInTag() : notCfdi(`its end tag </${name}> is malformed`);
			if (current === undefined || current.name !== name) return notCfdi(`</${name}> closes ${current ? `<${current.name}>` : 'nothing'}`);
			namespaces.release(current.declared);
			open.pop();
			if (open.length === 0) rootClosed = true;
			at += 2 + name.length + close.length;
			continue;
		}

		const name = nameAt(text, at + 1);
		if (name === undefined) return at + 1 >= text.length ? cutInTag() : notCfdi(`it has a "<" that starts no element (${shortly(text.slice(at, at + 20))})`);
		if (rootClosed) return notCfdi(`it has a second root element <${name}>`);
		if (open.length >= MAX_DEPTH) return notCfdi(`its elements nest deeper than ${MAX_DEPTH} levels`);
		let position = at + 1 + name.length;
		const attributes = new Map<string, string>();
		for (let attribute = attributeAt(text, position); attribute; attribute = attributeAt(text, position)) {
			if (attributes.has(attribute.name)) return notCfdi(`<${name}> repeats the attribute ${attribute.name}`);
			attributes.set(attribute.name, attribute.value);
			position = attribute.end;
		}
		const tagEnd = execAt(TAG_END, text, position);
		if (!tagEnd) return restHasNo('>', text, position) ? cutInTag() : notCfdi(`its tag <${name}> is malformed`);
		at = position + tagEnd[0].length;

		const declared = namespaces.declare(attributes);
		const colon = name.indexOf(':');
		const [prefix, local] = colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
		const namespace = namespaces.of(prefix);
		if (prefix !== '' && namespace === undefined) return notCfdi(`the prefix of <${name}> is not declared`);
		if (open.length === 0 && !rootClosed) {
			if (local !== 'Comprobante' || namespace === undefined || !CFDI_NAMESPACES.has(namespace)) {
				return notCfdi(`its root element is <${name}>${namespace ? ` (${namespace})` : ''}, not cfdi:Comprobante of CFDI 4.0 (${CFDI_NAMESPACE}) or 3.3 (${CFDI_33_NAMESPACE})`);
			}
			found.serie = decoded(attributes.get('Serie'));
			found.folio = decoded(attributes.get('Folio'));
		}
		if (local === 'TimbreFiscalDigital' && namespace === TFD_NAMESPACE && found.uuid === undefined) {
			const uuid = decoded(attributes.get('UUID'));
			if (uuid !== undefined && UUID.test(uuid)) found.uuid = uuid.toUpperCase();
		}
		if (tagEnd[1] === '/') {
			namespaces.release(declared);
			if (open.length === 0) rootClosed = true;
		} else {
			open.push({ name, declared });
		}
	}
	if (open.length > 0) return cutOff(`before </${open[open.length - 1].name}>`);
	if (!rootClosed) return notCfdi('it holds no element');
	return { cfdi: true, ...found };
}

function inRanges(code: number, ranges: ReadonlyArray<readonly [number, number]>): boolean {
	return ranges.some(([first, last]) => code >= first && code <= last);
}

/** For ASCII, which most names are: 1 a name may start with it, 2 it may only follow. */
const ASCII_NAME = Uint8Array.from({ length: 0x80 }, (_, code) => (inRanges(code, NAME_START) ? 1 : inRanges(code, NAME_MORE) ? 2 : 0));

/** Where the name (without a prefix) starting at `at` ends; `at` when none starts there. */
function localNameEnd(text: string, at: number): number {
	let index = at;
	for (;;) {
		const code = text.codePointAt(index);
		if (code === undefined) return index;
		const kind = code < 0x80 ? ASCII_NAME[code] : inRanges(code, NAME_START) ? 1 : inRanges(code, NAME_MORE) ? 2 : 0;
		if (kind === 0 || (kind === 2 && index === at)) return index;
		index += code > 0xffff ? 2 : 1;
	}
}

/** The name starting at `at`, with its prefix if it has one (`cfdi:Concepto`, `Observación`). */
function nameAt(text: string, at: number): string | undefined {
	let end = localNameEnd(text, at);
	if (end === at) return undefined;
	if (text[end] === ':' && localNameEnd(text, end + 1) > end + 1) end = localNameEnd(text, end + 1);
	return text.slice(at, end);
}

function spaceEnd(text: string, at: number): number {
	let index = at;
	while (text[index] === ' ' || text[index] === '\t' || text[index] === '\n' || text[index] === '\r') index++;
	return index;
}

/** The attribute starting at `at` (white space, name, `=`, a quoted value without `<`), and where it ends. */
function attributeAt(text: string, at: number): { name: string; value: string; end: number } | undefined {
	let index = spaceEnd(text, at);
	if (index === at) return undefined;
	const name = nameAt(text, index);
	if (name === undefined) return undefined;
	index = spaceEnd(text, index + name.length);
	if (text[index] !== '=') return undefined;
	index = spaceEnd(text, index + 1);
	const quote = text[index];
	if (quote !== '"' && quote !== "'") return undefined;
	// Each value is read once: a `<` in it (or no closing quote) ends the tag's reading.
	const close = text.indexOf(quote, index + 1);
	const value = close < 0 ? '<' : text.slice(index + 1, close);
	return value.includes('<') ? undefined : { name, value, end: close + 1 };
}

function execAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
	pattern.lastIndex = at;
	return pattern.exec(text);
}

/** A tag with no `>` anywhere after it was cut off; one with a `>` later is malformed. */
function restHasNo(character: string, text: string, at: number): boolean {
	return text.indexOf(character, at) < 0;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decoded(value: string | undefined): string | undefined {
	if (value === undefined) return undefined;
	return value.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9A-Fa-f]{1,6});/g, (_entity, body: string) => {
		if (!body.startsWith('#')) return ENTITIES[body];
		const code = body.startsWith('#x') ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
		return code <= 0x10ffff ? String.fromCodePoint(code) : '';
	});
}

function shortly(text: string): string {
	return JSON.stringify(text.replace(/\s+/g, ' '));
}
