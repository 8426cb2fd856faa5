/*
 * The Output choice (issue 49) and what a Get Many answers an AI agent, through n8n's engine against
 * the sandbox. Get and Get Many have Output (Simplified, Raw, Selected Fields, the ID always kept)
 * from the node's next version; a workflow saved with version 1 keeps its Simplify switch and runs as
 * it was saved. Called as a tool (n8n runs the node as `<type>Tool`), Return All answers at most
 * TOOL_ANSWER_LIMIT records and says when more exist.
 */
import type { IDataObject } from 'n8n-workflow';

import { PACKAGE_ROOT, loadPackage } from '../harness/package';
import { asJson, byId, sandboxPerFile } from './fixture';

const { TOOL_ANSWER_LIMIT } = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/shared/operation/define`) as typeof import('../../nodes/shared/operation/define');

const fixture = sandboxPerFile({ pageSize: { default: 20, max: 100 } });
const notes = () => asJson(fixture.sandbox.store.notasVenta) as unknown as IDataObject[];
const salesNotes = (parameters: IDataObject, typeVersion: number, node = 'admintotalSalesNote') =>
	fixture.run(node, { resource: 'salesNote', operation: 'getAll', limit: 3, ...parameters }, { typeVersion });
/** The fields Simplify keeps of a sales note, as the docs list them. */
const SIMPLIFIED = ['id', 'folio', 'folio_completo', 'fecha', 'cliente', 'subtotal', 'iva', 'total', 'status', 'status_display', 'cancelado', 'url_pdf'];

describe('node versions', () => {
	it.each([
		['admintotalSalesNote', [1, 2, 3]],
		['admintotalBankAccount', [1, 2]],
		['admintotalBlacklist', [1, 2]],
	])('%s has versions %p, and a new node gets the last', async (node, versions) => {
		const { description } = (await loadPackage()).node(node);
		expect([description.version, description.defaultVersion]).toEqual([versions, versions.at(-1)]);
	});
});

describe('a workflow saved with version 1 behaves as saved: Simplify', () => {
	it('Simplify on (its default) keeps the simplified fields; off, the whole record', async () => {
		const simplified = await salesNotes({}, 1);
		const raw = await salesNotes({ simplify: false }, 1);
		expect(simplified.error).toBeUndefined();
		expect(simplified.json.map((note) => Object.keys(note).filter((key) => !SIMPLIFIED.includes(key)))).toEqual([[], [], []]);
		expect(raw.json).toEqual(notes().slice(0, 3));
	});

	it('an Output saved on version 1 (not shown there) changes nothing', async () => {
		const run = await salesNotes({ output: 'raw' }, 1);
		expect(run.json).toEqual((await salesNotes({}, 1)).json);
	});
});

describe('version 2 and later: Output', () => {
	it('Simplified is the default and keeps what Simplify kept', async () => {
		expect((await salesNotes({}, 3)).json).toEqual((await salesNotes({}, 1)).json);
		expect((await salesNotes({ output: 'simplified' }, 3)).json).toEqual((await salesNotes({}, 1)).json);
	});

	it('Raw is the record as Admintotal sent it; a Simplify saved alongside is not read', async () => {
		expect((await salesNotes({ output: 'raw', simplify: true }, 3)).json).toEqual(notes().slice(0, 3));
	});

	it('Selected Fields keeps the ID and the fields named, a dotted name keeping part of an embedded record', async () => {
		const run = await salesNotes({ output: 'selected', outputFields: 'total, cliente.rfc,folio' }, 3);
		expect(run.json).toEqual(notes().slice(0, 3).map((note) => ({ id: note.id, total: note.total, cliente: { rfc: (note.cliente as IDataObject).rfc }, folio: note.folio })));
	});

	it('Selected Fields on Get, from the version that has it (a prospect: version 2)', async () => {
		const [prospect] = asJson(fixture.sandbox.store.prospectos) as unknown as IDataObject[];
		const get = (parameters: IDataObject, typeVersion: number) =>
			fixture.run('admintotalProspect', { resource: 'prospect', operation: 'get', prospectId: byId(prospect.id as number), ...parameters }, { typeVersion });
		const run = await get({ output: 'selected', outputFields: 'empresa' }, 2);
		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([{ id: prospect.id, empresa: prospect.empresa }]);
		expect(typeof prospect.empresa).toBe('string');
		expect((await get({ simplify: false }, 1)).json).toEqual([prospect]);
	});

	it('Selected Fields without fields, or with a name every object has, stops before anything is sent', async () => {
		expect((await salesNotes({ output: 'selected', outputFields: '' }, 3)).error?.message).toMatch(/Parameter "Fields" is required/);
		for (const outputFields of ['total, cliente.__proto__', 'a.b.c', '={{ " , " }}']) {
			const run = await salesNotes({ output: 'selected', outputFields }, 3);
			expect(run.error?.message).toMatch(/^'Fields' /);
		}
		expect(fixture.requestsTo('/movimientos/notas_venta/')).toEqual([]);
	});

	it('a resource without a simplified shape offers Raw (its default) and Selected Fields only', async () => {
		const { description } = (await loadPackage()).node('admintotalBankAccount');
		const output = description.properties.find((property) => property.name === 'output' && property.displayOptions?.show?.operation?.includes('getAll'));
		expect([output?.default, output?.options?.map((option) => ('value' in option ? option.value : undefined))]).toEqual(['raw', ['raw', 'selected']]);
		const run = await fixture.run('admintotalBankAccount', { resource: 'bankAccount', operation: 'getAll', limit: 2, output: 'selected', outputFields: 'banco' }, { typeVersion: 2 });
		const accounts = asJson(fixture.sandbox.store.cuentasBancarias).slice(0, 2) as unknown as IDataObject[];
		expect(accounts.every((account) => typeof account.banco === 'string')).toBe(true);
		expect(run.json).toEqual(accounts.map((account) => ({ id: account.id, banco: account.banco })));
	});

	it("Selected Fields keeps a blacklist entry's RFC, its key (it has no ID)", async () => {
		const run = await fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'getAll', limit: 2, output: 'selected', outputFields: 'nombre' }, { typeVersion: 2 });
		const entries = asJson(fixture.sandbox.store.listaNegra).slice(0, 2) as unknown as IDataObject[];
		expect(run.json).toEqual(entries.map((entry) => ({ rfc: entry.rfc, nombre: entry.nombre })));
	});
});

describe('a Get Many called as an AI tool', () => {
	const asTool = (parameters: IDataObject) => salesNotes(parameters, 3, 'admintotalSalesNoteTool');

	it(`answers Return All with the first ${TOOL_ANSWER_LIMIT} records and a note that more exist, asking no further`, async () => {
		expect(notes().length).toBeGreaterThan(TOOL_ANSWER_LIMIT + 1);
		const run = await asTool({ returnAll: true });
		expect(run.error).toBeUndefined();
		expect(run.json.slice(0, -1).map((note) => note.id)).toEqual(notes().slice(0, TOOL_ANSWER_LIMIT).map((note) => note.id));
		expect(run.json.at(-1)).toEqual({ moreRecords: true, note: expect.stringContaining(`the first ${TOOL_ANSWER_LIMIT}`) });
		// Every output item, the note included, is paired with the input item.
		expect(run.items.map((item) => item.pairedItem)).toEqual(run.items.map(() => ({ item: 0 })));
		const asked = fixture.requestsTo('/movimientos/notas_venta/').map((request) => Number(request.query.offset ?? 0) + Number(request.query.limit));
		expect(Math.max(...asked)).toBeLessThanOrEqual(TOOL_ANSWER_LIMIT + 20);
	});

	it('gives the model the Limit it asks for, asking Admintotal for exactly that many, with no note', async () => {
		const run = await asTool({ limit: 60 });
		expect(run.json.map((note) => note.id)).toEqual(notes().slice(0, 60).map((note) => note.id));
		expect(fixture.requestsTo('/movimientos/notas_venta/').map((request) => request.query.limit)).toEqual(['60']);
	});

	it('answers Return All of fewer records than the bound whole, with no note', async () => {
		const run = await fixture.run('admintotalCreditNoteTool', { resource: 'creditNote', operation: 'getAll', returnAll: true }, { typeVersion: 2 });
		expect(fixture.sandbox.store.notasCredito.length).toBeLessThanOrEqual(TOOL_ANSWER_LIMIT);
		expect(run.json.map((note) => note.id)).toEqual(fixture.sandbox.store.notasCredito.map((note) => note.id));
	});

	it('is not bounded when the node runs in a workflow', async () => {
		const run = await salesNotes({ returnAll: true }, 3);
		expect(run.json.map((note) => note.id)).toEqual(notes().map((note) => note.id));
	});
});
