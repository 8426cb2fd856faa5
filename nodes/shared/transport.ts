import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { apiError, networkError } from './errors';
import { sendWithAllItems } from './itemWave';
import { foreignLinkMessage, originOf, parseTenantBase, resolveNextLink } from './tenant';

export const CREDENTIAL_TYPE = 'admintotalApi';

/** Page size asked of the API: integrators page the catalogue at 100 and the service accepts it. */
export const PAGE_SIZE = 100;

/** 429 answers are waited out this many times, never longer than MAX_WAIT_SECONDS each. */
const RATE_LIMIT_RETRIES = 3;
const MAX_WAIT_SECONDS = 60;
/** Reads are retried after a dropped connection; writes never are (they might have been applied). */
const READ_RETRIES = 2;
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

export type RequestContext = IExecuteSingleFunctions | ILoadOptionsFunctions | IHookFunctions;

interface DrfPage {
	count?: number;
	next: string | null;
	results: IDataObject[];
}

/**
 * One request with the credential, waiting out rate limits and retrying dropped reads;
 * every failure becomes an error that says what happened and what the API said.
 */
export async function sendRequest(
	context: RequestContext,
	options: IHttpRequestOptions,
	itemIndex = 0,
): Promise<IN8nHttpFullResponse> {
	const method = (options.method ?? 'GET').toUpperCase();
	let rateLimited = 0;
	let dropped = 0;
	for (;;) {
		try {
			return (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
				...options,
				json: true,
				returnFullResponse: true,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const answer = httpAnswerOf(error);
			if (answer) {
				const retryAfter = retryAfterSeconds(answer.headers);
				if (answer.status === 429 && rateLimited < RATE_LIMIT_RETRIES) {
					rateLimited++;
					await sleep(Math.min(retryAfter ?? 2 ** rateLimited, MAX_WAIT_SECONDS) * 1000);
					continue;
				}
				throw apiError(context.getNode(), { status: answer.status, body: answer.body, itemIndex, retryAfterSeconds: retryAfter });
			}
			const code = networkCodeOf(error);
			if (code === undefined) {
				// Not an HTTP answer nor a network fault: a refused login, a foreign link, a bad Base URL.
				if (error instanceof NodeApiError) throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
				throw new NodeOperationError(context.getNode(), messageOf(error), { itemIndex });
			}
			if (method === 'GET' && dropped < READ_RETRIES) {
				dropped++;
				await sleep(250 * dropped);
				continue;
			}
			throw networkError(context.getNode(), await tenantOriginOf(context), code, itemIndex, method !== 'GET');
		}
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
	const apiBase = await tenantApiBaseOf(context);
	const returnAll = context.getNodeParameter('returnAll', false) === true;
	const maxResults = requestData.maxResults !== undefined && requestData.maxResults !== '' ? Number(requestData.maxResults) : undefined;
	const listing = returnAll || maxResults !== undefined;

	let options = { ...requestData.options } as IHttpRequestOptions;
	if (listing) options.qs = { ...(options.qs ?? {}), limit: pageSizeFor(maxResults, 0) };

	const items: INodeExecutionData[] = [];
	let response: IN8nHttpFullResponse;
	for (;;) {
		response = await sendRequest(context, options, itemIndex);
		const page = asDrfPage(response.body);
		if (!page) {
			items.push(...toItems(response.body));
			break;
		}
		items.push(...page.results.map((json) => ({ json })));
		if (!listing || !page.next) break;
		if (maxResults !== undefined && items.length >= maxResults) break;
		options = { ...options, url: nextPageUrl(context, page.next, apiBase, pageSizeFor(maxResults, items.length), itemIndex), qs: {} };
	}
	if (maxResults !== undefined) items.splice(maxResults);

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

/** GET every page of a list (for dropdowns and lifecycle hooks that are not declarative). */
export async function fetchPage(
	context: RequestContext,
	path: string,
	qs: IDataObject = {},
): Promise<{ results: IDataObject[]; next: string | null; count?: number }> {
	const response = await sendRequest(context, { method: 'GET', url: path, qs });
	const page = asDrfPage(response.body);
	return page ?? { results: toItems(response.body).map((item) => item.json), next: null };
}

export async function tenantApiBaseOf(context: RequestContext): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const tenant = parseTenantBase(credentials.baseUrl);
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

function asDrfPage(body: unknown): DrfPage | undefined {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const candidate = body as IDataObject;
	if (!Array.isArray(candidate.results) || !('next' in candidate)) return undefined;
	return candidate as unknown as DrfPage;
}

function toItems(body: unknown): INodeExecutionData[] {
	if (Array.isArray(body)) return body.map((json) => ({ json: json as IDataObject }));
	if (body && typeof body === 'object') return [{ json: body as IDataObject }];
	if (body === undefined || body === null || body === '') return [{ json: { success: true } }];
	return [{ json: { response: body as string } }];
}

export interface HttpAnswer {
	status: number;
	body: unknown;
	headers: Record<string, unknown>;
}

/** n8n wraps the HTTP client's error; the answer sits on the error or on its cause. */
export function httpAnswerOf(error: unknown): HttpAnswer | undefined {
	const candidates = [error, (error as { cause?: unknown })?.cause, (error as { cause?: { cause?: unknown } })?.cause?.cause];
	for (const candidate of candidates) {
		const response = (candidate as { response?: { status?: number; data?: unknown; body?: unknown; headers?: Record<string, unknown> } })?.response;
		if (response && typeof response.status === 'number') {
			return { status: response.status, body: response.data ?? response.body, headers: response.headers ?? {} };
		}
	}
	// n8n-workflow before 2.9 drops an error's cause; the status and the body survive as httpCode and
	// context.data (the headers, and so Retry-After, are lost).
	const wrapped = error as { httpCode?: unknown; context?: { data?: unknown } };
	if (typeof wrapped?.httpCode === 'string' && /^\d{3}$/.test(wrapped.httpCode)) {
		return { status: Number(wrapped.httpCode), body: wrapped.context?.data, headers: {} };
	}
	return undefined;
}

export function networkCodeOf(error: unknown): string | undefined {
	const httpCode = (error as { httpCode?: unknown })?.httpCode;
	if (typeof httpCode === 'string' && NETWORK_CODES.has(httpCode)) return httpCode;
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string' && /socket hang up|other side closed|ECONNRESET/i.test(message)) return 'ECONNRESET';
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function retryAfterSeconds(headers: Record<string, unknown>): number | undefined {
	const raw = headers['retry-after'] ?? headers['Retry-After'];
	const seconds = Number(Array.isArray(raw) ? raw[0] : raw);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function tenantOriginOf(context: RequestContext): Promise<string> {
	try {
		return originOf(await tenantApiBaseOf(context));
	} catch {
		return 'the tenant address';
	}
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
