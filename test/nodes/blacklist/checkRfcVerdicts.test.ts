import type { IDataObject } from 'n8n-workflow';

import { DEMO } from '../../sandbox';
import { sandboxPerFile, type SandboxFixture } from '../fixture';

/**
 * Check RFC over many items answers them together: one lookup per distinct RFC, or one read of the
 * whole blacklist when it has fewer pages than there are RFCs. Whichever way, every item gets the
 * verdict its own lookup gives: one normalization of what the server stored, one verdict function,
 * the same entries. A list that changes while it is read, or an answer that is not a page, is never
 * the basis of "not listed".
 */

/**
 * The cases are laid out for a run of 4 requests at once (how many RFCs make 3 round trips of
 * lookups, and so read the list instead), as a user who must be gentle sets it; the choice at the
 * default start of 20 is the same rule with other numbers.
 */
const checkRfcs = (fixture: SandboxFixture, rfcs: unknown[], extra: { continueOnFail?: boolean; options?: IDataObject } = {}) =>
	fixture.run(
		'admintotalBlacklist',
		{ resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}', options: extra.options ?? { parallelRequests: 4 } },
		{ input: rfcs.map((rfc) => ({ rfc })), continueOnFail: extra.continueOnFail },
	);

/** The verdict each RFC gets when it is the only item of its run (one ?rfc= lookup). */
async function aloneVerdicts(fixture: SandboxFixture, rfcs: string[]): Promise<IDataObject[]> {
	const verdicts: IDataObject[] = [];
	for (const rfc of rfcs) verdicts.push(...(await checkRfcs(fixture, [rfc])).json);
	return verdicts;
}

/** Well-formed RFCs that are never on the sandbox's list. */
const unlisted = (count: number) => Array.from({ length: count }, (_, n) => `ZZZ0101${String((n % 28) + 1).padStart(2, '0')}A${String(10 + Math.floor(n / 28)).padStart(2, '0')}`);

