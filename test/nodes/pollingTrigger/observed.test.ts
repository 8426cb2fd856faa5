/*
 * The defects issue 33 observed on fb296a6, each as the history that showed it, through n8n-core's
 * poll context against a tenant that changes between and during reads. Each failed on fb296a6.
 */
import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile, type HostileTenant } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { collectWarnings } from '../../harness/warnings';
import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';
import { fakeDateOnly, triggerFor, tenantDay } from './fixture';
import { serveNotes, type ServedNote } from './servedNotes';

const MEMORY = 'node:Admintotal Polling Trigger';

const triggerAt = (tenant: HostileTenant, parameters: Record<string, unknown>) =>
	new PollingTrigger({ parameters: { simplify: false, ...parameters }, credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });

/** 250 notes of today with even IDs, so a note committed late (an odd ID) can land on any page. */
const busyDay = (cancelado = false): ServedNote[] => Array.from({ length: 250 }, (_, index) => ({ id: 1_000 + 2 * index, fecha: tenantDay(), cancelado, serie: 'A' }));

const ids = (json: Array<Record<string, unknown>>) => json.map((record) => record.id);

describe('issue 33: a disturbed first activation', () => {
	const hostile = hostileTenantPerFile();

	it('a note committed late lands on page 1 while the activation reads page 2: later notes are still reported', async () => {
		const list = serveNotes(hostile(), busyDay());
		list.beforePage = (offset) => {
			if (offset > 0 && !list.notes.some((note) => note.id === 1_051)) list.notes.push({ id: 1_051, fecha: tenantDay(), cancelado: false, serie: 'A' });
		};
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		expect(await trigger.poll()).toEqual({ json: [] });
		list.beforePage = undefined;
		const reported = ids((await trigger.poll()).json);
		// The late note landed during the activation: reporting it or not are both right, twice is not.
		expect(reported.filter((id) => id !== 1_051)).toEqual([]);
		list.notes.push({ id: 2_000, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_000]);
		list.notes.push({ id: 2_001, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_001]);
	});

	it('a note cancelled while the activation of Sales Note Cancelled reads: later cancellations are still reported', async () => {
		const notes = [...busyDay(true), { id: 1_051, fecha: tenantDay(), cancelado: false, serie: 'A' }, { id: 3_000, fecha: tenantDay(), cancelado: false, serie: 'A' }];
		const list = serveNotes(hostile(), notes);
		const note = (id: number) => list.notes.find((n) => n.id === id) as ServedNote;
		list.beforePage = (offset) => {
			if (offset > 0) note(1_051).cancelado = true;
		};
		const trigger = triggerAt(hostile(), { event: 'salesNoteCancelled', lookBackDays: 7 });
		expect(await trigger.poll()).toEqual({ json: [] });
		list.beforePage = undefined;
		expect(ids((await trigger.poll()).json).filter((id) => id !== 1_051)).toEqual([]);
		note(3_000).cancelado = true;
		expect(ids((await trigger.poll()).json)).toEqual([3_000]);
	});

	it('a count one more than the records, for good: a new note is reported', async () => {
		const list = serveNotes(hostile(), busyDay());
		list.countSkew = 1;
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		expect(await trigger.poll()).toEqual({ json: [] });
		list.notes.push({ id: 2_000, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_000]);
		expect((await trigger.poll()).json).toEqual([]);
	});
});

describe('issue 33: a back-dated note', () => {
	const hostile = hostileTenantPerFile();

	it('a note already reported is re-dated a week back: a note created after it is reported', async () => {
		const list = serveNotes(hostile(), busyDay());
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		await trigger.poll();
		list.notes.push({ id: 2_000, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_000]);
		(list.notes.find((note) => note.id === 2_000) as ServedNote).fecha = tenantDay(-7);
		list.notes.push({ id: 2_001, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_001]);
	});
});

