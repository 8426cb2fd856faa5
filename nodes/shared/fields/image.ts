import type { IDataObject } from 'n8n-workflow';

import { SentLater } from '../tenant/request';
import type { Field } from './field';
import { oneOf, text } from './grammars';
import type { ValueReader } from './reader';

/** Work order images: checked here so a wrong file is refused before it is uploaded. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Uploads at once, whatever the budget: each holds its image as base64 (up to 13 MB), so memory stays near 50 MB. */
export const UPLOAD_LANES = 4;

const SIGNATURES: Array<{ type: string; matches: (bytes: Buffer) => boolean }> = [
	{ type: 'PNG', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
	{ type: 'JPEG', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ type: 'GIF', matches: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
	{ type: 'WEBP', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function imageTypeOf(bytes: Buffer): string | undefined {
	return SIGNATURES.find((signature) => signature.matches(bytes))?.type;
}

/** Bytes of an image's start that tell its type. */
const HEAD_BYTES = 12;

/** Where the item's image comes from, and how the errors name it. */
function sourceOf(reader: ValueReader): { label: string; base64?: string; property?: string } {
	const source = reader.read('imageSource', 'Image Source', oneOf(['binary', 'base64']), { required: true });
	if (source === 'base64') {
		const label = 'Image (Base64)';
		const encoded = (reader.read('imageBase64', label, text, { required: true }) ?? '').replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
		if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) reader.fail(label, 'is not base64 text');
		return { label, base64: encoded };
	}
	const property = reader.read('binaryPropertyName', 'Input Binary Field', text, { required: true }) ?? 'data';
	return { label: `Input Binary Field "${property}"`, property };
}

/** Checks the image from its size and first bytes only: every item is checked before any is sent, and holding each would hold them all. */
async function checkImage(reader: ValueReader): Promise<void> {
	const { label, base64, property } = sourceOf(reader);
	const { bytes, head } =
		base64 === undefined ? await reader.binaryHead(property as string, label, HEAD_BYTES) : { bytes: Buffer.byteLength(base64, 'base64'), head: Buffer.from(base64.slice(0, 16), 'base64') };
	if (bytes === 0) reader.fail(label, 'is empty');
	if (bytes > MAX_IMAGE_BYTES) reader.fail(label, `is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, 'Resize or compress the image first.');
	if (!imageTypeOf(head)) reader.fail(label, 'is not an image (PNG, JPEG, GIF or WEBP)');
}

/** The checked image as base64, read when its request goes. */
async function imageAsBase64(reader: ValueReader): Promise<string> {
	const { label, base64, property } = sourceOf(reader);
	return (base64 === undefined ? await reader.binary(property as string, label) : Buffer.from(base64, 'base64')).toString('base64');
}

/** The image of a work order visit: a binary field of the item, or base64 text. */
export const imageField: Field = {
	properties: [
		{
			displayName: 'Image Source',
			name: 'imageSource',
			type: 'options',
			options: [
				{ name: 'Binary Property', value: 'binary', description: 'A file from an earlier node, e.g. an HTTP download or a form upload' },
				{ name: 'Base64 Text', value: 'base64', description: 'The image already encoded as base64 text' },
			],
			default: 'binary',
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { show: { imageSource: ['binary'] } },
			hint: 'The name of the input binary field containing the image',
		},
		{
			displayName: 'Image (Base64)',
			name: 'imageBase64',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { imageSource: ['base64'] } },
			description: 'Base64 of a PNG, JPEG, GIF or WEBP image; a data: URL prefix is removed',
		},
	],
	apiValues: async (reader) => {
		await checkImage(reader);
		// Made when its request goes (tenant/request.ts), so a run holds only the images in flight.
		return { imagen: new SentLater(async () => await imageAsBase64(reader)) as unknown as IDataObject };
	},
};
