import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { RequestBudget } from './budget';
import { openList, readList } from './list';
import { inParallel } from './parallel';
import type { RequestContext } from './request';

/** Records looked up in a list by one query parameter, e.g. blacklist entries by `?rfc=`. */
export interface Lookup {
	parameter: string;
	/** The value a record answers for, written as the looked-up values are (a normalized RFC). */
	keyOf: (record: IDataObject) => string;
}

/** Below this many round trips of lookups, the list's first page (a round trip of its own) cannot pay off often enough. */
const PROBE_FROM_TRIPS = 3;

/**
 * The records answering each value, for many lookups of one list at once (a run of Check RFC), in
 * the fewest round trips for the requests allowed at once (the run's budget, or `lanes` of its own for a poll): each distinct value read by
 * its query parameter, or the whole list read once when that takes fewer round trips. Either way
 * every page is read and checked as for Get Many, so both give the same records for a value.
 * Learning the list's size costs its first page, one round trip more when the lookups win: it is
 * asked only when they would take PROBE_FROM_TRIPS round trips or more, and never with `oneByOne`
 * (an answer that must not depend on the rest of the list). A value whose lookup fails gets its
 * error; a failed read of the list fails every value.
 */
export async function lookUpEach(
	context: RequestContext,
	request: IHttpRequestOptions,
	lookup: Lookup,
	values: string[],
	lanesOrBudget: number | RequestBudget,
	itemIndex: number,
	{ oneByOne = false } = {},
): Promise<Map<string, IDataObject[] | Error>> {
	const budget = typeof lanesOrBudget === 'number' ? new RequestBudget(lanesOrBudget) : lanesOrBudget;
	const lanes = budget.lanes;
	const distinct = [...new Set(values)];
	const answers = new Map<string, IDataObject[] | Error>(distinct.map((value) => [value, []]));
	const lookupTrips = Math.ceil(distinct.length / lanes);
	if (!oneByOne && lookupTrips >= PROBE_FROM_TRIPS) {
		const qs = { ...request.qs };
		delete qs[lookup.parameter];
		try {
			const whole = await openList(context, { ...request, qs }, itemIndex, { parallel: lanes, budget });
			const listTrips = whole.pagesLeft === undefined ? Infinity : Math.ceil(whole.pagesLeft / lanes);
			if (listTrips < lookupTrips || (listTrips === lookupTrips && (whole.pagesLeft ?? Infinity) < distinct.length)) {
				for (const record of await whole.allRecords()) (answers.get(lookup.keyOf(record)) as IDataObject[] | undefined)?.push(record);
				return answers;
			}
		} catch (error) {
			return new Map(distinct.map((value) => [value, error as Error]));
		}
	}
	await inParallel(distinct.length, lanes, async (index) => {
		const value = distinct[index];
		try {
			const query = { ...request.qs, [lookup.parameter]: value };
			answers.set(value, await readList(context, { ...request, qs: query }, itemIndex, { parallel: 1, budget }));
		} catch (error) {
			answers.set(value, error as Error);
		}
		return true;
	});
	return answers;
}
