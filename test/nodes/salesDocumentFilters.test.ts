/*
 * The eight filters sales notes and orders share (spec: "the same filters with the same types and
 * meanings"), checked for each node: what is sent, and that the results are the records the
 * sandbox holds that match.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Store } from '../sandbox';
import { STATUS_CANCELADO } from '../sandbox/schemas/catalogs';
import { serieDe } from '../sandbox/store/documentos';
import { idsOf, sandboxPerFile } from './fixture';

interface SalesDocument {
	id: number;
	fecha: string;
	folio: number;
	folio_completo: string;
	cliente: { id: number; razon_social: string };
}

const SALES_DOCUMENTS = [
	{
		node: 'admintotalSalesNote',
		resource: 'salesNote',
		path: '/movimientos/notas_venta/',
		records: (store: Store): readonly SalesDocument[] => store.notasVenta,
		pageMax: 25,
		isCancelled: (note: SalesDocument) => (note as unknown as { cancelado: boolean }).cancelado,
		noun: 'sales notes',
	},
	{
		node: 'admintotalOrder',
		resource: 'order',
		path: '/movimientos/pedidos/',
		records: (store: Store): readonly SalesDocument[] => store.pedidos,
		pageMax: 15,
		// Orders show no `cancelado`; the sandbox counts an order with the cancelled status as cancelled.
		isCancelled: (order: SalesDocument) => (order as unknown as { status: number }).status === STATUS_CANCELADO.pedido,
		noun: 'orders',
	},
];

describe.each(SALES_DOCUMENTS.map((listing) => [listing.node, listing] as const))('%s: Get Many filters', (_node, listing) => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: listing.pageMax } });
	const { noun } = listing;
	const records = () => listing.records(fixture.sandbox.store);
	const getMany = (filters: IDataObject) =>
		fixture.run(listing.node, { resource: listing.resource, operation: 'getAll', returnAll: true, filters });
	const sentQueries = () => fixture.requestsTo(listing.path).map((request) => request.query);
	const matching = (keep: (document: SalesDocument) => boolean) => {
		const ids = records().filter(keep).map((document) => document.id);
		expect(ids.length).toBeGreaterThan(0);
		return ids;
	};

	it(`Client ID sends cliente and returns only that client's ${noun}`, async () => {
		const clientId = records()[0].cliente.id;
		const run = await getMany({ clientId });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ cliente: String(clientId), limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => document.cliente.id === clientId));
	});

	it(`Client Business Name sends cliente_razon_social and returns the ${noun} of matching clients`, async () => {
		const name = records()[0].cliente.razon_social;
		const part = name.split(' ').slice(-1)[0].toLowerCase();
		const run = await getMany({ clientBusinessName: `  ${part} ` });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ cliente_razon_social: part, limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => document.cliente.razon_social.toLowerCase().includes(part)));
	});

	it(`Date from the date picker is sent as YYYY-MM-DD in fecha and returns the ${noun} of that day`, async () => {
		const day = records()[10].fecha;
		const run = await getMany({ date: `${day}T00:00:00` });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ fecha: day, limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => document.fecha === day));
	});

	it(`From Date and To Date send desde and hasta and keep every ${noun} of the range, both days included`, async () => {
		const from = records()[5].fecha;
		const to = records()[20].fecha;
		const run = await getMany({ fromDate: from, toDate: `${to}T18:45:00` });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ desde: from, hasta: to, limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => document.fecha >= from && document.fecha <= to));
	});

	it('dates from expressions: a Luxon DateTime keeps its own day, a JavaScript Date is read in the workflow timezone', async () => {
		const from = records()[5].fecha;
		const to = records()[20].fecha;
		// 23:30 in Mexico City is already the next day in UTC; the day written is the one meant.
		const run = await getMany({
			fromDate: `={{ DateTime.fromISO('${from}T23:30:00', { zone: 'America/Mexico_City' }) }}`,
			toDate: `={{ new Date('${to}T16:00:00Z') }}`,
		});

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ desde: from, hasta: to, limit: '100' });
	});

	it('a value that is not a date stops the item, names the field and the item, and sends nothing', async () => {
		const run = await getMany({ toDate: '31/05/2026' });

		expect(run.error?.message).toBe(`'To Date' must be a date, got "31/05/2026" [item 0]`);
		expect(run.error?.description).toContain('YYYY-MM-DD');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('a calendar day that does not exist (February 30) is refused, and nothing is sent', async () => {
		const run = await getMany({ date: '2026-02-30' });

		expect(run.error?.message).toBe(`'Date' must be a date, got "2026-02-30" [item 0]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it(`Folio sends folio and returns the ${noun} with that number`, async () => {
		const folio = records()[7].folio;
		const run = await getMany({ folio });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ folio: String(folio), limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => document.folio === folio));
	});

	it('a folio of 0 (left at its default) is refused before any request', async () => {
		const run = await getMany({ folio: 0 });

		expect(run.error?.message).toBe(`'Folio' must be a whole number greater than 0, got "0" [item 0]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it(`Series sends serie and returns only the ${noun} of that series`, async () => {
		const series = serieDe(records()[0].folio_completo);
		const run = await getMany({ series });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ serie: series, limit: '100' });
		expect(idsOf(run.json)).toEqual(matching((document) => serieDe(document.folio_completo) === series));
	});

	it('Cancelled: Active Only sends cancelado=0, Cancelled Only sends 1, All sends nothing', async () => {
		const active = await getMany({ cancelled: 'active' });
		const cancelled = await getMany({ cancelled: 'cancelled' });
		const all = await getMany({ cancelled: 'all' });

		expect([active.error, cancelled.error, all.error]).toEqual([undefined, undefined, undefined]);
		const firstPages = sentQueries().filter((query) => query.offset === undefined);
		expect(firstPages).toEqual([
			{ cancelado: '0', limit: '100' },
			{ cancelado: '1', limit: '100' },
			{ limit: '100' },
		]);
		expect(idsOf(active.json)).toEqual(matching((document) => !listing.isCancelled(document)));
		expect(idsOf(cancelled.json)).toEqual(matching((document) => listing.isCancelled(document)));
		expect(idsOf(all.json)).toEqual(idsOf(records()));
	});

	it('a filter added but left empty is not sent', async () => {
		const run = await getMany({ series: '', clientBusinessName: '   ', fromDate: '' });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ limit: '100' });
		expect(run.json).toHaveLength(records().length);
	});

	it('filters combine and stay on every page Return All follows', async () => {
		const from = records()[3].fecha;
		const run = await getMany({ fromDate: from, cancelled: 'active' });

		expect(run.error).toBeUndefined();
		const expected = matching((document) => document.fecha >= from && !listing.isCancelled(document));
		expect(idsOf(run.json)).toEqual(expected);
		const queries = sentQueries();
		expect(queries.length).toBeGreaterThan(1);
		for (const query of queries) expect(query).toMatchObject({ desde: from, cancelado: '0' });
	});
});
