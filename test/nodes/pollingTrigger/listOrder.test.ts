/*
 * Issue 41: the Polling Trigger on a tenant whose lists come in another order than ascending ID
 * (newest first, by date either way). Each observed failure first failed on 570e0a2: "not in ID
 * order" at activation and at every poll, Fetch Test Event giving the oldest note.
 */
import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { collectWarnings } from '../../harness/warnings';
import { DEMO, type ListOrder } from '../../sandbox';
import { cambiarListaNegra, cancelarNotaVenta, crearNotaVenta, crearPedido } from '../../sandbox/store/cambios';
import { sandboxPerFile } from '../fixture';
import { tenantDay, triggerFor } from './fixture';
import { serveNotes, type ServedNote } from './servedNotes';

const ids = (json: Array<Record<string, unknown>>) => json.map((record) => record.id);

describe.each<ListOrder>(['-id', 'fecha', '-fecha'])('Admintotal Polling Trigger on a tenant listing in order %s', (order) => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 }, listOrder: order });
	const store = () => fixture.sandbox.store;

	it('New Sales Note: the activation works and each new note is reported once, a note entered with yesterday’s date and one committed late included', async () => {
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		expect(await trigger.poll()).toEqual({ json: [] });
		const today = crearNotaVenta(store(), { fecha: tenantDay() });
		expect(await trigger.poll()).toEqual({ json: [expect.objectContaining({ id: today.id })] });
		expect(await trigger.poll()).toEqual({ json: [] });

		// 00:05, a note entered with yesterday's date (docs/polling-trigger.md promises it).
		const backdated = crearNotaVenta(store(), { fecha: tenantDay(-1) });
		expect(await trigger.poll()).toEqual({ json: [expect.objectContaining({ id: backdated.id })] });
		const next = store().nextId(store().notasVenta);
		const later = crearNotaVenta(store(), { fecha: tenantDay(), id: next + 1 });
		expect(ids((await trigger.poll()).json)).toEqual([later.id]);
		const late = crearNotaVenta(store(), { fecha: tenantDay(), id: next });
		expect(ids((await trigger.poll()).json)).toEqual([late.id]);
		expect(await trigger.poll()).toEqual({ json: [] });
	});

	it('New Order: the activation works and a new order is reported once', async () => {
		const trigger = triggerFor(fixture, { event: 'newOrder' });
		expect(await trigger.poll()).toEqual({ json: [] });
		const order = crearPedido(store(), { fecha: tenantDay() });
		expect(ids((await trigger.poll()).json)).toEqual([order.id]);
		expect(await trigger.poll()).toEqual({ json: [] });
	});

	it('Sales Note Cancelled: a note cancelled after the activation is reported once', async () => {
		const note = crearNotaVenta(store(), { fecha: tenantDay(-2) });
		const trigger = triggerFor(fixture, { event: 'salesNoteCancelled', lookBackDays: 7 });
		expect(await trigger.poll()).toEqual({ json: [] });
		cancelarNotaVenta(store(), note.id);
		expect(ids((await trigger.poll()).json)).toEqual([note.id]);
		expect(await trigger.poll()).toEqual({ json: [] });
	});

	it('a quiet poll and a poll with new notes at the growing end cost one request while the window fits a page (orderCosts.test.ts: larger windows)', async () => {
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		await trigger.poll();
		// The window holds notes dated up to the end of the year (the seed's): by date, a note of today lands among them.
		crearNotaVenta(store(), { fecha: '2099-01-01' });
		await trigger.poll();
		await trigger.poll();
		fixture.sandbox.clearRequests();
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(fixture.sandbox.requests).toHaveLength(1);
		const created = Array.from({ length: 3 }, () => crearNotaVenta(store(), { fecha: '2099-01-02' }));
		fixture.sandbox.clearRequests();
		expect(ids((await trigger.poll()).json)).toEqual(order.startsWith('-') ? created.map((note) => note.id).reverse() : created.map((note) => note.id));
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	it('Fetch Test Event gives the newest note, not the oldest', async () => {
		const newest = crearNotaVenta(store(), { fecha: tenantDay() });
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		expect(ids((await trigger.poll('manual')).json)).toEqual([newest.id]);
	});
});

describe('Admintotal Polling Trigger: the 69-B list listed newest first', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 }, listOrder: '-id' });

	it('an RFC added to the whole list is reported once, and nothing listed before', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged' });
		expect(await trigger.poll()).toEqual({ json: [] });
		cambiarListaNegra(fixture.sandbox.store, 'NUE200101AB1', 3);
		expect((await trigger.poll()).json).toEqual([expect.objectContaining({ rfc: 'NUE200101AB1', change: 'added' })]);
		expect(await trigger.poll()).toEqual({ json: [] });
	});
});

describe('Admintotal Polling Trigger on a tenant listing in an order it cannot name', () => {
	const hostile = hostileTenantPerFile();
	let warnings: ReturnType<typeof collectWarnings>;
	beforeEach(() => (warnings = collectWarnings()));
	afterEach(() => warnings.stop());

	it('every poll reads the whole window and reports each new note once; the cost is said once in the log', async () => {
		const note = (id: number, fecha = tenantDay()): ServedNote => ({ id, fecha, cancelado: false, serie: 'A' });
		const list = serveNotes(hostile(), Array.from({ length: 250 }, (_, index) => note(1_000 + index)));
		list.order = 'unnamed';
		const trigger = new PollingTrigger({ parameters: { event: 'newSalesNote', simplify: false }, credential: credentialFor({ baseUrl: hostile().url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });
		expect(await trigger.poll()).toEqual({ json: [] });
		list.notes.push(note(2_000), note(1_500, tenantDay(-1)));
		expect(ids((await trigger.poll()).json).sort()).toEqual([1_500, 2_000]);
		const before = list.pages;
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(list.pages - before).toBe(Math.ceil((252 - 1) / 99));
		list.notes.push(note(2_001));
		expect(ids((await trigger.poll()).json)).toEqual([2_001]);
		expect(warnings.messages).toHaveLength(1);
		expect(warnings.messages[0]).toMatch(/neither by ID nor by date.*whole window.*3 requests this poll/);
	});

	it('a tenant that turns from ID order to newest first between two polls: nothing is reported twice or lost', async () => {
		const note = (id: number): ServedNote => ({ id, fecha: tenantDay(), cancelado: false, serie: 'A' });
		const list = serveNotes(hostile(), Array.from({ length: 250 }, (_, index) => note(1_000 + index)));
		const trigger = new PollingTrigger({ parameters: { event: 'newSalesNote', simplify: false }, credential: credentialFor({ baseUrl: hostile().url, authMethod: 'apiKey', apiKey: DEMO.apiKey }) });
		await trigger.poll();
		list.notes.push(note(2_000));
		expect(ids((await trigger.poll()).json)).toEqual([2_000]);
		list.order = '-id';
		expect(await trigger.poll()).toEqual({ json: [] });
		list.notes.push(note(2_001));
		expect(ids((await trigger.poll()).json)).toEqual([2_001]);
		list.order = 'fecha';
		list.notes.push(note(2_002));
		expect(ids((await trigger.poll()).json)).toEqual([2_002]);
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(warnings.messages).toEqual([]);
	});
});
