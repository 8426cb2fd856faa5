import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject, ICredentialDataDecryptedObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isJsonObject } from '../records';
import type { RequestContext } from './tenant';

/**
 * What came back from the tenant, trusted only once checked, in one place: a 2xx holds what the
 * endpoint returns; a `next` link or a redirect stays on the tenant and on the list that was asked;
 * every failure becomes an error in plain words naming the status, the page and the item; and the
 * credential's secrets are masked in everything taken from an answer.
 */

// A 2xx answer.

/** What a 2xx answer must hold: a DRF page of a list, one record, or the answer to a write. */
export type Expected = 'page' | 'record' | 'written';

export interface DrfPage {
	count?: number;
	next: string | null;
	results: IDataObject[];
}

/** A 2xx is data only when it holds what the endpoint returns; anything else is an error, never an item. */
export function checkAnswer(
	node: INode,
	answer: IN8nHttpFullResponse,
	expect: Expected,
	where: { itemIndex: number; page?: string; secrets: readonly string[]; write?: WriteEffect; follows?: ListAsked },
) {
	const body = answer.body;
	const fits =
		expect === 'page'
			? asDrfPage(body) !== undefined
			: expect === 'record'
				? isJsonObject(body)
				: // Every write answers the record it wrote (or an object saying what it did), or 204: a list or a page holds no such record.
					(isJsonObject(body) && asDrfPage(body) === undefined) || (answer.statusCode === 204 && (body === undefined || body === ''));
	if (fits) {
		if (expect === 'page' && where.follows) checkNextLink(node, body as DrfPage, where.follows, where);
		return;
	}
	const expected = { page: `a page of the list (${where.page ?? 'page at offset 0'})`, record: 'a record', written: 'the result of the write' }[expect];
	throw nonAnswerError(node, { status: answer.statusCode, body, itemIndex: where.itemIndex, secrets: where.secrets, expected, write: where.write });
}

export function asDrfPage(body: unknown): DrfPage | undefined {
	if (!isJsonObject(body)) return undefined;
	const { results, next, count } = body;
	if (!Array.isArray(results) || !results.every(isJsonObject)) return undefined;
	if (!(next === null || typeof next === 'string')) return undefined;
	if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 0)) return undefined;
	return body as unknown as DrfPage;
}

/**
 * A checked 2xx body with the credential's secrets masked in every text and name, as errors mask
 * what a server says, so a record that echoes the key or a token reaches no output. A page's `next`
 * link is left as sent: it is followed (on the tenant's origin only), never output, and a short
 * secret withheld from it would end the list.
 */
export function maskedBody(body: unknown, secrets: readonly string[]): unknown {
	const page = asDrfPage(body);
	const next = page?.next ?? null;
	const masked = maskSecretsInJson(body, secrets);
	if (page !== undefined) page.next = next;
	return masked;
}

/** The records of a checked answer: a page's results, a record, or a 204 to a write. */
export function recordsOf(body: unknown): IDataObject[] {
	const page = asDrfPage(body);
	if (page) return page.results;
	if (isJsonObject(body)) return [body];
	// A 204 to a write: applied, nothing to read.
	return [{ success: true }];
}