describe('Check RFC: one verdict whichever way it was found', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 10, max: 10 }, volume: { listaNegra: 300 } });
	const lookups = () => fixture.requestsTo('/listanegra/').filter((request) => request.query.rfc !== undefined);

	/** Entries as a server may store them: dashes, spaces, no-break spaces, lower case, a trailing tab, and one RFC 25 times with its gravest entry last. */
	const tricky = [
		{ rfc: 'QWE-680524-AB1', nombre: 'CON GUIONES', tipo: 1 },
		{ rfc: ' QWE680524AB2 ', nombre: 'CON ESPACIOS', tipo: 3 },
		{ rfc: 'qwe680524ab3', nombre: 'EN MINUSCULAS', tipo: 2 },
		{ rfc: 'QWE\u00a0680524AB4', nombre: 'CON ESPACIO DURO', tipo: 1 },
		{ rfc: 'QWE680524AB5\t', nombre: 'CON TABULADOR', tipo: 3 },
		...Array.from({ length: 24 }, (_, n) => ({ rfc: 'QWE680524AB6', nombre: `VEINTICINCO ${n}`, tipo: 2 })),
		{ rfc: 'QWE680524AB6', nombre: 'VEINTICINCO LA GRAVE', tipo: 1 },
	];
	const trickyRfcs = ['QWE680524AB1', 'QWE680524AB2', 'QWE680524AB3', 'QWE680524AB4', 'QWE680524AB5', 'QWE680524AB6'];

	beforeAll(() => {
		fixture.sandbox.store.listaNegra.push(...(tricky as typeof fixture.sandbox.store.listaNegra));
	});
	afterAll(() => {
		fixture.sandbox.store.listaNegra.splice(-tricky.length);
	});

	it('40 RFCs (tricky server spellings and an RFC with 25 entries among them) get the same verdict alone and together: 0 disagreements', async () => {
		const listed = fixture.sandbox.store.listaNegra.slice(0, 14).map((entry) => entry.rfc);
		const rfcs = [...trickyRfcs, ...listed, ...unlisted(20)];

		const together = await checkRfcs(fixture, rfcs);
		expect(together.error).toBeUndefined();
		// Together, the list was read once, by its pages (33 of 10), and no RFC was looked up.
		expect(lookups()).toHaveLength(0);

		fixture.sandbox.clearRequests();
		const alone = await aloneVerdicts(fixture, rfcs);
		// Alone, each RFC was looked up, every page of its answer included (3 pages for the one with 25 entries).
		expect(lookups().filter((request) => request.query.rfc === 'QWE680524AB6')).toHaveLength(3);

		const disagreements = rfcs.filter((_, item) => JSON.stringify(together.json[item]) !== JSON.stringify(alone[item]));
		expect(disagreements).toEqual([]);
		expect(together.json.slice(0, 6).map((verdict) => [verdict.rfc, verdict.listed, verdict.tipo])).toEqual([
			['QWE680524AB1', true, 1],
			['QWE680524AB2', true, 3],
			['QWE680524AB3', true, 2],
			['QWE680524AB4', true, 1],
			['QWE680524AB5', true, 3],
			['QWE680524AB6', true, 1],
		]);
		expect(together.json[5]).toMatchObject({ blocking: true, nombre: 'VEINTICINCO LA GRAVE' });
	});

	it('an entry deleted between two page reads of the whole list: a listed RFC is still listed (the list is read again)', async () => {
		const target = fixture.sandbox.store.listaNegra[100];
		const removed = fixture.sandbox.store.listaNegra[5];
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { offset: '50' }, times: 1, meanwhile: () => fixture.sandbox.store.listaNegra.splice(5, 1) });
		try {
			const run = await checkRfcs(fixture, [target.rfc, ...unlisted(39)], { options: { parallelRequests: 1 } });
			expect(run.error).toBeUndefined();
			expect(lookups()).toHaveLength(0);
			expect(run.json[0]).toMatchObject({ rfc: target.rfc, listed: true });
		} finally {
			fixture.sandbox.store.listaNegra.splice(5, 0, removed);
		}
	});

	it('entries deleted during both reads of the whole list: the check fails clearly, never "not listed"', async () => {
		const target = fixture.sandbox.store.listaNegra[100];
		const removed = fixture.sandbox.store.listaNegra.slice(5, 7);
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { offset: '50' }, times: 2, meanwhile: () => fixture.sandbox.store.listaNegra.splice(5, 1) });
		try {
			const run = await checkRfcs(fixture, [target.rfc, ...unlisted(39)]);
			expect(run.json).toEqual([]);
			expect(run.error?.message).toMatch(/^Admintotal's list came back incomplete or changed twice: count changed from 329 to 328 \(page at offset \d+\)$/);
		} finally {
			fixture.sandbox.store.listaNegra.splice(5, 0, ...removed);
		}
	});

	it.each([
		['an empty object', {}],
		['a DRF detail', { detail: 'No encontrado.' }],
		['results that are not a list', { count: 1, next: null, results: 'QWE680524AB1' }],
	])('a lookup answered 200 with %s is an error, never "not listed"', async (_what, body) => {
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', body });
		const run = await checkRfcs(fixture, [DEMO.listaNegra.definitivo.rfc]);
		expect(run.json).toEqual([]);
		expect(run.error?.message).toBe('Admintotal did not answer with a page of the list (page at offset 0)');
	});

	it('under On Error: Continue, an RFC whose lookup is refused makes errors of its own items only', async () => {
		const { definitivo, presunto } = DEMO.listaNegra;
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { rfc: presunto.rfc }, status: 400, body: { rfc: ['RFC rechazado.'] } });
		const run = await checkRfcs(fixture, [definitivo.rfc, presunto.rfc, DEMO.rfcNoListado, presunto.rfc], { continueOnFail: true });
		expect(run.json.map((json) => (json.error ? 'error' : json.listed))).toEqual([true, 'error', false, 'error']);
		expect(String(run.json[1].error)).toContain('RFC rechazado.');
	});

	it('without Continue, the error of a refused lookup names the item that asked it', async () => {
		const { definitivo, presunto } = DEMO.listaNegra;
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { rfc: presunto.rfc }, status: 400, body: { rfc: ['RFC rechazado.'] } });
		const run = await checkRfcs(fixture, [definitivo.rfc, DEMO.rfcNoListado, presunto.rfc]);
		expect(run.error?.context?.itemIndex).toBe(2);
		expect(run.error?.description).toMatch(/\(HTTP 400, page at offset 0, item 2\)$/);
	});

	it('a 429 on one lookup: none is asked until its Retry-After is over, then the run completes', async () => {
		const rfcs = unlisted(8);
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { rfc: rfcs[0] }, retryAfterSeconds: 1, times: 1 });
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', delayMs: 30 });
		const run = await checkRfcs(fixture, rfcs);
		expect(run.error).toBeUndefined();
		const asked = fixture.requestsTo('/listanegra/');
		const limited = asked.find((request) => request.status === 429)!;
		const afterWait = asked.filter((request) => request.at >= limited.at + 950);
		expect(afterWait.length).toBeGreaterThan(0);
		expect(run.json).toHaveLength(rfcs.length);
		// The lookups already on their way when the 429 came (the lanes start together) are answered; no new one starts.
		expect(asked.filter((request) => request.at > limited.at + 20 && request.at < limited.at + 950)).toEqual([]);
	});

	it('Parallel Requests applies to Check RFC: 10 at once when set to 10', async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', delayMs: 30 });
		const run = await checkRfcs(fixture, unlisted(40), { options: { parallelRequests: 10 } });
		expect(run.error).toBeUndefined();
		expect(Math.max(...fixture.requestsTo('/listanegra/').map((request) => request.alongside))).toBe(9);
	});
});

