import type { INodeProperties } from 'n8n-workflow';

import { loadPackage } from '../../harness/package';
import { cancelarNotaVenta, crearNotaVenta, crearPedido } from '../../sandbox/store/cambios';
import { sandboxPerFile } from '../fixture';
import { asked, fakeDateOnly, tenantDay, triggerFor } from './fixture';

const NEW_SALES_NOTE = { event: 'newSalesNote' };
const memoryKey = 'node:Admintotal Polling Trigger';

describe('Admintotal Polling Trigger: New Sales Note and New Order', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 } });
	const store = () => fixture.sandbox.store;
	const note = (fecha = tenantDay(), extra: { id?: number; serie?: string; clienteId?: number } = {}) => crearNotaVenta(store(), { fecha, ...extra });
	/** The notes a poll's window holds (yesterday and today), of one series or all. */
	const inWindow = (serie?: string) => store().notasVenta.filter((n) => n.fecha >= tenantDay(-1) && (serie === undefined || n.folio_completo.startsWith(`${serie}-`))).length;
	afterEach(() => jest.useRealTimers());

	it('the first activation reports nothing and remembers the notes of yesterday and today; a poll with nothing new then costs one request', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		const inWindow = store().notasVenta.filter((n) => n.fecha >= tenantDay(-1)).length;

		expect(await trigger.poll()).toEqual({ json: [] });
		expect(asked(fixture.sandbox.requests)).toEqual([['GET', '/movimientos/notas_venta/', { desde: tenantDay(-1), limit: '100' }]]);
		expect(Object.keys((trigger.saved[memoryKey] as { newSalesNote: { days: object } }).newSalesNote.days).length).toBeGreaterThan(0);
		expect(inWindow).toBeGreaterThan(0);

		fixture.sandbox.clearRequests();
		expect(await trigger.poll()).toEqual({ json: [] });
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	it('a new note is reported once, simplified with its PDF link; the next poll reports nothing', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const created = note();

		const first = await trigger.poll();
		expect(first.json).toEqual([
			expect.objectContaining({ id: created.id, folio_completo: created.folio_completo, fecha: created.fecha, url_pdf: created.url_pdf, cancelado: false }),
		]);
		expect(Object.keys(first.json[0])).not.toContain('detalles');
		expect((await trigger.poll()).json).toEqual([]);
	});

	it('a note entered later with yesterday’s date is still reported (yesterday is read again)', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const today = note();
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([today.id]);
		const backdated = note(tenantDay(-1));
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([backdated.id]);
	});

	it('a note whose ID is older than one already reported (committed late) is reported, once', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const next = store().nextId(store().notasVenta);
		note(tenantDay(), { id: next + 1 });
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([next + 1]);
		note(tenantDay(), { id: next });
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([next]);
		expect((await trigger.poll()).json).toEqual([]);
	});

	it('notes created in the same second are each reported once', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const a = note();
		const b = { ...note(), creado: a.creado };
		expect(b.creado).toBe(a.creado);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([a.id, b.id]);
		const c = note();
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([c.id]);
	});

	it('a poll that starts while the previous one still runs does nothing, so nothing is reported twice', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const created = note();
		fixture.sandbox.faults.add({ path: '/movimientos/notas_venta/', nth: 1, delayMs: 300 });
		const [slow, overlapping] = await Promise.all([trigger.poll(), trigger.poll()]);
		expect([...slow.json, ...overlapping.json].map((n) => n.id)).toEqual([created.id]);
	});

	it('a page that cannot be read fails the poll: nothing is reported, the memory is unchanged, and the next poll reports everything since the last good one', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const before = JSON.stringify(trigger.memory);
		const known = inWindow();
		// More new notes than one page, so the poll reads a second page past the known ones (pages overlap by one), which answers an HTML page.
		const created = Array.from({ length: 130 }, () => note().id);
		const secondPage = String(known - 1 + 99);
		fixture.sandbox.faults.add({ path: '/movimientos/notas_venta/', query: { offset: secondPage }, status: 200, body: '<html>maintenance</html>', times: 1 });

		const failed = await trigger.poll();
		expect(failed.json).toEqual([]);
		expect(failed.error?.message).toMatch(new RegExp(`page at offset ${secondPage}`));
		expect(JSON.stringify(trigger.memory)).toBe(before);

		const next = await trigger.poll();
		expect(next.error).toBeUndefined();
		expect(next.json.map((n) => n.id)).toEqual(created);
	});

	it('an edit of the workflow (Simplify off) keeps the memory; new filters start over without reporting what is already there', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const a = note();
		trigger.edit({ simplify: false });
		const raw = (await trigger.poll()).json;
		expect(raw.map((n) => n.id)).toEqual([a.id]);
		expect(raw[0]).toHaveProperty('detalles');
		trigger.edit({ simplify: false });
		expect((await trigger.poll()).json).toEqual([]);

		note(tenantDay(), { serie: 'B' });
		trigger.edit({ filters: { series: 'B' } });
		expect((await trigger.poll()).json).toEqual([]);
		const knownInB = inWindow('B');
		const inB = note(tenantDay(), { serie: 'B' });
		note(tenantDay(), { serie: 'A' });
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([inB.id]);
		expect(fixture.sandbox.requests.at(-1)?.query).toEqual({ desde: tenantDay(-1), serie: 'B', limit: '100', offset: String(knownInB - 1) });
	});

	it.each([
		[{ filters: { clientId: 'C-17' } }, "'Client ID' must be a whole number greater than 0, got \"C-17\""],
		[{ options: { parallelRequests: '={{ 500 }}' } }, "'Parallel Requests' must be from 1 to 200, got 500"],
	])('a wrong value (%j) is refused as every operation refuses it, naming the field, before any request', async (parameters, message) => {
		const trigger = triggerFor(fixture, { ...NEW_SALES_NOTE, ...parameters });
		const failed = await trigger.poll();
		expect(failed.error?.message).toBe(message);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('Client ID added in the editor and left at its default is refused naming the field, as Get Many refuses it, and nothing is read', async () => {
		const filters = (await loadPackage()).node('admintotalPollingTrigger').description.properties.find((property) => property.name === 'filters');
		const clientId = (filters?.options as INodeProperties[] | undefined)?.find((option) => option.name === 'clientId');
		const trigger = triggerFor(fixture, { event: 'newSalesNote', filters: { clientId: clientId?.default } });

		expect((await trigger.poll()).error?.message).toBe(`'Client ID' must be a whole number greater than 0, got "${String(clientId?.default)}"`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('the client filter is sent as cliente', async () => {
		const clienteId = store().notasVenta[0].cliente.id;
		const trigger = triggerFor(fixture, { event: 'newSalesNote', filters: { clientId: clienteId } });
		await trigger.poll();
		const mine = note(tenantDay(), { clienteId });
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([mine.id]);
		expect(fixture.sandbox.requests.map((request) => [request.query.cliente, request.query.desde])).toEqual(
			fixture.sandbox.requests.map(() => [String(clienteId), tenantDay(-1)]),
		);
	});

	it('days no longer read are forgotten: the next day the memory holds yesterday and today only', async () => {
		const start = Date.now();
		fakeDateOnly(start);
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		note(tenantDay(-1, start));
		await trigger.poll();
		const days = () => Object.keys((trigger.memory as { newSalesNote: { days: object } }).newSalesNote.days);
		expect(days()).toContain(tenantDay(-1, start));

		jest.setSystemTime(start + 2 * 86_400_000);
		const later = note(tenantDay(0));
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual([later.id]);
		expect(days().every((day) => day >= tenantDay(-1))).toBe(true);
		expect(days()).not.toContain(tenantDay(-1, start));
	});

	it('Fetch Test Event returns the newest note and changes nothing', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const saved = JSON.stringify(trigger.saved);
		const memory = JSON.stringify(trigger.memory);
		const newest = note(tenantDay(-5));
		fixture.sandbox.clearRequests();

		const manual = await trigger.poll('manual');
		expect(manual.json.map((n) => n.id)).toEqual([newest.id]);
		expect(fixture.sandbox.requests).toHaveLength(2);
		expect(JSON.stringify(trigger.saved)).toBe(saved);
		expect(JSON.stringify(trigger.memory)).toBe(memory);
	});

	it('New Order reads /movimientos/pedidos/ the same way', async () => {
		const trigger = triggerFor(fixture, { event: 'newOrder' });
		await trigger.poll();
		const order = crearPedido(store(), { fecha: tenantDay() });
		expect((await trigger.poll()).json).toEqual([expect.objectContaining({ id: order.id, folio_completo: order.folio_completo })]);
		expect((await trigger.poll()).json).toEqual([]);
		const orders = store().pedidos.filter((o) => o.fecha >= tenantDay(-1)).length;
		expect(asked(fixture.sandbox.requests).at(-1)).toEqual(['GET', '/movimientos/pedidos/', { desde: tenantDay(-1), limit: '100', offset: String(orders - 1) }]);
	});

	it('Sales Note Cancelled reports each note cancelled within the look back once, reading cancelado=1 from that day on', async () => {
		const trigger = triggerFor(fixture, { event: 'salesNoteCancelled', lookBackDays: 30 });
		await trigger.poll();
		expect(asked(fixture.sandbox.requests).at(-1)).toEqual(['GET', '/movimientos/notas_venta/', { cancelado: '1', desde: tenantDay(-30), limit: '100' }]);
		const old = note(tenantDay(-20));
		expect((await trigger.poll()).json).toEqual([]);
		cancelarNotaVenta(store(), old.id);
		expect((await trigger.poll()).json).toEqual([expect.objectContaining({ id: old.id, cancelado: true, motivo_cancelacion: 'Cliente canceló la compra' })]);
		fixture.sandbox.clearRequests();
		expect((await trigger.poll()).json).toEqual([]);
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	it('a mixed run (today, yesterday, out of ID order, same second, during a poll, a failed poll, a restart, an edit) reports each created note exactly once: 1.00 per note', async () => {
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const created: number[] = [];
		const reported: number[] = [];
		const poll = async () => reported.push(...(await trigger.poll()).json.map((n) => Number(n.id)));
		const gap = store().nextId(store().notasVenta) + 50;
		for (let round = 0; round < 6; round++) {
			created.push(note().id, note(tenantDay(-1)).id);
			const twin = note();
			created.push(twin.id, note().id);
			if (round === 1) created.push(note(tenantDay(), { id: gap + 5 }).id, note(tenantDay(), { id: gap + 3 }).id);
			if (round === 2) fixture.sandbox.faults.add({ path: '/movimientos/notas_venta/', nth: 1, delayMs: 100, meanwhile: () => void created.push(note().id) });
			if (round === 3) fixture.sandbox.faults.add({ path: '/movimientos/notas_venta/', nth: 1, status: 200, body: 'null' });
			if (round === 4) trigger.restart();
			if (round === 5) trigger.edit({ simplify: false });
			await poll();
		}
		await poll();
		const times = new Map<number, number>();
		for (const id of reported) times.set(id, (times.get(id) ?? 0) + 1);
		expect(reported.length / created.length).toBe(1);
		expect(created.every((id) => times.get(id) === 1)).toBe(true);
	});
});
