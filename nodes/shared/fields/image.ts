import type { Field } from './field';
import { oneOf, text } from './grammars';
import type { ValueReader } from './reader';

/** Work order images: checked here so a wrong file is refused before it is uploaded. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const SIGNATURES: Array<{ type: string; matches: (bytes: Buffer) => boolean }> = [
	{ type: 'PNG', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
	{ type: 'JPEG', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ type: 'GIF', matches: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
	{ type: 'WEBP', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function imageTypeOf(bytes: Buffer): string | undefined {
	return SIGNATURES.find((signature) => signature.matches(bytes))?.type;
}

/** The image of the item (binary property or base64 text) as base64, after checking it is an image of sane size. */
async function imageAsBase64(reader: ValueReader): Promise<string> {
	const source = reader.read('imageSource', 'Image Source', oneOf(['binary', 'base64']), { required: true });
	let bytes: Buffer;
	let label: string;
	if (source === 'base64') {
		label = 'Image (Base64)';
		const encoded = (reader.read('imageBase64', label, text, { required: true }) ?? '').replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
		if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) reader.fail(label, 'is not base64 text');
		bytes = Buffer.from(encoded, 'base64');
	} else {
		const property = reader.read('binaryPropertyName', 'Input Binary Field', text, { required: true }) ?? 'data';
		label = `Input Binary Field "${property}"`;
		bytes = await reader.binary(property, label);
	}
	if (bytes.length === 0) reader.fail(label, 'is empty');
	if (bytes.length > MAX_IMAGE_BYTES) {
		reader.fail(label, `is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, 'Resize or compress the image first.');
	}
	if (!imageTypeOf(bytes)) reader.fail(label, 'is not an image (PNG, JPEG, GIF or WEBP)');
	return bytes.toString('base64');
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
	read: async (reader) => ({ imagen: await imageAsBase64(reader) }),
};
