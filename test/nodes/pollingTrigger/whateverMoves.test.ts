/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code prints its figures with process.stdout */
/*
 * Each record once, whatever moves: the window of days a poll reads (Look Back widened, the
 * workflow's timezone changed, the host clock stepped back), a tenant adding notes while a poll
 * reads, and what a poll costs when the tenant is busy.
 */
import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile, servePages, type HostileTenant } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { DEMO } from '../../sandbox';
import { cancelarNotaVenta, crearNotaVenta } from '../../sandbox/store/cambios';
import { sandboxPerFile } from '../fixture';
import { fakeDateOnly, tenantDay, triggerFor } from './fixture';
import { serveNotes, type ServedNote } from './servedNotes';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled node, as n8n loads it
const { SeenIds } = require('../../../dist/nodes/AdmintotalPollingTrigger/seenIds') as typeof import('../../../nodes/AdmintotalPollingTrigger/seenIds');

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Counts how often each ID was reported. */
function tally(reported: unknown[]): Map<number, number> {
	const times = new Map<number, number>();
	for (const id of reported) times.set(Number(id), (times.get(Number(id)) ?? 0) + 1);
	return times;
}

const triggerAt = (tenant: HostileTenant) =>
	new PollingTrigger({ parameters: { event: 'newSalesNote', simplify: false }, credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });

describe('Admintotal Polling Trigger: the window of days moves', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 } });
	const store = () => fixture.sandbox.store;
	const note = (fecha: string) => crearNotaVenta(store(), { fecha });
	afterEach(() => jest.useRealTimers());

	it('Look Back widened from 7 to 30 days: a note cancelled 20 days back is not reported, and the days it adds are followed from then on', async () => {
		const trigger = triggerFor(fixture, { event: 'salesNoteCancelled', lookBackDays: 7 });
		await trigger.poll();
		const old = note(tenantDay(-20));
		cancelarNotaVenta(store(), old.id);
		expect((await trigger.poll()).json).toEqual([]);

		trigger.edit({ lookBackDays: 30 });
		expect((await trigger.poll()).json).toEqual([]);
		const recent = note(tenantDay(-3));
		const older = note(tenantDay(-25));
		cancelarNotaVenta(store(), recent.id);
		cancelarNotaVenta(store(), older.id);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([recent.id, older.id]);
		expect((await trigger.poll()).json).toEqual([]);
		const bytes = Buffer.byteLength(JSON.stringify(trigger.memory));
		process.stdout.write(`static data at 100,000 notes a day, through the node: ${bytes} bytes\n`);
		expect(bytes).toBeLessThan(200);
	});

	it('the timezone changed from UTC to America/Mexico_City after the day was dropped: the note reported the day before is not reported again', async () => {
		const noonUtc = Date.parse(`${tenantDay()}T12:00:00Z`);
		fakeDateOnly(noonUtc);
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		trigger.setTimezone('UTC');
		await trigger.poll();
		const yesterday = new Date(noonUtc - DAY_MS).toISOString().slice(0, 10);
		const reported = note(yesterday);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([reported.id]);

		// 00:30 UTC the next day: the window is that day and the one before in UTC, so `yesterday` is
		// dropped, and a poll that reports a note has n8n save the memory without it.
		jest.setSystemTime(noonUtc + 12.5 * HOUR_MS);
		const today = new Date(noonUtc).toISOString().slice(0, 10);
		const first = note(today);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([first.id]);
		// In Mexico City it is still 18:30 of the first day: the window goes back to `yesterday`.
		trigger.setTimezone('America/Mexico_City');
		expect((await trigger.poll()).json).toEqual([]);
		const second = note(today);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([second.id]);
	});

	it('the host clock steps back 5 minutes across midnight (NTP): a note reported the day before is not reported twice', async () => {
		const noon = Date.parse(`${tenantDay()}T18:00:00Z`);
		fakeDateOnly(noon);
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		await trigger.poll();
		const backdated = note(tenantDay(-1, noon));
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([backdated.id]);

		// The clock runs 5 minutes fast: it reads 00:02 of the next day (Mexico City) and the window moves on.
		const nextMidnight = Date.parse(`${tenantDay(1, noon)}T06:00:00Z`);
		jest.setSystemTime(nextMidnight + 2 * 60_000);
		expect((await trigger.poll()).json).toEqual([]);
		// NTP steps it back to 23:58 of the day before: the window goes back one day.
		jest.setSystemTime(nextMidnight - 2 * 60_000);
		expect((await trigger.poll()).json).toEqual([]);
		jest.setSystemTime(nextMidnight + 60_000);
		const late = note(tenantDay(0, nextMidnight + 60_000));
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([late.id]);
	});
});

