import { z } from 'zod';
import { RFC_PATTERN } from '../schemas/common';
import { isValidDate, parseIsoDateTime } from '../util/time';
import { parseDecimal } from '../util/decimal';
import { M, pythonTypeName } from './messages';

/**
 * Zod builders that accept what DRF serializer fields accept (an IntegerField takes "12", a CharField 12, a
 * DecimalField 12.5 or "12.50") and reject with DRF's messages.
 */

/** Error map: a missing value is "required", a null is "no puede ser nulo", anything else `message`. */
function messages(message: string | ((input: unknown) => string)): { errorMap: z.ZodErrorMap } {
	return {
		errorMap: (issue, ctx) => {
			if (issue.code === z.ZodIssueCode.invalid_type) {
				if (ctx.data === undefined) return { message: M.required };
				if (ctx.data === null) return { message: M.null };
			}
			return { message: typeof message === 'function' ? message(ctx.data) : message };
		},
	};
}

const INTEGER_TEXT = /^\s*[+-]?\d+(\.0*)?\s*$/;

function toIntegerIfNumeric(value: unknown): unknown {
	if (typeof value === 'string' && INTEGER_TEXT.test(value)) return Number(value);
	return value;
}

export function integer(range: { min?: number; max?: number } = {}) {
	let schema = z.number(messages(M.integer)).int();
	if (range.min !== undefined) schema = schema.min(range.min, M.minValue(range.min));
	if (range.max !== undefined) schema = schema.max(range.max, M.maxValue(range.max));
	return z.preprocess(toIntegerIfNumeric, schema);
}

/** A positive integer primary key; existence is checked by the route, with `M.pkNotFound`. */
export function primaryKey() {
	return z.preprocess(
		toIntegerIfNumeric,
		z.number(messages((v) => `Tipo incorrecto. Se esperaba valor de clave primaria y se recibió ${pythonTypeName(v)}.`)).int(),
	);
}

/** Integer choice field: `status` 1–5 and the like. */
export function integerChoice(values: readonly number[]) {
	return z.preprocess(
		toIntegerIfNumeric,
		z.any().superRefine((value, ctx) => {
			if (value === undefined) return ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.required, fatal: true });
			if (value === null) return ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.null, fatal: true });
			if (!values.includes(value as number)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.choice(value), fatal: true });
			}
		}),
	) as unknown as z.ZodType<number, z.ZodTypeDef, unknown>;
}

export function choice<T extends string>(values: readonly [T, ...T[]]) {
	return z.enum(values, messages((v) => M.choice(v)));
}

export function char(rules: { allowBlank?: boolean; maxLength?: number } = {}) {
	let text = z.string(messages(M.string));
	if (rules.maxLength !== undefined) text = text.max(rules.maxLength, M.maxLength(rules.maxLength));
	const schema = rules.allowBlank ? text : text.refine((v) => v.trim() !== '', M.blank);
	return z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema) as unknown as z.ZodType<
		string,
		z.ZodTypeDef,
		unknown
	>;
}

/** Decimal given as number or numeric string; comes out as the canonical string. */
export function decimal(rules: { positive?: boolean; min?: number } = {}) {
	return z.preprocess(
		(v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
		z
			.string(messages(M.number))
			.refine((v) => parseDecimal(v) !== null, M.number)
			.superRefine((v, ctx) => {
				const value = parseDecimal(v);
				if (value === null) return;
				if (rules.positive && value <= 0n) ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.greaterThanZero });
				if (rules.min !== undefined && value < (parseDecimal(rules.min) as bigint)) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.minValue(rules.min) });
				}
			}),
	) as unknown as z.ZodType<string, z.ZodTypeDef, unknown>;
}

const TRUE_VALUES = new Set<unknown>([true, 'true', 'True', 'TRUE', '1', 1, 'yes', 'on']);
const FALSE_VALUES = new Set<unknown>([false, 'false', 'False', 'FALSE', '0', 0, 'no', 'off']);

export function boolean() {
	return z.preprocess(
		(v) => (TRUE_VALUES.has(v) ? true : FALSE_VALUES.has(v) ? false : v),
		z.boolean(messages(M.boolean)),
	);
}

export function date() {
	return z.string(messages(M.date)).refine(isValidDate, M.date);
}

/** ISO 8601 date or date-time (a bare date means midnight in Mexico City). */
export function dateTime() {
	return z.string(messages(M.dateTime)).refine((v) => parseIsoDateTime(v) !== null, M.dateTime);
}

export function email() {
	return z.string(messages(M.string)).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), M.email);
}

export function rfc() {
	return z
		.string(messages(M.string))
		.transform((v) => v.trim().toUpperCase())
		.refine((v) => RFC_PATTERN.test(v), 'El RFC no tiene un formato válido.');
}

export function list<T extends z.ZodTypeAny>(item: T, rules: { allowEmpty?: boolean } = {}) {
	let schema = z.array(item, messages((v) => M.list(pythonTypeName(v))));
	if (!rules.allowEmpty) schema = schema.min(1, M.emptyList);
	return schema;
}

export function object<T extends z.ZodRawShape>(shape: T) {
	return z.object(shape, messages((v) => M.dict(pythonTypeName(v))));
}

const IMAGE_SIGNATURES: { mimeType: string; extension: string; test: (b: Buffer) => boolean }[] = [
	{ mimeType: 'image/png', extension: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
	{ mimeType: 'image/jpeg', extension: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
	{ mimeType: 'image/gif', extension: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
	{
		mimeType: 'image/webp',
		extension: 'webp',
		test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
	},
];

/** Decodes a base64 image, with or without a `data:image/...;base64,` prefix, by its magic bytes. */
function decodeImage(text: string): { mimeType: string; extension: string; bytes: number } | null {
	const payload = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
	if (payload === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) return null;
	const bytes = Buffer.from(payload, 'base64');
	const signature = IMAGE_SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
	return signature ? { mimeType: signature.mimeType, extension: signature.extension, bytes: bytes.length } : null;
}

/** A Base64ImageField (drf-extra-fields): the string must decode to a PNG, JPEG, GIF or WEBP. */
export function base64Image() {
	return z
		.string(messages(M.image))
		.transform((v, ctx) => {
			const image = decodeImage(v);
			if (!image) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: v.trim() === '' ? M.blank : M.image });
				return z.NEVER;
			}
			return image;
		});
}