export function headerOf(headers: IDataObject | undefined, name: string): string | undefined {
	const raw = headers?.[name] ?? headers?.[name.toLowerCase()];
	const value = Array.isArray(raw) ? raw[0] : raw;
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
export function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const raw = headerOf(headers, 'retry-after');
	if (raw === undefined) return undefined;
	if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
	const at = Date.parse(raw);
	return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

// Where its links and redirects may go: the tenant's origin, and the list that was asked.

/**
 * Where a request target really goes, resolved the way n8n's HTTP client does (a path is appended
 * to the API base; `//host/x` and `scheme://` are absolute), or undefined when that is not the
 * tenant's origin. Backslashes and control characters are refused outright: URL parsers disagree on them.
 */
export function tenantTarget(target: string, apiBase: string): string | undefined {
	// eslint-disable-next-line no-control-regex
	if (/[\\\u0000-\u001f\u007f]/.test(target)) return undefined;
	const absolute = /^([a-z][a-z0-9+.-]*:)?\/\//i.test(target);
	let url: URL;
	try {
		url = absolute ? new URL(target, apiBase) : new URL(`${apiBase}${target.startsWith('/') ? '' : '/'}${target}`);
	} catch {
		return undefined;
	}
	return url.origin === originOf(apiBase) && url.username === '' && url.password === '' ? url.toString() : undefined;
}

/** The list a page was asked of, absolute, on the tenant at `apiBase`: its `next` link must stay on both. */
export interface ListAsked {
	url: URL;
	apiBase: string;
}

/**
 * A page's `next` link, made absolute on the tenant (in place), when it stays on the tenant's origin
 * and on the list that was asked (endpoint and filters); otherwise an error naming the page.
 */
function checkNextLink(node: INode, page: DrfPage, asked: ListAsked, where: { itemIndex: number; page?: string }) {
	if (page.next === null) return;
	const resolved = resolveNextLink(page.next, asked.apiBase);
	if (resolved === undefined) {
		throw new NodeOperationError(node, foreignLinkMessage(page.next), {
			itemIndex: where.itemIndex,
			description: 'Check that the Base URL in the credential is the address Admintotal uses for your tenant.',
		});
	}
	const departure = departureFrom(asked.url, new URL(resolved));
	if (departure) {
		const what = departure.leaves === 'endpoint' ? `leaves the list that was asked (${departure.path})` : `changes the list's filters (${departure.names.join(', ')})`;
		throw new NodeOperationError(node, `Admintotal's next link ${what}; it was not followed (${where.page ?? 'page at offset 0'})`, {
			itemIndex: where.itemIndex,
			description: 'Following it would output other records than the ones asked for. This is a fault of the server or of a proxy in front of it.',
		});
	}
	page.next = resolved;
}

/**
 * A DRF `next` link is absolute and built from the request's Host, so a proxy can turn https into http.
 * Same host over http is upgraded when the tenant is https; any other origin gives undefined (refused).
 */
export function resolveNextLink(next: string, apiBase: string): string | undefined {
	let link: URL;
	try {
		link = new URL(next, apiBase);
	} catch {
		return undefined;
	}
	const tenant = new URL(apiBase);
	if (link.protocol === 'http:' && tenant.protocol === 'https:' && link.hostname === tenant.hostname) {
		const explicitPort = link.port !== '' && link.port !== '80' ? link.port : '';
		link = new URL(`https://${link.hostname}${explicitPort ? `:${explicitPort}` : ''}${link.pathname}${link.search}`);
	}
	return link.origin === tenant.origin && link.username === '' && link.password === '' ? link.toString() : undefined;
}

/**
 * A read's next link or redirect may only move within what was asked: the same endpoint with the
 * same filters. Only the paging parameters may change; anything else would output other records
 * (users as ledger accounts) or send what the user never chose (`cancelado=1`, a key).
 */
const PAGING_PARAMETERS = new Set(['limit', 'offset', 'page', 'cursor']);

export type Departure = { leaves: 'endpoint'; path: string } | { leaves: 'filters'; names: string[] };

/** How `to` departs from the list `from` asked, or undefined when it is the same list. Both are absolute URLs. */
export function departureFrom(from: URL, to: URL): Departure | undefined {
	if (withoutTrailingSlash(to.pathname) !== withoutTrailingSlash(from.pathname)) return { leaves: 'endpoint', path: to.pathname };
	const asked = filtersOf(from);
	const linked = filtersOf(to);
	const names = [...new Set([...asked.keys(), ...linked.keys()])].filter((name) => asked.get(name) !== linked.get(name)).sort();
	return names.length > 0 ? { leaves: 'filters', names } : undefined;
}

function filtersOf(url: URL): Map<string, string> {
	const filters = new Map<string, string>();
	for (const name of new Set(url.searchParams.keys())) {
		if (!PAGING_PARAMETERS.has(name)) filters.set(name, url.searchParams.getAll(name).join('\u0000'));
	}
	return filters;
}

function withoutTrailingSlash(path: string): string {
	return path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The address a request goes to, with its query, as the HTTP client builds it. */
export function requestUrl(apiBase: string, url: string | undefined, qs: Record<string, unknown> = {}): URL {
	const target = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url ?? '') ? (url as string) : `${apiBase}${url ?? ''}`);
	for (const [name, value] of Object.entries(qs)) {
		if (value !== undefined && value !== null) target.searchParams.set(name, String(value));
	}
	return target;
}