describe('Check RFC chooses by round trips: a list of one page answers 10 RFCs in one request', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 100, max: 100 }, volume: { listaNegra: 50 } });

	it('10 distinct RFCs with 4 requests at once: the first page holds the whole list, so nothing else is asked', async () => {
		const { definitivo } = DEMO.listaNegra;
		const run = await checkRfcs(fixture, [definitivo.rfc, ...unlisted(9)]);
		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ limit: '100' }]);
		expect(run.json[0]).toMatchObject({ listed: true, tipo: 1 });
	});
});

describe('Check RFC in bulk: a blacklist of fewer pages than RFCs is read once', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 100 }, volume: { listaNegra: 1000 } });
	const lookups = () => fixture.requestsTo('/listanegra/').filter((request) => request.query.rfc !== undefined);

	it('500 items (100 listed, duplicates, lower case and dashes) cost 10 page reads and get the verdicts of their own lookups', async () => {
		const listed = fixture.sandbox.store.listaNegra.slice(0, 100).map((entry) => entry.rfc);
		const rfcs = [...listed, ...unlisted(300), ...listed.slice(0, 50), ...unlisted(50)];
		rfcs[3] = rfcs[3].toLowerCase();
		rfcs[7] = `${rfcs[7].slice(0, 3)}-${rfcs[7].slice(3, 9)}-${rfcs[7].slice(9)}`;

		const run = await checkRfcs(fixture, rfcs);

		expect(run.error).toBeUndefined();
		const reads = fixture.requestsTo('/listanegra/');
		expect(reads).toHaveLength(10);
		expect(lookups()).toHaveLength(0);
		expect(reads.map((request) => Number(request.query.offset ?? 0)).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
		expect(run.json).toHaveLength(rfcs.length);
		expect(run.json.filter((verdict) => verdict.listed)).toHaveLength(150);

		const sample = [0, 3, 7, 42, 99, 100, 250, 399, 400, 449, 450, 499];
		fixture.sandbox.clearRequests();
		expect(sample.map((item) => run.json[item])).toEqual(await aloneVerdicts(fixture, sample.map((item) => rfcs[item])));
	});

	it('a malformed RFC among many stops the run naming its item, and nothing is sent', async () => {
		const run = await checkRfcs(fixture, [...unlisted(40), 'ABC-12', ...unlisted(5)]);
		expect(run.error?.message).toBe("'RFC' is not a valid RFC [item 40]");
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('under On Error: Continue the malformed item reports itself and the others are still answered together', async () => {
		const run = await checkRfcs(fixture, [...unlisted(40), 'ABC-12', DEMO.listaNegra.definitivo.rfc], { continueOnFail: true });
		expect(run.items).toHaveLength(42);
		expect(run.items[40].json.error).toBeDefined();
		expect(run.items[41].json).toMatchObject({ rfc: DEMO.listaNegra.definitivo.rfc, listed: true });
		expect(lookups()).toHaveLength(0);
	});

	it('under On Error: Continue an item whose RFC expression cannot be evaluated reports itself and the run still ends, answered together', async () => {
		// n8n evaluates the item's parameters before our check runs; this item never reaches it.
		const items = [...unlisted(30).map((rfc) => ({ rfc })), { nested: null }, { rfc: DEMO.listaNegra.definitivo.rfc }];
		const run = await fixture.run(
			'admintotalBlacklist',
			{ resource: 'blacklistEntry', operation: 'checkRfc', rfc: "={{ $json.rfc ?? $('No Such Node').item.json.rfc }}", options: { parallelRequests: 4 } },
			{ input: items, continueOnFail: true },
		);
		expect(run.items).toHaveLength(32);
		expect(run.items[30].json.error).toBeDefined();
		expect(run.items[31].json).toMatchObject({ rfc: DEMO.listaNegra.definitivo.rfc, listed: true });
		expect(lookups()).toHaveLength(0);
		expect(fixture.requestsTo('/listanegra/')).toHaveLength(10);
	}, 15_000);

	it('a page of the list that fails stops every item with an error naming that page; no item is answered from a part of the list', async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: '/listanegra/', query: { offset: '300' }, status: 500, times: 10 });
		const run = await checkRfcs(fixture, unlisted(40));
		expect(run.json).toEqual([]);
		expect(run.error?.description).toContain('HTTP 500, page at offset 300');
	});
});