describe('Admintotal Polling Trigger: a busy tenant', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 100, max: 100 } });
	const store = () => fixture.sandbox.store;
	const note = (extra: { id?: number } = {}) => crearNotaVenta(store(), { fecha: tenantDay(), ...extra });

	it('140 new notes, and a note arriving while every poll reads the list (one with an ID below the newest): each is reported once and no poll fails', async () => {
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		await trigger.poll();
		const created = Array.from({ length: 140 }, () => note().id);
		const gap = store().nextId(store().notasVenta) + 40;
		created.push(note({ id: gap }).id);
		const reported: unknown[] = [];
		const errors: string[] = [];
		for (let round = 0; round < 5; round++) {
			// Every page this poll asks for lands a note first; in round 2 one with an ID below the newest.
			fixture.sandbox.faults.add({
				path: '/movimientos/notas_venta/',
				meanwhile: () => void created.push(round === 2 && !created.includes(gap - 1) ? note({ id: gap - 1 }).id : note().id),
			});
			const poll = await trigger.poll();
			if (poll.error) errors.push(poll.error.message);
			reported.push(...poll.json.map((n) => n.id));
			fixture.sandbox.faults.clear();
		}
		const last = await trigger.poll();
		reported.push(...last.json.map((n) => n.id));

		const times = tally(reported);
		process.stdout.write(`busy tenant: ${reported.length} reported / ${created.length} created, ${errors.length} failed polls\n`);
		expect(errors).toEqual([]);
		expect(created.filter((id) => times.get(id) !== 1)).toEqual([]);
		expect(reported).toHaveLength(created.length);
	});
});

/**
 * Ordered by date, a note re-dated moves in the list: from the last page to the first while a whole read is between them, it is
 * behind the read (CI on 7e7f9a0, histories.test.ts: a note reported twice in order -fecha). 13 notes in pages of 5; the note on
 * the last page is re-dated as a whole read asks its second page (offset 4). `front`: a new note that lands first in the list.
 */
describe.each([
	{ order: 'fecha' as const, others: -1, moved: 0, to: -1, front: (index: number) => ({ id: 998 - index, day: -1 }) },
	{ order: '-fecha' as const, others: 0, moved: -1, to: 2, front: (index: number) => ({ id: 3_000 + index, day: 1 }) },
])('Admintotal Polling Trigger: in order $order, a note re-dated from the last page to the first while a whole read is past it', ({ order, others, moved, to, front }) => {
	const hostile = hostileTenantPerFile();
	const note = (id: number, day: number): ServedNote => ({ id, fecha: tenantDay(day), cancelado: false, serie: 'A' });
	const MOVED = 100;

	/** The tenant; `moveAt(n)`: the note moves as the n-th request for offset 4 from now is answered. */
	function tenant() {
		const list = serveNotes(hostile(), [note(MOVED, moved), ...Array.from({ length: 12 }, (_, index) => note(1_000 + index, others))]);
		list.order = order;
		list.pageMax = 5;
		let countdown = 0;
		list.beforePage = (offset) => {
			if (offset !== 4 || countdown === 0 || --countdown > 0) return;
			(list.notes.find((n) => n.id === MOVED) as ServedNote).fecha = tenantDay(to);
		};
		return { list, trigger: triggerAt(hostile()), moveAt: (nth: number) => (countdown = nth) };
	}

	const nothingIn = async (polls: number, trigger: PollingTrigger) => {
		for (let poll = 0; poll < polls; poll++) expect(await trigger.poll()).toEqual({ json: [] });
	};

	it('at the activation: the note, there before, is never reported', async () => {
		const { trigger, moveAt } = tenant();
		moveAt(1);
		await nothingIn(3, trigger);
	});

	it('at a poll that reads the whole window for a note landing in the middle: that note is reported, the moved one is not reported again', async () => {
		const { list, trigger, moveAt } = tenant();
		expect(await trigger.poll()).toEqual({ json: [] });
		// Yesterday's newest: it lands between the others and the note that moves, so the cheap read gives way to a whole read.
		list.notes.push(note(2_000, -1));
		moveAt(1);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([2_000]);
		await nothingIn(2, trigger);
	});

	it('a second read that joins cleanly is the list as it stands: a note deleted between the two reads is not remembered, so the next poll reads only past the edge', async () => {
		const { list, trigger, moveAt } = tenant();
		let firstPages = 0;
		const moving = list.beforePage;
		list.beforePage = (offset) => {
			if (offset === 0 && ++firstPages === 2) list.notes = list.notes.filter((n) => n.id !== 1_005);
			moving?.(offset);
		};
		moveAt(1);
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(firstPages).toBe(2);
		const before = list.pages;
		expect(await trigger.poll()).toEqual({ json: [] });
		// The edge's page (and, newest first, the last known record): a whole read of these 12 notes takes 3 pages more.
		expect(list.pages - before).toBeLessThanOrEqual(2);
	});

	it('on a busy tenant, a new note landing first before every page, the note moving during the read after: every new note once, never the moved one', async () => {
		const { list, trigger, moveAt } = tenant();
		expect(await trigger.poll()).toEqual({ json: [] });
		list.notes.push(note(2_000, -1));
		const created = [2_000];
		const moving = list.beforePage;
		list.beforePage = (offset) => {
			const { id, day } = front(created.length);
			list.notes.push(note(id, day));
			created.push(id);
			moving?.(offset);
		};
		// The first whole read has notes land behind it, so it is read again; the note moves as that read asks offset 4.
		moveAt(2);
		const reported = (await trigger.poll()).json.map((n) => n.id);
		list.beforePage = undefined;
		for (let poll = 0; poll < 3; poll++) reported.push(...(await trigger.poll()).json.map((n) => n.id));
		expect(reported.map(Number).sort()).toEqual([...created].sort());
	});
});