export function originOf(url: string): string {
	return new URL(url).origin;
}

/** The origin of an address for a message, never its path or query (which could carry anything). */
export function safeOrigin(link: string, base?: string): string {
	try {
		return new URL(link, base).origin;
	} catch {
		return 'an unreadable address';
	}
}

export function foreignLinkMessage(link: string): string {
	return `Admintotal returned a link to another site (${safeOrigin(link)}); it was not followed, so your credentials stay with your tenant`;
}

// Errors in plain words.

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

export function statusSummary(status: number): string {
	if (STATUS_SUMMARY[status]) return STATUS_SUMMARY[status];
	if (status >= 500) return 'Admintotal could not complete the request because of a failure on its side';
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
	const summary = failure.write && failure.status >= 500 ? 'Admintotal answered with a failure on its side' : statusSummary(failure.status);
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
export function networkError(node: INode, origin: string, reason: string, itemIndex: number, write?: WriteEffect, page?: string) {
	const unknown = write !== undefined && outcomeUnknown({ network: reason });
	const lines = unknown ? [reason] : [reason, 'Nothing was changed; it is safe to run again.'];
	return describedError(node, `Could not reach Admintotal at ${origin}`, lines, { page, itemIndex, write, network: reason }, { reason });
}

/** A request past its total time or its largest answer (bounds.ts): never retried, the connection closed. */
export function boundError(node: INode, crossed: 'time' | 'size', bound: { ms: number; userSet: boolean; bytes: number }, itemIndex: number, write?: WriteEffect, page?: string) {
	const message =
		crossed === 'time'
			? `Admintotal did not answer within ${bound.ms} ms (${bound.userSet ? "the node's Settings › Request Options › Timeout" : "the node's limit; set Settings › Request Options › Timeout to change it"})`
			: `Admintotal answered with more than ${bound.bytes / 1024 / 1024} MB, more than any page of 100 records holds${page ? ` (${page})` : ''}`;
	const advice =
		crossed === 'time'
			? 'Raise Settings › Request Options › Timeout if Admintotal is slow right now, or run it again later.'
			: 'No Admintotal answer is that large: check that the Base URL in the credential is your tenant.';
	return describedError(node, message, write ? [advice] : [advice, 'Nothing was output.'], { page, itemIndex, write });
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
 * Every error of the transport in one shape: a plain message, the description's lines, and last
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

// The credential's secrets, masked in whatever a server says.

/**
 * What a server said, made safe to show: the credential's secrets masked, markup stripped, one line,
 * cut to a length. Masking comes first, so a secret is never cut into a piece left unmasked.
 *
 * The credential's secrets, so anything taken from a server's answer (an error body that echoes the
 * key, a token or the password) can be masked before it reaches a message, a log or an item.
 */
const SECRET_FIELDS = ['apiKey', 'password', 'sessionToken', 'refreshToken'] as const;

/**
 * A shorter secret is not masked but withheld: masked, the words around it would give it away
 * ("Cr••••••d••••••ntials"), so what the server said is left out whole when it holds one.
 */
const MASKABLE_LENGTH = 6;

const MASK = '••••••';

export const WITHHELD = '(not shown: it contains a secret of the credential too short to mask)';

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	return SECRET_FIELDS.map((field) => credentials[field]).filter((value): value is string => typeof value === 'string' && value !== '');
}

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
