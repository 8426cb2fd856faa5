/*
 * Get and Get Many of every resource, one row per resource: what is asked, what comes back as the
 * API sends it or simplified, the errors of a missing or malformed ID, and the "From list" picker.
 * Filters and options of a resource are in its own folder; paging itself in test/foundation/lists.test.ts.
 */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import type { Resource } from '../../nodes/shared/resource';
import { PACKAGE_ROOT } from '../harness/package';
import type { Store } from '../sandbox';
import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS } from '../sandbox/schemas/catalogs';
import { API, asJson, byId, fromList, pagesFor, sandboxPerFile } from './fixture';

interface ReadResource {
	node: string;
	resource: string;
	/** The list path, relative to /api/v2. */
	path: string;
	records: (store: Store) => readonly object[];
	pageMax: number;
	/** What identifies a record (default `id`). */
	keyOf?: (record: IDataObject) => unknown;
	/** What Simplify (on by default) keeps of a record, in order; absent where the node has no Simplify. */
	summary?: (record: IDataObject) => IDataObject;
	/** Get: the label of its ID field and the record's path. */
	get?: { label: string; detail: (id: unknown) => string };
	/** The "From list" picker, where it filters the pages itself (its method and record label are the node's own). */
	search?: true;
}

/** A summary that keeps `keys` in that order (when the record has them), reducing embedded objects to the fields given. */
const keeping =
	(keys: string[], reduce: Record<string, string[]> = {}) =>
	(record: IDataObject): IDataObject =>
		Object.fromEntries(
			keys.filter((key) => key in record).map((key) => [key, reduce[key] ? Object.fromEntries(reduce[key].map((field) => [field, (record[key] as IDataObject)[field]])) : record[key]]),
		);
const client = { cliente: ['id', 'razon_social', 'rfc'] };
const salesDocument = keeping(['id', 'folio', 'folio_completo', 'fecha', 'cliente', 'subtotal', 'iva', 'total', 'status', 'status_display', 'cancelado'], client);
/** A sales note's also keeps the link to its PDF. */
const salesNote = keeping(['id', 'folio', 'folio_completo', 'fecha', 'cliente', 'subtotal', 'iva', 'total', 'status', 'status_display', 'cancelado', 'url_pdf'], client);

/**
 * A node's From List dropdown as the node declares it: the search method its Get's ID field names,
 * and the label its resource declaration gives a record (written once, in the node).
 */
