import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { apiError, networkError, nonAnswerError, redirectError } from './errors';
import { sendWithAllItems } from './itemWave';
import { maskSecrets, secretsOf } from './secrets';
import { REFUSED_TOKEN_FIELD } from './sessions';
import { foreignLinkMessage, originOf, parseTenantBase, resolveNextLink, safeOrigin, tenantTarget } from './tenant';

export const CREDENTIAL_TYPE = 'admintotalApi';

/** Page size asked of the API: integrators page the catalogue at 100 and the service accepts it. */
export const PAGE_SIZE = 100;

/** Waits asked by Retry-After (or backoff) are honoured up to this; a longer one fails at once, saying so. */
const MAX_WAIT_SECONDS = 60;
/** 429 answers are waited out this many times. */
const RATE_LIMIT_RETRIES = 3;
/** Reads are retried after a dropped connection or a passing server failure; writes never are (they might have been applied). */
const READ_RETRIES = 2;
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/** A same-origin redirect of a read (e.g. a missing trailing slash) is followed by us, this many hops at most. */
const MAX_REDIRECTS = 3;
/** No request waits forever for an answer. */
const TIMEOUT_MS = 120_000;
/** Faults with no usable answer; ERR_BAD_RESPONSE is how the HTTP client reports a body cut mid-transfer. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'ERR_BAD_RESPONSE']);

export type RequestContext = IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions;

interface DrfPage {
	count?: number;
	next: string | null;
	results: IDataObject[];
}

/** What a 2xx answer must hold: a DRF page of a list, one record, or the answer to a write. */
export type Expected = 'page' | 'record' | 'written';

export interface SendOptions {
	itemIndex?: number;
	/** Which page of a list this is, for errors ("page at offset 200"). */
	page?: string;
	expect?: Expected;
}

/**
 * One request with the credential. Redirects are never followed with the credential attached
 * (a same-origin redirect of a read is followed here after checking it), rate limits and passing
 * failures of reads are waited out within bounds, an expired session is renewed once, and every
 * failure or non-answer becomes an error naming the status, the item and the page, with the
 * credential's secrets masked in anything the server said.
 */
