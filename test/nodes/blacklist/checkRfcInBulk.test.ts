import type { IDataObject } from 'n8n-workflow';

import { DEMO } from '../../sandbox';
import { sandboxPerFile, type SandboxFixture } from '../fixture';

/**
 * Check RFC over many items answers them together: one lookup per distinct RFC, or one read of the
 * whole blacklist when it has fewer pages than there are RFCs. Whichever way, every item gets the
 * verdict its own lookup gives.
 */

/** Well-formed RFCs that are never on the sandbox's list. */
const unlisted = (count: number) => Array.from({ length: count }, (_, n) => `ZZZ0101${String((n % 28) + 1).padStart(2, '0')}A${String(10 + Math.floor(n / 28)).padStart(2, '0')}`);

const checkRfcs = (fixture: SandboxFixture, rfcs: unknown[], extra: { continueOnFail?: boolean } = {}) =>
	fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' }, { input: rfcs.map((rfc) => ({ rfc })), ...extra });

/** The verdict each RFC gets when it is the only item of its run (one ?rfc= lookup). */
async function aloneVerdicts(fixture: SandboxFixture, rfcs: string[]): Promise<IDataObject[]> {
	const verdicts: IDataObject[] = [];
	for (const rfc of rfcs) verdicts.push(...(await checkRfcs(fixture, [rfc])).json);
	return verdicts;
}

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

	it('an RFC listed twice gets the gravest entry, as its own lookup does', async () => {
		const { presunto } = DEMO.listaNegra;
		fixture.sandbox.store.listaNegra.push({ rfc: presunto.rfc, nombre: `${presunto.nombre} (DEFINITIVO)`, tipo: 1 });
		try {
			const rfcs = [presunto.rfc, ...unlisted(30)];
			const together = await checkRfcs(fixture, rfcs);
			expect(lookups()).toHaveLength(0);
			expect(together.json[0]).toMatchObject({ listed: true, tipo: 1, tipoLabel: 'Definitivo', blocking: true });
			expect(together.json[0]).toEqual((await aloneVerdicts(fixture, [presunto.rfc]))[0]);
		} finally {
			fixture.sandbox.store.listaNegra.pop();
		}
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
			{ resource: 'blacklistEntry', operation: 'checkRfc', rfc: "={{ $json.rfc ?? $('No Such Node').item.json.rfc }}" },
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
