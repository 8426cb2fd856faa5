import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestContext } from './tenant';

/**
 * What the user is told when the tenant fails us: every failure as an error in plain words, naming
 * the status, the page and the item, saying whether a write may have been done; and the credential's
 * secrets masked in whatever a server says, in messages and in records alike.
 */

/** What happened, in plain words, for the statuses Admintotal (Django REST Framework) answers. */
const STATUS_SUMMARY: Record<number, string> = {
	400: 'Admintotal rejected the data sent',
	401: 'Admintotal did not accept the credentials',
	403: 'The Admintotal user is not allowed to do this',
	404: 'The record was not found in Admintotal',
	405: 'Admintotal does not allow this operation here',
	409: 'Admintotal reported a conflict with existing data',
	413: 'The data sent is too large for Admintotal',
	415: 'Admintotal did not accept the format of the data sent',
	429: 'Admintotal is limiting requests right now',
};

export function statusSummary(status: number, what = 'the request'): string {
	if (STATUS_SUMMARY[status]) return STATUS_SUMMARY[status];
	if (status >= 500) return `Admintotal could not complete ${what} because of a failure on its side`;
	return `Admintotal answered with HTTP ${status}`;
}

/** Under "On Error: Continue" a failed item holds only the error's message (execute.ts); this much of the API's words goes there. */
const MESSAGE_DETAIL_LENGTH = 300;

/**
 * An error lands in run data and the execution database: it shows this many of the API's messages,
 * each cut to this length (after masking), and counts the rest ("…and 49,980 more").
 */
const MAX_MESSAGES = 20;

const MESSAGE_LENGTH = 500;

/** DRF nests one level per serializer; a body deeper than this is not walked further. */
const MAX_DEPTH = 32;

export interface DrfMessages {
	/** The first messages, "field: message". */
	lines: string[];
	/** How many more the body holds. */
	more: number;
}

/**
 * Flattens a DRF error body into "field: message" lines, keeping nested paths such as
 * `detalles[1].cantidad`, so the user sees which value the API refused. Walked with a stack of its
 * own, so no body, however deep, can overflow the call stack; past MAX_DEPTH a line says so.
 */
export function drfMessages(body: unknown, keep = MAX_MESSAGES): DrfMessages {
	const found: DrfMessages = { lines: [], more: 0 };
	const add = (path: string, text: string) => {
		if (found.lines.length < keep) found.lines.push(path ? `${path}: ${text}` : text);
		else found.more++;
	};
	const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
	while (stack.length > 0) {
		const { value, path, depth } = stack.pop()!;
		if (value === null || value === undefined || value === '') continue;
		if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
			add(path, String(value));
			continue;
		}
		if (typeof value !== 'object') continue;
		if (depth >= MAX_DEPTH) {
			add(path, `nested more than ${MAX_DEPTH} levels; not shown`);
			continue;
		}
		const next = depth + 1;
		let children: Array<{ value: unknown; path: string; depth: number }>;
		if (Array.isArray(value)) {
			// A list of messages shares its field's path; a list of objects (lines) numbers them.
			const allText = value.every((entry) => typeof entry === 'string');
			children = value.map((entry, index) => ({ value: entry, path: allText ? path : `${path}[${index}]`, depth: next }));
		} else {
			children = Object.entries(value as IDataObject)
				.filter(([key]) => key !== 'code' && key !== 'messages' && key !== 'ok')
				.map(([key, entry]) => ({ value: entry, path: key === 'detail' || key === 'non_field_errors' ? path : path ? `${path}.${key}` : key, depth: next }));
		}
		for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
	}
	return found;
}

/** What a write does, in the words of its errors: "the record may have been created". */
export type WriteEffect = 'created' | 'applied';

const MAY_HAVE_BEEN: Record<WriteEffect, string> = { created: 'the record may have been created', applied: 'the change may have been applied' };

/** Connection faults that come before any byte of the request is sent: nothing reached Admintotal. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a failed write may have been done all the same, decided here only. Refused for sure: a
 * 4xx (Admintotal read the request and said no; a 429 was not processed), a connection never made.
 * Unknown: a 5xx or a 408 (the failure may come after the save), a redirect, a 2xx without the
 * record, a dropped connection, a time or size limit. The error then says so in its message (all
 * that On Error: Continue keeps), and carries the mark that a run's failure reads (execute.ts).
 */