describe('Check RFC in bulk: fewer RFCs than pages are looked up one by one', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 100 }, volume: { listaNegra: 5000 } });
	const lookups = () => fixture.requestsTo('/listanegra/').filter((request) => request.query.rfc !== undefined);

	it('60 items with 25 distinct RFCs cost the first page and one lookup per distinct RFC, with the verdicts of their own lookups', async () => {
		const listed = fixture.sandbox.store.listaNegra.slice(0, 10).map((entry) => entry.rfc);
		const distinct = [...listed, ...unlisted(15)];
		const rfcs = Array.from({ length: 60 }, (_, item) => distinct[item % distinct.length]);

		const run = await checkRfcs(fixture, rfcs);

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/')).toHaveLength(26);
		expect(lookups().map((request) => request.query.rfc).sort()).toEqual([...distinct].sort());
		fixture.sandbox.clearRequests();
		expect(run.json).toEqual(await aloneVerdicts(fixture, rfcs));
	});

	it('a few items never read the list: each distinct RFC is looked up once', async () => {
		const { definitivo, desvirtuado } = DEMO.listaNegra;
		const run = await checkRfcs(fixture, [definitivo.rfc, desvirtuado.rfc, definitivo.rfc, DEMO.rfcNoListado, desvirtuado.rfc]);
		expect(run.json.map((verdict) => [verdict.rfc, verdict.listed])).toEqual([
			[definitivo.rfc, true],
			[desvirtuado.rfc, true],
			[definitivo.rfc, true],
			[DEMO.rfcNoListado, false],
			[desvirtuado.rfc, true],
		]);
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query.rfc).sort()).toEqual([definitivo.rfc, desvirtuado.rfc, DEMO.rfcNoListado].sort());
	});
});