describe('a note re-dated forward while the window moves on (found by the histories property)', () => {
	const hostile = hostileTenantPerFile();
	afterEach(() => jest.useRealTimers());

	it('a note reported yesterday and re-dated to tomorrow is not reported again once the day turns and the whole window is read', async () => {
		const start = Date.now();
		fakeDateOnly(start);
		const note = (id: number, day: number): ServedNote => ({ id, fecha: tenantDay(day, start), cancelado: false, serie: 'A' });
		const list = serveNotes(hostile(), [note(100, 1)]);
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		expect(await trigger.poll()).toEqual({ json: [] });
		list.notes.push(note(103, -1), note(106, 0));
		expect(ids((await trigger.poll()).json)).toEqual([103, 106]);
		// 100 leaves and 103 moves to tomorrow: the list keeps its length, so only a whole read sees 103 again.
		list.notes = [note(103, 1), note(106, 0)];
		fakeDateOnly(start + 86_400_000);
		const reported: unknown[] = [];
		// The whole window is read again within ten polls (documents.ts, wholeReadDue).
		for (let poll = 0; poll < 12; poll++) reported.push(...ids((await trigger.poll()).json));
		expect(reported).toEqual([]);
	});
});

describe('issue 33: the 69-B watch over the whole list', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 } });

	it('an entry leaves while the first activation reads page 2: no RFC listed the whole time is reported "added"', async () => {
		const store = fixture.sandbox.store;
		const removed = store.listaNegra[10];
		// The second page the activation asks (its offset depends on how pages are laid).
		fixture.sandbox.faults.add({ path: '/listanegra/', nth: 2, times: 1, meanwhile: () => void store.listaNegra.splice(10, 1) });
		try {
			const trigger = triggerFor(fixture, { event: 'blacklistChanged', options: { parallelRequests: 1 } });
			expect(await trigger.poll()).toMatchObject({ json: [] });
			fixture.sandbox.faults.clear();
			expect((await trigger.poll()).json).toEqual([]);
			expect((await trigger.poll()).json).toEqual([]);
		} finally {
			store.listaNegra.splice(10, 0, removed);
		}
	});
});

describe('issue 33: damaged memory starts over, saying so in n8n’s log', () => {
	const hostile = hostileTenantPerFile();
	let warnings: ReturnType<typeof collectWarnings>;
	beforeEach(() => (warnings = collectWarnings()));
	afterEach(() => warnings.stop());

	const damaged = (trigger: PollingTrigger, memory: Record<string, unknown>) => (trigger.saved = { [MEMORY]: memory });

	it('a run token of 5,000,000 IDs is not expanded: the memory is unreadable, nothing old is reported, new notes are', async () => {
		const list = serveNotes(hostile(), busyDay());
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		damaged(trigger, { newSalesNote: { filters: '{}', from: tenantDay(-1), days: { [tenantDay()]: `1.${(5_000_000).toString(36)}` } } });
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(warnings.messages.join('\n')).toMatch(/memory.*unreadable|could not read its memory/i);
		list.notes.push({ id: 9_000_000, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([9_000_000]);
	});

	it('a 12-character run token (about 10^14 IDs) is rejected at once, not expanded', async () => {
		serveNotes(hostile(), busyDay());
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		damaged(trigger, { newSalesNote: { filters: '{}', from: tenantDay(-1), days: { [tenantDay()]: '1.zzzzzzzzz' } } });
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(warnings.messages).toHaveLength(1);
	});

	it('garbage days with matching filters are not trusted: nothing old is reported, new notes are', async () => {
		const list = serveNotes(hostile(), busyDay());
		const trigger = triggerAt(hostile(), { event: 'newSalesNote' });
		damaged(trigger, { newSalesNote: { filters: '{}', from: tenantDay(-1), days: 'garbage' } });
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(warnings.messages).toHaveLength(1);
		list.notes.push({ id: 2_000, fecha: tenantDay(), cancelado: false, serie: 'A' });
		expect(ids((await trigger.poll()).json)).toEqual([2_000]);
	});

	it('a blacklist memory whose scope is not text does not fail every poll: it starts over', async () => {
		const tenant = hostile();
		tenant.answer = (_hit, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ count: 1, next: null, previous: null, results: [{ rfc: 'AAA010101AAA', nombre: 'UNO', tipo: 1 }] }));
		};
		const trigger = triggerAt(tenant, { event: 'blacklistChanged' });
		damaged(trigger, { blacklist: { scope: 5, types: {} } });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.json).toEqual([]);
		expect(warnings.messages).toHaveLength(1);
		expect(await trigger.poll()).toEqual({ json: [] });
	});
});