export async function sendRequest(context: RequestContext, request: IHttpRequestOptions, sent: SendOptions = {}): Promise<IN8nHttpFullResponse> {
	const { itemIndex = 0, page } = sent;
	const method = (request.method ?? 'GET').toUpperCase();
	const read = method === 'GET';
	const expect = sent.expect ?? (read ? 'record' : 'written');
	let credentials = await context.getCredentials(CREDENTIAL_TYPE);
	let secrets = secretsOf(credentials);
	const apiBase = tenantApiBase(context, credentials.baseUrl);
	let url = request.url;
	// The session this request was sent with; '' until known (a first login happens inside n8n's call).
	let sentWith = sessionOf(credentials);
	let session: 'asStored' | 'newerStored' | 'renewed' = 'asStored';
	let redirects = 0;
	let rateLimited = 0;
	let transient = 0;
	for (;;) {
		let answer: IN8nHttpFullResponse;
		try {
			answer = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				{ ...request, url, json: true, returnFullResponse: true, ignoreHttpStatusErrors: true, disableFollowRedirect: true, timeout: TIMEOUT_MS },
				session === 'renewed' ? withoutSession(context, credentials, sentWith) : undefined,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			const code = networkCodeOf(error);
			if (code === undefined) throw unsentError(context, error, itemIndex, secrets);
			if (read && transient < READ_RETRIES) {
				transient++;
				await sleep(backoffSeconds(transient) * 1000);
				continue;
			}
			throw networkError(context.getNode(), originOf(apiBase), code, itemIndex, !read, page);
		}
		const status = answer.statusCode;
		if (status >= 200 && status < 300) {
			checkAnswer(context, answer, expect, { itemIndex, page, secrets, write: !read });
			return answer;
		}
		if (status >= 300 && status < 400) {
			const location = headerOf(answer.headers, 'location');
			const target = location === undefined ? undefined : tenantTarget(location, apiBase);
			if (read && target !== undefined && redirects < MAX_REDIRECTS) {
				redirects++;
				url = target;
				continue;
			}
			throw redirectError(context.getNode(), status, location === undefined ? 'no address' : safeOrigin(location, apiBase), itemIndex, !read);
		}
		if (status === 401 && session !== 'renewed' && usesSession(credentials)) {
			// Read again: another item, execution or worker may have stored a newer session meanwhile,
			// and renewing on top of it would make every refused request renew once more.
			credentials = await context.getCredentials(CREDENTIAL_TYPE);
			secrets = [...secrets, ...secretsOf(credentials)];
			const stored = sessionOf(credentials);
			if (session === 'asStored' && sentWith !== '' && stored !== '' && stored !== sentWith) {
				session = 'newerStored';
				sentWith = stored;
				continue;
			}
			// This session is the one refused: log in or refresh once (shared by the run's items), then try again.
			if (sentWith === '') sentWith = stored;
			session = 'renewed';
			continue;
		}
		const retryAfter = retryAfterSeconds(answer.headers);
		const retryable = status === 429 ? rateLimited < RATE_LIMIT_RETRIES : read && TRANSIENT_STATUSES.has(status) && transient < READ_RETRIES;
		const failure = { status, body: answer.body, itemIndex, secrets, page };
		if (!retryable) throw apiError(context.getNode(), { ...failure, notes: retryNotes(rateLimited + transient) });
		const wait = retryAfter ?? backoffSeconds(status === 429 ? rateLimited + 1 : transient + 1);
		if (wait > MAX_WAIT_SECONDS) {
			throw apiError(context.getNode(), {
				...failure,
				notes: [`Admintotal asked to wait ${wait} s before trying again, longer than the ${MAX_WAIT_SECONDS} s this node waits; run it again later.`],
			});
		}
		if (status === 429) rateLimited++;
		else transient++;
		await sleep(wait * 1000);
	}
}

/**
 * The single way every declarative operation reaches Admintotal (wired as `requestOperations.pagination`).
 * Lists follow DRF `next` links for Return All, stop at Limit with the fewest pages, and never follow
 * a link off the tenant's origin. Post-receive steps (simplify, shaping) run once on the collected items.
 */
export async function routeToAdmintotal(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	// Items go together: none is sent while another's input is wrong (see itemWave).
	const write = (requestData.options.method ?? 'GET').toUpperCase() !== 'GET';
	return await sendWithAllItems(this, write, async () => await collectItems(this, requestData));
}

async function collectItems(context: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const itemIndex = context.getItemIndex();
	const returnAll = context.getNodeParameter('returnAll', false) === true;
	const maxResults = requestData.maxResults !== undefined && requestData.maxResults !== '' ? Number(requestData.maxResults) : undefined;
	const listing = returnAll || maxResults !== undefined;
	const request = { ...requestData.options } as IHttpRequestOptions;

	let response: IN8nHttpFullResponse;
	let items: INodeExecutionData[];
	if (listing) {
		({ items, response } = await readList(context, request, itemIndex, maxResults));
	} else {
		response = await sendRequest(context, request, { itemIndex });
		// A lookup answered as a page (Check RFC's ?rfc=) gives the page's records.
		items = toItems(asDrfPage(response.body)?.results ?? response.body);
	}

	let shaped = items;
	for (const step of requestData.postReceive) {
		for (const action of step.actions) {
			if (typeof action !== 'function') {
				throw new NodeOperationError(context.getNode(), 'Only function post-receive steps are supported by the Admintotal transport');
			}
			shaped = await action.call(context, shaped, response);
		}
	}
	return shaped;
}

/**
 * Every page of a list (Return All) or just enough for Limit, following DRF `next` links on the
 * tenant's origin. A link already visited, or more records than the API's `count`, stops the list
 * with an error: a looping server must not fill memory or hand out one record many times.
 */
