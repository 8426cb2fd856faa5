import type { IDataObject, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isJsonObject } from '../records';
import type { WriteEffect } from './errors';
import { maskSecretsInJson, nonAnswerError, redirectError } from './errors';

/**
 * What came back from the tenant, trusted only once checked, in one place: a 2xx holds what the
 * endpoint returns, with the credential's secrets masked; a `next` link or a redirect stays on the
 * tenant and on the list that was asked. What fails becomes an error of errors.ts.
 */

// A 2xx answer.

/** What a 2xx answer must hold: a DRF page of a list, one record, or the answer to a write. */
export type Expected = 'page' | 'record' | 'written';

export interface DrfPage {
	count?: number;
	next: string | null;
	results: IDataObject[];
}

/** Where a request went: the tenant's API address, and the target and query it was asked with. */
export interface Sent {
	apiBase: string;
	url: string | undefined;
	qs?: IDataObject;
}

/**
 * A 2xx answer's body, checked and with the credential's secrets masked, and the address it was
 * asked at (absolute). A 2xx is data only when it holds what the endpoint returns; anything else is
 * an error, never an item. A page whose `next` link will be followed has it checked here too.
 */
export function checkedBody(
	node: INode,
	answer: IN8nHttpFullResponse,
	expect: Expected,
	sent: Sent,
	where: { itemIndex: number; page?: string; secrets: readonly string[]; write?: WriteEffect; followsNext?: boolean },
): { body: unknown; url: string } {
	const asked = requestUrl(sent.apiBase, sent.url, sent.qs);
	checkAnswer(node, answer, expect, where);
	if (expect === 'page' && where.followsNext) checkNextLink(node, answer.body as DrfPage, asked, sent.apiBase, where);
	// Every answer a node outputs passes here; `secrets` holds those obtained during the call too.
	return { body: maskedBody(answer.body, where.secrets), url: asked.toString() };
}

function checkAnswer(
	node: INode,
	answer: IN8nHttpFullResponse,
	expect: Expected,
	where: { itemIndex: number; page?: string; secrets: readonly string[]; write?: WriteEffect },
) {
	const body = answer.body;
	const fits =
		expect === 'page'
			? asDrfPage(body) !== undefined
			: expect === 'record'
				? isJsonObject(body)
				: // Every write answers the record it wrote (or an object saying what it did), or 204: a list or a page holds no such record.
					(isJsonObject(body) && asDrfPage(body) === undefined) || (answer.statusCode === 204 && (body === undefined || body === ''));
	if (fits) return;
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
function maskedBody(body: unknown, secrets: readonly string[]): unknown {
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

const [DAY, MONTH, TIME] = ['(Mon|Tue|Wed|Thu|Fri|Sat|Sun)', '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)', '\\d\\d:\\d\\d:\\d\\d'];
/** RFC 9110's HTTP-date: IMF-fixdate, RFC 850's obsolete form, or asctime's (which names no zone: GMT). */
const HTTP_DATE = new RegExp(`^(${DAY}, \\d\\d ${MONTH} \\d{4} ${TIME} GMT|${DAY}[a-z]*, \\d\\d-${MONTH}-\\d\\d ${TIME} GMT|${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4})$`);

/** Seconds from a Retry-After header, as RFC 9110 writes it: delay-seconds (digits) or an HTTP-date; anything else is no header. */
export function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const raw = headerOf(headers, 'retry-after')?.trim() ?? '';
	if (/^\d+$/.test(raw)) return Number(raw);
	if (!HTTP_DATE.test(raw)) return undefined;
	const at = Date.parse(raw.endsWith('GMT') ? raw : `${raw} GMT`);
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

/**
 * A page's `next` link, made absolute on the tenant (in place), when it stays on the tenant's origin
 * and on the list that was asked (endpoint and filters); otherwise an error naming the page.
 */
function checkNextLink(node: INode, page: DrfPage, asked: URL, apiBase: string, where: { itemIndex: number; page?: string }) {
	if (page.next === null) return;
	const resolved = resolveNextLink(page.next, apiBase);
	if (resolved === undefined) {
		throw new NodeOperationError(node, foreignLinkMessage(page.next), {
			itemIndex: where.itemIndex,
			description: 'Check that the Base URL in the credential is the address Admintotal uses for your tenant.',
		});
	}
	const departure = departureFrom(asked, new URL(resolved));
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

/** A same-origin redirect of a read (e.g. a missing trailing slash) is followed, this many hops at most. */
export const MAX_REDIRECTS = 3;

/**
 * Where a redirect may be followed: a read's, on the tenant's origin, within what it asked (a
 * trailing slash), never to other records, at most MAX_REDIRECTS hops (`hops` so far). Anything else
 * is an error saying where it pointed; a redirect is never followed with the credential by n8n.
 */
export function redirectTarget(node: INode, answer: IN8nHttpFullResponse, sent: Sent, where: { itemIndex: number; write?: WriteEffect; hops: number }): string {
	const { apiBase } = sent;
	const location = headerOf(answer.headers, 'location');
	const target = location === undefined ? undefined : tenantTarget(location, apiBase);
	const departure = target === undefined ? undefined : departureFrom(requestUrl(apiBase, sent.url, sent.qs), requestUrl(apiBase, target, sent.qs));
	if (departure) {
		const to = departure.leaves === 'endpoint' ? departure.path : `other filters: ${departure.names.join(', ')}`;
		throw redirectError(node, answer.statusCode, `another address of the tenant (${to})`, where.itemIndex, where.write);
	}
	if (where.write === undefined && target !== undefined && where.hops < MAX_REDIRECTS) return target;
	throw redirectError(node, answer.statusCode, location === undefined ? 'no address' : safeOrigin(location, apiBase), where.itemIndex, where.write);
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