function outcomeUnknown(fault: { status?: number; network?: string }): boolean {
	const { status, network } = fault;
	if (status !== undefined && status >= 400 && status < 500) return status === 408;
	if (network !== undefined) return !NEVER_SENT.has(network);
	return true;
}

const UNKNOWN_WRITE = Symbol('admintotal.unknownWrite');

/** What the write that failed with this error may have done, when its outcome is unknown. */
export function unknownWriteOf(error: unknown): WriteEffect | undefined {
	return error !== null && typeof error === 'object' ? (error as { [UNKNOWN_WRITE]?: WriteEffect })[UNKNOWN_WRITE] : undefined;
}

export interface ApiFailure {
	status: number;
	body: unknown;
	itemIndex: number;
	/** A write, and what it does; undefined for a read. */
	write?: WriteEffect;
	/** The credential's secrets, masked in everything taken from the answer. */
	secrets: readonly string[];
	/** Which page of a list failed, e.g. "page at offset 200". */
	page?: string;
	/** Extra lines for the description (a wait that was too long, retries made). */
	notes?: string[];
	/** What was answered when it was not the request itself: "the username and password (JWT) login". */
	what?: string;
}

/**
 * The error a user sees for an HTTP answer: plain summary, then the API's own words, which n8n
 * copies into the error item under "On Error: Continue"; the description adds the context.
 */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const { secrets } = failure;
	// Django error pages are HTML; a user needs a line of text, not markup.
	const found = typeof failure.body === 'string' ? { lines: [serverLine(failure.body, secrets, MESSAGE_DETAIL_LENGTH, { html: true })].filter(Boolean), more: 0 } : drfMessages(failure.body);
	const messages = found.lines.map((line) => serverLine(line, secrets, MESSAGE_LENGTH));
	const counted = found.more > 0 ? [`…and ${found.more.toLocaleString('en-US')} more messages from Admintotal`] : [];
	// The API's reasons belong in the message when they say what to fix (4xx), not for server pages.
	const detail = failure.status < 500 && messages.length > 0 ? `: ${textLine(messages.join('; '), MESSAGE_DETAIL_LENGTH)}` : '';
	// "Could not complete" would contradict a write that may have been saved before the failure.
	const summary = failure.write && failure.status >= 500 ? 'Admintotal answered with a failure on its side' : statusSummary(failure.status, failure.what);
	return describedError(node, `${summary}${detail}`, [...messages, ...counted, ...(failure.notes ?? [])], failure, { messages: [...messages, ...counted] });
}

export interface NonAnswer {
	status: number;
	body: unknown;
	itemIndex: number;
	secrets: readonly string[];
	/** What was expected, e.g. "a page of the list (page at offset 100)". */
	expected: string;
	/** A write, and what it does: done, perhaps, although its answer cannot be read. */
	write?: WriteEffect;
}

/** A 2xx whose body is not what the endpoint returns (HTML, empty, cut off): never turned into data. */
export function nonAnswerError(node: INode, failure: NonAnswer): NodeApiError {
	const lines = [`It answered: ${firstBytes(failure.body, failure.secrets)}`, ...(failure.write ? [] : ['Nothing was output, so no partial result is passed on as if it were complete.'])];
	return describedError(node, `Admintotal did not answer with ${failure.expected}`, lines, failure);
}

/** A redirect is never followed with credentials attached; the user learns where it pointed. */
export function redirectError(node: INode, status: number, target: string, itemIndex: number, write?: WriteEffect): NodeApiError {
	const advice = write
		? 'A write answered with a redirect is never repeated elsewhere; it was most likely not applied.'
		: 'Your credentials were not sent there. Check that the Base URL in the credential is the address Admintotal uses for your tenant.';
	return describedError(node, `Admintotal answered with a redirect (HTTP ${status}) to ${target}; it was not followed`, [advice], { status, itemIndex, write });
}

