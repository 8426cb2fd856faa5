/*
 * A page that contradicts itself (one note listed twice, another left out) changes nothing the
 * trigger remembers: the read is tried again, and a poll that only ever gets such pages fails,
 * so a note that was there before activation is never reported as new later. A `count` the pages
 * cannot back costs a few pages past the end, not a flood.
 */
import { crearNotaVenta } from '../../sandbox/store/cambios';
import { sandboxPerFile } from '../fixture';
import { tenantDay, triggerFor } from './fixture';

const NOTES = '/movimientos/notas_venta/';
const NEW_SALES_NOTE = { event: 'newSalesNote' };
/** A page whose second record comes twice, in place of its third. */
const listingOneTwice = (page: { results: Array<Record<string, unknown>> }) =>
	page.results.length < 3 ? page : { ...page, results: [page.results[0], page.results[1], page.results[1], ...page.results.slice(3)] };

describe('Admintotal Polling Trigger: pages that contradict themselves', () => {
	// Pages of 5 records (the trigger asks 100): a window of a dozen notes has a page boundary.
	const fixture = sandboxPerFile({ pageSize: { default: 5, max: 5 } });
	const note = () => crearNotaVenta(fixture.sandbox.store, { fecha: tenantDay() });
	const notes = (count: number) => Array.from({ length: count }, () => note().id);
	const inWindow = () => fixture.sandbox.store.notasVenta.filter((n) => n.fecha >= tenantDay(-1)).length;

	it('answered twice at activation: the window is read again, and no note there before is ever reported', async () => {
		notes(12);
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		fixture.sandbox.faults.add({ method: 'GET', path: NOTES, query: { offset: '4' }, times: 2, reshape: listingOneTwice });
		expect(await trigger.poll()).toEqual({ json: [] });
		const activated = Date.now();
		expect((await trigger.poll()).json).toEqual([]);
		const later = notes(2);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual(later);
		expect((await trigger.poll()).json).toEqual([]);
		// The activation asked the page a third time, when the fault no longer fired.
		expect(fixture.sandbox.requests.filter((request) => request.query.offset === '4' && request.at < activated)).toHaveLength(3);
	});

	it('answered at every read of a poll: the poll fails and the memory is unchanged; the next poll reports only the new notes', async () => {
		notes(12);
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		await trigger.poll();
		const before = JSON.stringify(trigger.memory);
		const later = notes(6);
		fixture.sandbox.faults.add({ method: 'GET', path: NOTES, reshape: listingOneTwice });
		const failed = await trigger.poll();
		expect(failed.json).toEqual([]);
		expect(failed.error?.message).toMatch(/^Admintotal's list of sales notes /);
		expect(JSON.stringify(trigger.memory)).toBe(before);

		fixture.sandbox.faults.clear();
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual(later);
		expect((await trigger.poll()).json).toEqual([]);
	});

	it('pages whose count says 10^12: the activation remembers the window, asking at most 20 pages past its end and one per page it has', async () => {
		notes(12);
		const trigger = triggerFor(fixture, NEW_SALES_NOTE);
		fixture.sandbox.faults.add({ method: 'GET', path: NOTES, reshape: (page) => ({ ...page, count: 1e12 }) });
		expect(await trigger.poll()).toEqual({ json: [] });
		// Pages of 5 overlapping by one. Each page that came back full lets two more go (as a list as long
		// as its count grows); an empty page or one without next stops them.
		const pages = Math.ceil((inWindow() - 1) / 4);
		expect(fixture.sandbox.requests.length).toBeLessThanOrEqual(2 * pages + 20);
		const later = notes(2);
		expect((await trigger.poll()).json.map((n) => n.id)).toEqual(later);
	});
});
