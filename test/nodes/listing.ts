/*
 * What every Get Many must do with the API's pages, checked the same way for each resource:
 * Return All walks every `next` link once, Limit asks only for what it needs.
 */
import type { IDataObject } from 'n8n-workflow';

import { pagesFor, type SandboxFixture } from './fixture';

export interface Listing {
	fixture: SandboxFixture;
	node: string;
	resource: string;
	/** List path relative to /api/v2, e.g. `/prospectos/`. */
	path: string;
	/** The records the sandbox holds, in the API's order. */
	records: () => readonly object[];
	/** The sandbox's maximum page size for this file. */
	pageMax: number;
	/** Plural for test names, e.g. "prospects". */
	noun: string;
	/** What identifies a record (default `id`). */
	keyOf?: (record: IDataObject) => unknown;
	/** Extra parameters (e.g. `simplify: false`). */
	parameters?: IDataObject;
}

/**
 * Needs a page size of at least 3 (the Limit of 3 must fit in one page) and more than two pages of
 * records (Return All must read pages side by side); says so instead of failing an assertion.
 */
export function itPagesLikeTheApi(listing: Listing): void {
	const needs = `itPagesLikeTheApi (${listing.noun}) needs pageMax of at least 3 and more than two pages of records`;
	if (listing.pageMax < 3) throw new Error(`${needs}: pageMax is ${listing.pageMax}`);
	const checkRecords = () => {
		const held = listing.records().length;
		if (held <= 2 * listing.pageMax) throw new Error(`${needs}: the sandbox holds ${held}, pages of ${listing.pageMax} need at least ${2 * listing.pageMax + 1} (raise its volume or lower pageMax; a short fixed list is tested without this helper)`);
	};
	const keyOf = listing.keyOf ?? ((record: IDataObject) => record.id);
	const getMany = (extra: IDataObject) =>
		listing.fixture.run(listing.node, { resource: listing.resource, operation: 'getAll', ...listing.parameters, ...extra });
	const expectedKeys = () => listing.records().map((record) => keyOf(record as IDataObject));

	it(`Get Many with Return All follows every next link and returns each of the ${listing.noun} exactly once`, async () => {
		checkRecords();
		const expected = expectedKeys();

		const run = await getMany({ returnAll: true });

		expect(run.error).toBeUndefined();
		expect(run.json.map(keyOf)).toEqual(expected);
		const requests = listing.fixture.requestsTo(listing.path);
		expect(requests).toHaveLength(pagesFor(expected.length, listing.pageMax));
		expect(requests.every((request) => request.method === 'GET' && request.status === 200)).toBe(true);
		expect(requests[0].query).toEqual({ limit: '100' });
		// The pages after the first are read side by side (Parallel Requests), so they may arrive in any order.
		expect(requests.slice(1).map((request) => Number(request.query.offset)).sort((a, b) => a - b)).toEqual(
			requests.slice(1).map((_, page) => (page + 1) * listing.pageMax),
		);
	});

	it(`Get Many with a Limit of one page and two more returns exactly that many ${listing.noun} in two requests`, async () => {
		checkRecords();
		const limit = listing.pageMax + 2;

		const run = await getMany({ returnAll: false, limit });

		expect(run.error).toBeUndefined();
		expect(run.json.map(keyOf)).toEqual(expectedKeys().slice(0, limit));
		const requests = listing.fixture.requestsTo(listing.path);
		expect(requests.map((request) => request.query)).toEqual([
			{ limit: String(limit) },
			{ limit: '2', offset: String(listing.pageMax) },
		]);
	});

	it(`Get Many with a Limit smaller than a page asks for exactly that many ${listing.noun} once`, async () => {
		checkRecords();
		const run = await getMany({ returnAll: false, limit: 3 });

		expect(run.error).toBeUndefined();
		expect(run.json.map(keyOf)).toEqual(expectedKeys().slice(0, 3));
		expect(listing.fixture.requestsTo(listing.path).map((request) => request.query)).toEqual([{ limit: '3' }]);
	});
}
