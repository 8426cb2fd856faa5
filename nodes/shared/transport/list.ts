import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { foreignLinkMessage, resolveNextLink } from '../../../credentials/tenant';
import type { DrfPage } from './answers';
import type { RequestContext } from './request';
import { sendRequest, tenantApiBaseOf } from './request';

/** Page size asked of the API: integrators page the catalogue at 100 and the service accepts it. */
export const PAGE_SIZE = 100;

/**
 * Every page of a list (Return All) or just enough for Limit, following DRF `next` links on the
 * tenant's origin. A link already visited, or more records than the API's `count`, stops the list
 * with an error: a looping server must not fill memory or hand out one record many times.
 */
export async function readList(
	context: IExecuteSingleFunctions,
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