function dropdownOf(node: string, resource: string): { method: string; option: (record: IDataObject) => string } {
	const folder = node.replace(/^a/, 'A');
	const module = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/${folder}/${folder}.node`) as Record<string, Partial<Resource>>;
	const declared = Object.values(module).find((value) => value.description?.name === node);
	const idField = declared?.description?.properties.find((property) => property.name === `${resource}Id`);
	const method = idField?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod;
	if (!declared?.label || !method) throw new Error(`${node} declares no From List dropdown`);
	return { method, option: declared.label };
}

const READS: ReadResource[] = [
	{
		node: 'admintotalBankAccount',
		resource: 'bankAccount',
		path: '/cuentas_bancarias/',
		records: (store) => store.cuentasBancarias,
		pageMax: 6,
		get: { label: 'Bank Account', detail: (id) => `/cuentas_bancarias/${id}/` },
		search: true,
	},
	{
		node: 'admintotalLedgerAccount',
		resource: 'ledgerAccount',
		path: '/cuentas/',
		records: (store) => store.cuentas,
		pageMax: 6,
		get: { label: 'Ledger Account', detail: (id) => `/cuentas/${id}/` },
		search: true,
	},
	{
		node: 'admintotalCreditNote',
		resource: 'creditNote',
		path: '/movimientos/notas_credito/',
		records: (store) => store.notasCredito,
		pageMax: 15,
		get: { label: 'Credit Note', detail: (id) => `/movimientos/notas_credito/${id}/` },
		search: true,
	},
	{
		node: 'admintotalInternalConsumption',
		resource: 'internalConsumption',
		path: '/movimientos/consumo_interno/',
		records: (store) => store.consumoInterno,
		pageMax: 10,
		summary: keeping(['id', 'folio', 'folio_completo', 'fecha', 'almacen', 'motivo', 'vendedor', 'subtotal', 'iva', 'total', 'status_display', 'cancelado']),
		// The spec gives this one path without a trailing slash.
		get: { label: 'Internal Consumption', detail: (id) => `/movimientos/consumo_interno/${id}` },
		search: true,
	},
	{
		node: 'admintotalProspect',
		resource: 'prospect',
		path: '/prospectos/',
		records: (store) => store.prospectos,
		pageMax: 12,
		summary: keeping(['id', 'codigo', 'nombre', 'empresa', 'nombre_comercial', 'rfc', 'sucursal', 'status', 'stats_display']),
		get: { label: 'Prospect', detail: (id) => `/prospectos/${id}/` },
		search: true,
	},
	{
		node: 'admintotalWorkOrder',
		resource: 'workOrder',
		path: '/ordenes_servicio/',
		records: (store) => store.ordenesServicio,
		pageMax: 10,
		// Each code with its label; the client and the branch reduced to who and where.
		summary: (order) => ({
			...keeping(['id', 'clave', 'status'])(order),
			status_display: ORDEN_SERVICIO_STATUS[order.status as 1],
			prioridad: order.prioridad,
			prioridad_display: ORDEN_SERVICIO_PRIORIDAD[order.prioridad as 1],
			...keeping(['tipo_servicio', 'descripcion', 'fecha_inicio', 'fecha_fin', 'empleado', 'cliente', 'sucursal'], { ...client, sucursal: ['id', 'nombre'] })(order),
		}),
		get: { label: 'Work Order', detail: (id) => `/ordenes_servicio/${id}/` },
		search: true,
	},
	{
		node: 'admintotalProduct',
		resource: 'product',
		path: '/productos/',
		records: (store) => store.productos,
		pageMax: 50,
		// Without a warehouse the API leaves stock out, and Simplify does not invent it.
		summary: keeping(['id', 'codigo', 'descripcion', 'precio', 'precio_neto', 'existencia', 'moneda', 'linea', 'sublinea', 'medio_distribucion', 'imagen_url']),
		get: { label: 'Product', detail: (id) => `/productos/${id}/` },
	},
	{ node: 'admintotalUser', resource: 'user', path: '/usuarios/', records: (store) => store.usuarios, pageMax: 4 },
	{ node: 'admintotalOrder', resource: 'order', path: '/movimientos/pedidos/', records: (store) => store.pedidos, pageMax: 15, summary: salesDocument },
	{ node: 'admintotalSalesNote', resource: 'salesNote', path: '/movimientos/notas_venta/', records: (store) => store.notasVenta, pageMax: 25, summary: salesNote },
	{ node: 'admintotalBlacklist', resource: 'blacklistEntry', path: '/listanegra/', records: (store) => store.listaNegra, pageMax: 60, keyOf: (entry) => entry.rfc },
];

describe.each(READS.map((read) => [read.node, read] as const))('%s: Get and Get Many', (_node, read) => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: read.pageMax } });
	const records = () => asJson(read.records(fixture.sandbox.store)) as IDataObject[];
	const keyOf = read.keyOf ?? ((record: IDataObject) => record.id);
	const simplifyOff = read.summary ? { simplify: false } : {};
	const getMany = (parameters: IDataObject) => fixture.run(read.node, { resource: read.resource, operation: 'getAll', ...parameters });
	const values = (page: INodeListSearchResult) => page.results.map((option) => option.value);
	const idsOf = (some: IDataObject[]) => some.map((record) => String(record.id));

	// Every test below pages the list or picks its second and last records: a row that cannot says so.
	beforeAll(() => {
		const count = records().length;
		if (count < 3 || read.pageMax >= count) {
			throw new Error(`READS row ${read.node} needs at least 3 records and a pageMax below their number (it has ${count} records, pageMax ${read.pageMax})`);
		}
	});

	it('Get Many with Return All returns every record once, in the API order, reading each page once', async () => {
		const run = await getMany({ returnAll: true, ...simplifyOff });

		expect(run.error).toBeUndefined();
		expect(run.json.map(keyOf)).toEqual(records().map(keyOf));
		expect(fixture.requestsTo(read.path)).toHaveLength(pagesFor(records().length, read.pageMax));
	});

	it(`Get Many with a Limit of 2 asks for 2 once and returns them as the API sends them${read.summary ? ' (Simplify off)' : ''}`, async () => {
		const run = await getMany({ limit: 2, ...simplifyOff });

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo(read.path).map((request) => [request.method, request.query])).toEqual([['GET', { limit: '2' }]]);
		expect(run.json).toEqual(records().slice(0, 2));
	});

	if (read.summary) {
		const summary = read.summary;
		it('Get Many with Simplify (on by default) gives the summary of each record, fields in order', async () => {
			const run = await getMany({ limit: 2 });

			expect(run.error).toBeUndefined();
			const expected = records().slice(0, 2).map(summary);
			expect(run.json).toEqual(expected);
			expect(run.json.map((json) => Object.keys(json))).toEqual(expected.map((json) => Object.keys(json)));
		});
	}

	if (!read.get) return;
	const { label, detail } = read.get;
	const get = (id: object, parameters: IDataObject = {}, input?: IDataObject[]) =>
		fixture.run(read.node, { resource: read.resource, operation: 'get', [`${read.resource}Id`]: id, ...parameters }, { input });

	it(`Get By ID sends GET to the record's own path${read.summary ? ' and, with Simplify off,' : ' and'} returns the whole record`, async () => {
		const record = records()[1];
		const run = await get(byId(record.id as number), simplifyOff);

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.url])).toEqual([['GET', `${API}${detail(record.id)}`]]);
		expect(run.json).toEqual([record]);
	});

	it(`Get From List reads the picked record the same way and gives ${read.summary ? 'its summary' : 'it whole'}`, async () => {
		const record = records()[records().length - 1];
		const run = await get(fromList(record.id as number));

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => request.url)).toEqual([`${API}${detail(record.id)}`]);
		expect(run.json).toEqual([read.summary ? read.summary(record) : record]);
	});

	it("Get of a missing ID fails with the API's 404 message, naming the status and the item", async () => {
		const run = await get(byId(999999));

		expect(run.error?.message).toBe('The record was not found in Admintotal: No encontrado.');
		expect(run.error?.description).toContain('No encontrado.');
		expect(run.error?.description).toContain('HTTP 404, item 0');
		expect(fixture.sandbox.requests.map((request) => [request.url, request.status])).toEqual([[`${API}${detail(999999)}`, 404]]);
	});

	it('Get of an ID that is not a whole number is refused before any request: typed, flagged by n8n; from an expression, naming the field and the item', async () => {
		const typed = await get(byId('R-7'));
		expect(typed.error?.message).toContain('The ID is a whole number');

		const fromExpression = await get(byId('={{ $json.id }}'), {}, [{ id: records()[0].id }, { id: 'R-7' }]);
		expect(fromExpression.error?.message).toBe(`'${label}' must be a whole number greater than 0, got "R-7" [item 1]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	if (!read.search) return;
	const { method, option } = dropdownOf(read.node, read.resource);

	it('From List shows one page of records at a time, each labelled, with the offset of the next page', async () => {
		const all = records();
		const first = await fixture.search(read.node, method);
		expect(values(first)).toEqual(idsOf(all.slice(0, read.pageMax)));
		expect(first.results[0].name).toBe(option(all[0]));
		expect(first.paginationToken).toBe(String(read.pageMax));

		const second = await fixture.search(read.node, method, undefined, first.paginationToken);
		expect(values(second)).toEqual(idsOf(all.slice(read.pageMax, 2 * read.pageMax)));

		const last = await fixture.search(read.node, method, undefined, String(all.length - 2));
		expect(values(last)).toEqual(idsOf(all.slice(-2)));
		expect(last.paginationToken).toBeUndefined();
	});

	it('From List search, which the API cannot do, reads on page by page until it finds the last record, and shows only matches', async () => {
		const all = records();
		const wanted = option(all[all.length - 1]).toLowerCase();
		const found = await fixture.search(read.node, method, wanted);

		expect(values(found)).toContain(String(all[all.length - 1].id));
		expect(found.results.every((result) => result.name.toLowerCase().includes(wanted))).toBe(true);
		expect(found.paginationToken).toBeUndefined();
		expect(fixture.requestsTo(read.path).map((request) => Number(request.query.offset))).toEqual(
			Array.from({ length: pagesFor(all.length, read.pageMax) }, (_, page) => page * read.pageMax),
		);
	});
});
