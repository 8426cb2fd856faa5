import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DrfPage } from '../shared/tenant/answer';
import { PAGE_SIZE, fetchPage, inParallel } from '../shared/tenant/lists';
import type { Tenant } from '../shared/tenant/tenant';

/** A poll reads at most this many pages (5,000,000 records): a server that points on forever must not fill memory. */
const MAX_PAGES = 50_000;

/**
 * A list read by a poll while the tenant may change it: from `offset` to its end, each page asked
 * to start on the last record of the page before, so the reader can tell whether the list shifted
 * between two pages. `count` is never trusted: it only says how many pages may be asked side by
 * side; the reading ends at a page with no `next` link, or at the first page `until` accepts (read
 * one by one then). Only `next`'s presence is read, never its address: every page is asked by
 * offset, on the list that was asked. `complete`: the last page read ended the list.
 */
export async function readOverlapping(
	tenant: Tenant<IPollFunctions>,
	path: string,
	qs: IDataObject,
	{ offset, parallel, until }: { offset: number; parallel: number; until?: (records: IDataObject[]) => boolean },
): Promise<{ pages: IDataObject[][]; complete: boolean }> {
	const { context } = tenant;
	const at = async (start: number) => await fetchPage(tenant, path, { ...qs, limit: PAGE_SIZE, ...(start > 0 ? { offset: start } : {}) });
	const first = await at(offset);
	const pages = [first.results];
	// The server's page size (it may serve fewer than asked), less the record each page repeats.
	const step = first.results.length - 1;
	let more = first.next !== null && first.results.length > 0;
	if (until?.(first.results)) return { pages, complete: !more };
	if (more && step < 1) throw new NodeOperationError(context.getNode(), "Admintotal's list came in pages of one record, which cannot be joined to tell whether the list moved while it was read");
	let next = offset + step;
	const take = (page: DrfPage) => {
		if (pages.length >= MAX_PAGES) throw new NodeOperationError(context.getNode(), `Admintotal's list went on for more than ${MAX_PAGES} pages; the poll stopped reading it`);
		pages.push(page.results);
		more = page.next !== null && page.results.length > 0;
		next += step;
	};
	if (more && typeof first.count === 'number' && parallel > 1 && until === undefined) {
		const planned = Math.min(MAX_PAGES, Math.max(0, Math.ceil((first.count - 1 - next) / step)));
		const side: DrfPage[] = [];
		await inParallel(planned, parallel, async (index) => {
			side[index] = await at(next + index * step);
			return side[index].next !== null && side[index].results.length > 0;
		});
		for (const page of side) {
			if (!more || page === undefined) break;
			take(page);
		}
	}
	while (more) {
		const page = await at(next);
		take(page);
		if (until?.(page.results)) break;
	}
	return { pages, complete: !more };
}