/** Faults with no usable answer; ERR_BAD_RESPONSE is how the HTTP client reports a body cut mid-transfer. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'ERR_BAD_RESPONSE']);

/** The network fault behind an error, walking n8n's wrappers (`httpCode` on n8n 2.8, `code` on the cause). */
export function networkCodeOf(error: unknown): string | undefined {
	const httpCode = (error as { httpCode?: unknown })?.httpCode;
	if (typeof httpCode === 'string' && NETWORK_CODES.has(httpCode)) return httpCode;
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string' && /socket hang up|other side closed|ECONNRESET|^aborted$|timeout of \d+ms exceeded/i.test(message)) return 'ECONNRESET';
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/** A request that never got an answer (connection refused or dropped, timeout). */
export function networkError(node: INode, origin: string, reason: string, itemIndex: number, write?: WriteEffect, page?: string, what?: string) {
	const unknown = write !== undefined && outcomeUnknown({ network: reason });
	const lines = unknown ? [reason] : [reason, 'Nothing was changed; it is safe to run again.'];
	return describedError(node, `Could not reach Admintotal at ${origin}${what ? ` for ${what}` : ''}`, lines, { page, itemIndex, write, network: reason }, { reason });
}

const TOO_LARGE = Symbol('admintotal.tooLarge');

/** Whether this error is an answer past the largest an answer may be: a list then asks smaller pages (lists.ts). */
export function isTooLarge(error: unknown): boolean {
	return error !== null && typeof error === 'object' && (error as { [TOO_LARGE]?: boolean })[TOO_LARGE] === true;
}

/** A request past its total time or its largest answer (bounds.ts): never retried, the connection closed. */
export function boundError(node: INode, crossed: 'time' | 'size', bound: { ms: number; userSet: boolean; bytes: number }, itemIndex: number, write?: WriteEffect, page?: string) {
	const message =
		crossed === 'time'
			? `Admintotal did not answer within ${bound.ms} ms (${bound.userSet ? "the node's Settings › Request Options › Timeout" : "the node's limit; set Settings › Request Options › Timeout to change it"})`
			: `Admintotal answered with more than ${bound.bytes / 1024 / 1024} MB, the most this node reads in one answer${page ? ` (${page})` : ''}`;
	const advice =
		crossed === 'time'
			? 'Raise Settings › Request Options › Timeout if Admintotal is slow right now, or run it again later.'
			: page
				? 'A list asks smaller pages when one is that large, down to a single record; no Admintotal record is that large: check that the Base URL in the credential is your tenant.'
				: 'No Admintotal record is that large: check that the Base URL in the credential is your tenant.';
	const error = describedError(node, message, write ? [advice] : [advice, 'Nothing was output.'], { page, itemIndex, write });
	if (crossed === 'size') Object.defineProperty(error, TOO_LARGE, { value: true });
	return error;
}

/** An error raised before any answer: a refused login, a refused address, a bad Base URL. */
export function unsentError(context: RequestContext, error: unknown, itemIndex: number, secrets: readonly string[]) {
	const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
	return new NodeOperationError(context.getNode(), message, { itemIndex });
}

interface Where {
	status?: number;
	page?: string;
	itemIndex: number;
	/** A write, and what it does; its outcome is decided by outcomeUnknown. */
	write?: WriteEffect;
	/** The connection fault, when there was no answer. */
	network?: string;
}

/**
 * Every error of the way to the tenant in one shape: a plain message, the description's lines, and last
 * where it happened: "(HTTP 400, page at offset 200, item 3)". A write whose outcome is unknown
 * says so in its message and carries the mark unknownWriteOf reads.
 */
function describedError(node: INode, message: string, lines: string[], { status, page, itemIndex, write, network }: Where, response: JsonObject = {}): NodeApiError {
	const httpCode = status === undefined ? 'none' : String(status);
	const where = [...(status === undefined ? [] : [`HTTP ${status}`]), ...(page ? [page] : []), `item ${itemIndex}`].join(', ');
	const unknown = write !== undefined && outcomeUnknown({ status, network });
	const said = unknown ? `${message}; ${MAY_HAVE_BEEN[write]}: check Admintotal before running again` : message;
	const error = new NodeApiError(node, { httpCode, ...response }, { message: said, description: [...lines, `(${where})`].join('\n'), httpCode, itemIndex });
	if (unknown) Object.defineProperty(error, UNKNOWN_WRITE, { value: write });
	return error;
}

// The credential's secrets, masked in whatever a server says: masked first, then markup stripped,
// one line, cut to a length, so a secret is never cut into a piece left unmasked.

/**
 * A shorter secret is not masked but withheld: masked, the words around it would give it away
 * ("Cr••••••d••••••ntials"), so what the server said is left out whole when it holds one.
 */
const MASKABLE_LENGTH = 6;

const MASK = '••••••';

export const WITHHELD = '(not shown: it contains a secret of the credential too short to mask)';

/** The text with every secret masked, as written and as JSON escapes it; WITHHELD when it holds a short one. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
	return secretMasker(secrets)(text);
}

/** maskSecrets for many texts: the secrets sorted and their forms written once. */
function secretMasker(secrets: readonly string[]): (text: string) => string {
	// Longest first, so a secret that contains another is masked whole.
	const sought = [...new Set(secrets)]
		.sort((a, b) => b.length - a.length)
		.map((secret) => ({ short: secret.length < MASKABLE_LENGTH, forms: [...new Set([secret, JSON.stringify(secret).slice(1, -1)])] }));
	return (text) => {
		let masked = text;
		for (const { short, forms } of sought) {
			for (const form of forms) {
				if (!masked.includes(form)) continue;
				if (short) return WITHHELD;
				masked = masked.split(form).join(MASK);
			}
		}
		return masked;
	};
}

/** Whether masking changed this text: a secret was masked in it, or it was withheld. */
export function holdsMaskedSecret(text: string): boolean {
	return text === WITHHELD || text.includes(MASK);
}

/**
 * A parsed JSON answer with every text in it, values and keys, masked as maskSecrets masks a
 * message: a short secret withholds only the text that holds it. Walked with a list rather than
 * recursion, since an answer may be nested deeper than the call stack; changed in place (it is the
 * request's own parse, up to 8 MB, not copied) and returned.
 */
export function maskSecretsInJson(value: unknown, secrets: readonly string[]): unknown {
	if (secrets.length === 0) return value;
	const mask = secretMasker(secrets);
	if (typeof value === 'string') return mask(value);
	const pending: object[] = typeof value === 'object' && value !== null ? [value] : [];
	while (pending.length > 0) {
		const container = pending.pop()!;
		const fields = container as Record<string, unknown>;
		const keys = Object.keys(fields);
		for (const key of keys) {
			const entry = fields[key];
			if (typeof entry === 'string') fields[key] = mask(entry);
			else if (typeof entry === 'object' && entry !== null) pending.push(entry);
		}
		if (Array.isArray(container) || keys.every((key) => mask(key) === key)) continue;
		// A name that holds a secret: the fields are written again in their order, under masked names.
		const entries = keys.map((key) => [mask(key), fields[key]] as const);
		for (const key of keys) delete fields[key];
		// defineProperty, so a field named __proto__ stays a field.
		for (const [key, entry] of entries) Object.defineProperty(fields, key, { value: entry, writable: true, enumerable: true, configurable: true });
	}
	return value;
}

/** Markup removed, for a server's HTML page shown as text. One pass: a page of unclosed `<` costs no more than its length. */
export function withoutTags(text: string): string {
	let kept = '';
	let from = 0;
	for (;;) {
		const open = text.indexOf('<', from);
		const close = open === -1 ? -1 : text.indexOf('>', open + 1);
		// With no `>` after this `<`, nothing further is a tag.
		if (close === -1) return kept + text.slice(from);
		kept += `${text.slice(from, open)} `;
		from = close + 1;
	}
}

/** One line of at most `length` characters: white space folded, the rest cut with an ellipsis. */
export function textLine(text: string, length: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > length ? `${line.slice(0, length)}…` : line;
}

/** What a server said, as one safe line: masked (before and after cleaning, since folding could join a secret), then cut. */
export function serverLine(text: string, secrets: readonly string[], length: number, { html = false } = {}): string {
	const masked = maskSecrets(text, secrets);
	return textLine(maskSecrets(html ? withoutTags(masked) : masked, secrets), length);
}

/** The first bytes of an answer that is not what was asked for, as is (markup included), masked. */
export function firstBytes(body: unknown, secrets: readonly string[], length = 200): string {
	if (body === undefined || body === '') return '(an empty body)';
	const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
	return serverLine(text, secrets, length);
}