describe('Admintotal Polling Trigger: a busy tenant listing newest first by date, with notes dated ahead', () => {
	const hostile = hostileTenantPerFile();

	it('a note created as every page is asked lands where the page before ended: the pages still join, no poll fails, each new note once', async () => {
		const note = (id: number, day: number): ServedNote => ({ id, fecha: tenantDay(day), cancelado: false, serie: 'A' });
		// Four notes dated tomorrow, then today's: in pages of 5, a new note of today is the fifth, where the first page ends.
		const list = serveNotes(hostile(), [...[1, 2, 3, 4].map((id) => note(id, 1)), ...Array.from({ length: 12 }, (_, index) => note(1_000 + index, 0))]);
		list.order = '-fecha';
		list.pageMax = 5;
		const created: number[] = [];
		list.beforePage = () => {
			created.push(2_000 + created.length);
			list.notes.push(note(created[created.length - 1], 0));
		};
		const trigger = triggerAt(hostile());
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		const remembered = SeenIds.fromSaved((trigger.memory.newSalesNote as { days: unknown }).days);
		list.beforePage = undefined;
		const reported = (await trigger.poll()).json.map((n) => Number(n.id));
		// A note that landed while the activation read is remembered by it or reported by the next poll: one or the other, once.
		expect(reported.sort()).toEqual(created.filter((id) => !remembered?.has(id)).sort());
		expect(reported.length).toBeGreaterThan(0);
		expect(await trigger.poll()).toEqual({ json: [] });
	});
});

describe('Admintotal Polling Trigger: a list without count', () => {
	const hostile = hostileTenantPerFile();

	it('pages that give no count are read whole by their next links: a new note is reported once', async () => {
		const tenant = hostile();
		const today = tenantDay();
		const notes = Array.from({ length: 250 }, (_, index) => ({ id: 7_000 + index, fecha: today }));
		// Pages with next links and no count.
		servePages(tenant, notes, { count: 'none' });
		const trigger = triggerAt(tenant);
		expect(await trigger.poll()).toEqual({ json: [] });
		notes.push({ id: 7_250, fecha: today });
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([7_250]);
		expect((await trigger.poll()).json).toEqual([]);
	});
});

describe('Admintotal Polling Trigger: what a poll costs at 100,000 notes a day', () => {
	const hostile = hostileTenantPerFile();
	const PER_DAY = 100_000;

	it('two days of 100,000 notes, 5 new a minute: a poll reports the 5 new notes for 1 request', async () => {
		const tenant = hostile();
		const [yesterday, today] = [tenantDay(-1), tenantDay()];
		const notes: Array<{ id: number; fecha: string }> = Array.from({ length: 2 * PER_DAY }, (_, index) => ({ id: 5_000_000 + index, fecha: index < PER_DAY ? yesterday : today }));
		// The tenant's sales notes from yesterday on, in ID order; the list grows as the test adds notes.
		servePages(tenant, notes);
		const trigger = triggerAt(tenant);
		// The trigger has followed the tenant since yesterday (its activation read these 2,000 pages once).
		const seen = new SeenIds();
		for (const { id, fecha } of notes) seen.add(id, fecha);
		trigger.saved = { 'node:Admintotal Polling Trigger': { newSalesNote: { filters: '{}', from: yesterday, days: seen.save() } } };

		const costs: number[] = [];
		for (let minute = 0; minute < 3; minute++) {
			const added = Array.from({ length: 5 }, (_, index) => ({ id: 5_000_000 + notes.length + index, fecha: today }));
			notes.push(...added);
			const before = tenant.hits.length;
			const poll = await trigger.poll();
			costs.push(tenant.hits.length - before);
			expect(poll.json.map((n) => n.id)).toEqual(added.map((n) => n.id));
		}
		const before = tenant.hits.length;
		expect((await trigger.poll()).json).toEqual([]);
		const idle = tenant.hits.length - before;

		// The whole window is read again every 1,440 polls at this size (once a day at one poll a minute).
		const memory = trigger.memory.newSalesNote as { polls: number };
		memory.polls = 1_439;
		const added = { id: 5_000_000 + notes.length, fecha: today };
		notes.push(added);
		const wholeFrom = tenant.hits.length;
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([added.id]);
		const whole = tenant.hits.length - wholeFrom;
		const mean = (1_439 * 1 + whole) / 1_440;
		process.stdout.write(
			`poll cost at 100,000 notes a day: a poll with 5 new ${costs.join(', ')} requests, with nothing new ${idle}; the whole read every 1,440 polls ${whole} requests (${mean.toFixed(2)} a poll on average)\n`,
		);
		expect(costs).toEqual([1, 1, 1]);
		expect(idle).toBe(1);
		expect(whole).toBe(Math.ceil((notes.length - 1) / 99));
		expect((await trigger.poll()).json).toEqual([]);
	});
});