async function readList(
	context: IExecutePaginationFunctions,
	first: IHttpRequestOptions,
	itemIndex: number,
	maxResults: number | undefined,
): Promise<{ items: INodeExecutionData[]; response: IN8nHttpFullResponse }> {
	const apiBase = await tenantApiBaseOf(context);
	let request: IHttpRequestOptions = { ...first, qs: { ...(first.qs ?? {}), limit: pageSizeFor(maxResults, 0) } };
	const visited = new Set<string>([pageKey(`${apiBase}${request.url ?? ''}`, request.qs)]);
	const items: INodeExecutionData[] = [];
	for (;;) {
		const page = pageLabel(request);
		const response = await sendRequest(context, request, { itemIndex, page, expect: 'page' });
		const { results, next, count } = response.body as DrfPage;
		items.push(...results.map((json) => ({ json })));
		const loop = (problem: string) => new NodeOperationError(context.getNode(), `Admintotal's list did not end: ${problem} (${page})`, {
			itemIndex,
			description: 'The list was stopped so that no record is output twice; nothing was output. This is a fault of the server or of a proxy in front of it.',
		});
		if (typeof count === 'number' && items.length > count) throw loop(`it sent more records than the ${count} it announced`);
		if (!next || (maxResults !== undefined && items.length >= maxResults)) {
			if (maxResults !== undefined) items.splice(maxResults);
			return { items, response };
		}
		if (results.length === 0) throw loop('an empty page pointed to another page');
		const url = nextPageUrl(context, next, apiBase, pageSizeFor(maxResults, items.length), itemIndex);
		const key = pageKey(url);
		if (visited.has(key)) throw loop('its next link pointed to a page already read');
		visited.add(key);
		request = { ...request, url, qs: {} };
	}
}

/** GET one page of a list (for dropdowns and lifecycle hooks that are not declarative). */
export async function fetchPage(context: RequestContext, path: string, qs: IDataObject = {}): Promise<DrfPage> {
	const response = await sendRequest(context, { method: 'GET', url: path, qs }, { page: pageLabel({ url: path, qs }), expect: 'page' });
	return response.body as DrfPage;
}

export async function tenantApiBaseOf(context: RequestContext): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	return tenantApiBase(context, credentials.baseUrl);
}

function tenantApiBase(context: RequestContext, baseUrl: unknown): string {
	const tenant = parseTenantBase(baseUrl);
	if (tenant.problem !== undefined) throw new NodeOperationError(context.getNode(), tenant.problem);
	return tenant.apiBase;
}

function pageSizeFor(maxResults: number | undefined, received: number): number {
	return maxResults === undefined ? PAGE_SIZE : Math.max(1, Math.min(PAGE_SIZE, maxResults - received));
}

function nextPageUrl(context: IExecuteSingleFunctions, next: string, apiBase: string, limit: number, itemIndex: number): string {
	const resolved = resolveNextLink(next, apiBase);
	if (resolved === undefined) {
		throw new NodeOperationError(context.getNode(), foreignLinkMessage(next), {
			itemIndex,
			description: 'Check that the Base URL in the credential is the address Admintotal uses for your tenant.',
		});
	}
	const url = new URL(resolved);
	// Only ask for what Limit still needs, so the last page is not larger than necessary.
	if (url.searchParams.has('limit')) url.searchParams.set('limit', String(limit));
	return url.toString();
}

/** A page's identity: its address and query without `limit` (which Limit rewrites), in a stable order. */
function pageKey(url: string, qs: IDataObject = {}): string {
	const parsed = new URL(url);
	for (const [name, value] of Object.entries(qs)) if (value !== undefined) parsed.searchParams.set(name, String(value));
	parsed.searchParams.delete('limit');
	parsed.searchParams.sort();
	return parsed.toString();
}

