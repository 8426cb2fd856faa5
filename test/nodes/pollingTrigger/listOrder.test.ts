/*
 * Issue 41: the Polling Trigger on a tenant whose lists come in another order than ascending ID
 * (newest first, by date either way). Each observed failure first failed on 570e0a2: "not in ID
 * order" at activation and at every poll, Fetch Test Event giving the oldest note.
 */
import { cancelarNotaVenta, crearNotaVenta, crearPedido } from '../../sandbox/store/cambios';
import type { ListOrder } from '../../sandbox';
import { sandboxPerFile } from '../fixture';
import { tenantDay, triggerFor } from './fixture';

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

	it('Fetch Test Event gives the newest note, not the oldest', async () => {
		const newest = crearNotaVenta(store(), { fecha: tenantDay() });
		const trigger = triggerFor(fixture, { event: 'newSalesNote' });
		expect(ids((await trigger.poll('manual')).json)).toEqual([newest.id]);
	});
});
