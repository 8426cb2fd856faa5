import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { recordsOf } from './answers';
import { DEFAULT_PARALLEL_REQUESTS, openList } from './list';
import { inParallel } from './parallel';
import { readCredential, sendRequest } from './request';

/** Records looked up in a list by one query parameter, e.g. blacklist entries by `?rfc=`. */
export interface Lookup {
	parameter: string;
	/** The value a record answers for, written as the looked-up values are (a normalized RFC). */
	keyOf: (record: IDataObject) => string;
}

/**
 * Below this many distinct values each is looked up: reading the list can only pay off when it has
 * fewer pages than that, and Admintotal's blacklist (SAT's 69-B list) has over a hundred.
 */
const LIST_WORTH_ASKING_FROM = 20;

/**
 * The records answering each value, for many lookups of one list at once (a run of Check RFC), with
 * the fewest requests: one per distinct value, or the whole list read once when it has fewer pages
 * than there are values. Learning that costs the list's first page, one request more at most, and is
 * only asked from LIST_WORTH_ASKING_FROM values on.
 */
export async function lookUpEach(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	lookup: Lookup,
	values: string[],
	itemIndex: number,
): Promise<Map<string, IDataObject[]>> {
	const distinct = [...new Set(values)];
	const answers = new Map<string, IDataObject[]>(distinct.map((value) => [value, []]));
	if (distinct.length >= LIST_WORTH_ASKING_FROM) {
		const qs = { ...request.qs };
		delete qs[lookup.parameter];
		const whole = await openList(context, { ...request, qs }, itemIndex, { parallel: DEFAULT_PARALLEL_REQUESTS });
		if (whole.pagesLeft !== undefined && whole.pagesLeft < distinct.length) {
			for (const record of await whole.readAll()) answers.get(lookup.keyOf(record))?.push(record);
			return answers;
		}
	}
	const { credentials } = await readCredential(context);
	await inParallel(distinct.length, DEFAULT_PARALLEL_REQUESTS, async (index, slowDown) => {
		const value = distinct[index];
		const query = { ...request.qs, [lookup.parameter]: value };
		const response = await sendRequest(context, { ...request, qs: query }, { itemIndex, onRateLimited: slowDown, credentials });
		answers.set(value, recordsOf(response.body));
		return true;
	});
	return answers;
}