/** "page at offset N", read from the request the way the API reads it. */
function pageLabel(request: Pick<IHttpRequestOptions, 'url' | 'qs'>): string {
	let offset = request.qs?.offset;
	if (offset === undefined && request.url) {
		try {
			offset = new URL(request.url, 'http://relative.invalid').searchParams.get('offset') ?? undefined;
		} catch {
			offset = undefined;
		}
	}
	return `page at offset ${offset === undefined || offset === null || offset === '' ? 0 : String(offset)}`;
}

/** A 2xx is data only when it holds what the endpoint returns; anything else is an error, never an item. */
function checkAnswer(
	context: RequestContext,
	answer: IN8nHttpFullResponse,
	expect: Expected,
	where: { itemIndex: number; page?: string; secrets: readonly string[]; write: boolean },
) {
	const body = answer.body;
	const fits =
		expect === 'page'
			? asDrfPage(body) !== undefined
			: expect === 'record'
				? isJsonObject(body)
				: isJsonObject(body) || Array.isArray(body) || (answer.statusCode === 204 && (body === undefined || body === ''));
	if (fits) return;
	const expected = { page: `a page of the list (${where.page ?? 'page at offset 0'})`, record: 'a record', written: 'a readable answer to the write' }[expect];
	throw nonAnswerError(context.getNode(), { status: answer.statusCode, body, itemIndex: where.itemIndex, secrets: where.secrets, expected, write: where.write });
}

function isJsonObject(body: unknown): body is IDataObject {
	return body !== null && typeof body === 'object' && !Array.isArray(body);
}

function asDrfPage(body: unknown): DrfPage | undefined {
	if (!isJsonObject(body)) return undefined;
	const { results, next, count } = body;
	if (!Array.isArray(results) || !results.every(isJsonObject)) return undefined;
	if (!(next === null || typeof next === 'string')) return undefined;
	if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 0)) return undefined;
	return body as unknown as DrfPage;
}

function toItems(body: unknown): INodeExecutionData[] {
	if (Array.isArray(body)) return body.map((json) => ({ json: json as IDataObject }));
	if (isJsonObject(body)) return [{ json: body }];
	// A 204 to a write: applied, nothing to read.
	return [{ json: { success: true } }];
}

function usesSession(credentials: ICredentialDataDecryptedObject): boolean {
	return credentials.authMethod === 'jwt' || credentials.authMethod === 'loginApiKey';
}

/** The credential as n8n holds it, minus the session, so n8n runs preAuthentication and stores the renewed one. */
function sessionOf(credentials: ICredentialDataDecryptedObject): string {
	return typeof credentials.sessionToken === 'string' ? credentials.sessionToken : '';
}

function withoutSession(context: RequestContext, credentials: ICredentialDataDecryptedObject, refused: string) {
	const details = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return {
		credentialsDecrypted: {
			id: details?.id ?? '',
			name: details?.name ?? '',
			type: CREDENTIAL_TYPE,
			data: { ...credentials, sessionToken: '', [REFUSED_TOKEN_FIELD]: refused },
		},
	};
}

/** An error raised before any answer: a refused login, a refused address, a bad Base URL. */
function unsentError(context: RequestContext, error: unknown, itemIndex: number, secrets: readonly string[]) {
	const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
	return new NodeOperationError(context.getNode(), message, { itemIndex });
}

function backoffSeconds(attempt: number): number {
	return 2 ** (attempt - 1);
}

function retryNotes(retries: number): string[] {
	return retries > 0 ? [`Tried ${retries + 1} times.`] : [];
}

function headerOf(headers: IDataObject | undefined, name: string): string | undefined {
	const raw = headers?.[name] ?? headers?.[name.toLowerCase()];
	const value = Array.isArray(raw) ? raw[0] : raw;
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const raw = headerOf(headers, 'retry-after');
	if (raw === undefined) return undefined;
	if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
	const at = Date.parse(raw);
	return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

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
