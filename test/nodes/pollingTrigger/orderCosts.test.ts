/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code prints its figures with process.stdout */
/*
 * What a poll costs in each order the tenant may list in (issue 41), measured at 100,000 notes a
 * day (two days in the window) with 5 new a minute: the requests the tenant received for a poll
 * with nothing new, one with 5 new notes of today, and one with a note entered with yesterday's
 * date. The figures of docs/polling-trigger.md ("What a poll costs"); rerun with
 * `npm run build && npx jest test/nodes/pollingTrigger/orderCosts.test.ts`.
 */
import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile, servePages } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { DEMO } from '../../sandbox';
import { tenantDay } from './fixture';
import { ORDER_KEYS, SERVED_ORDERS, type ServedNote, type ServedOrder } from './servedNotes';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled node, as n8n loads it
const { SeenIds } = require('../../../dist/nodes/AdmintotalPollingTrigger/seenIds') as typeof import('../../../nodes/AdmintotalPollingTrigger/seenIds');

const PER_DAY = 100_000;
/** The whole window of 200,000 notes and a few: pages of 100 overlapping by one. */
const wholeRead = (size: number) => Math.ceil((size - 1) / 99);

/** Requests per poll: a few, or a whole read of the window ('whole', checked against its pages below). */
type Figure = number | 'whole';
const EXPECTED: Record<ServedOrder, { quiet: Figure; busy: Figure; yesterday: Figure }> = {
	id: { quiet: 1, busy: 1, yesterday: 1 },
	'-id': { quiet: 2, busy: 2, yesterday: 2 },
	// By date a note of yesterday lands before today's: the edge moved, so the whole window is read.
	fecha: { quiet: 1, busy: 1, yesterday: 'whole' },
	'-fecha': { quiet: 2, busy: 2, yesterday: 'whole' },
	unnamed: { quiet: 'whole', busy: 'whole', yesterday: 'whole' },
};

const figures: string[] = [];
afterAll(() => process.stdout.write(`poll cost by list order at 100,000 notes a day (quiet / 5 new / 1 dated yesterday):\n${figures.join('\n')}\n`));

describe('Admintotal Polling Trigger: what a poll costs in each list order at 100,000 notes a day', () => {
	const hostile = hostileTenantPerFile();

	it.each(SERVED_ORDERS.map((order) => [order]))('listed in order %s', async (order) => {
		const tenant = hostile();
		const [yesterday, today] = [tenantDay(-1), tenantDay()];
		const note = (id: number, fecha: string): ServedNote => ({ id, fecha, cancelado: false, serie: 'A' });
		const notes = Array.from({ length: 2 * PER_DAY }, (_, index) => note(5_000_000 + index, index < PER_DAY ? yesterday : today));
		const arrange = () => notes.sort(ORDER_KEYS[order]);
		arrange();
		servePages(tenant, notes);
		// The trigger has followed the tenant since yesterday: its memory as a whole read of this list leaves it.
		const seen = new SeenIds();
		for (const { id, fecha } of notes) seen.add(id, fecha);
		const edge = order === 'fecha' ? { edge: notes[notes.length - 1].id } : order === '-fecha' ? { edge: notes[0].id } : {};
		const memory = { filters: '{}', from: yesterday, days: seen.save(), ...(order === 'id' ? {} : { order }), ...edge };
		const trigger = new PollingTrigger({ parameters: { event: 'newSalesNote', simplify: false }, credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });
		trigger.saved = { 'node:Admintotal Polling Trigger': { newSalesNote: memory } };

		let nextId = 5_000_000 + notes.length;
		const cost = async (added: ServedNote[]) => {
			notes.push(...added);
			arrange();
			const before = tenant.hits.length;
			const poll = await trigger.poll();
			expect(poll.error).toBeUndefined();
			expect(poll.json.map((record) => Number(record.id)).sort()).toEqual(added.map((record) => record.id).sort());
			return tenant.hits.length - before;
		};
		const quiet = await cost([]);
		const busy = await cost(Array.from({ length: 5 }, () => note(nextId++, today)));
		const backdated = await cost([note(nextId++, yesterday)]);
		figures.push(`  ${order.padEnd(8)} ${quiet} / ${busy} / ${backdated}`);

		const expected = (figure: Figure) => (figure === 'whole' ? expect.any(Number) : figure);
		expect([quiet, busy, backdated]).toEqual([expected(EXPECTED[order].quiet), expected(EXPECTED[order].busy), expected(EXPECTED[order].yesterday)]);
		// A whole read is the window's pages, after at most the two requests of the cheap read that gave up.
		for (const [figure, size] of [[quiet, notes.length - 6], [busy, notes.length - 1], [backdated, notes.length]] as const) {
			if (figure > 2) expect(figure - wholeRead(size)).toBeLessThanOrEqual(2);
		}
		expect(await trigger.poll()).toEqual({ json: [] });
	}, 120_000);
});
