/*
 * The runner's promises to n8n for every kind of operation (a list, a read, a lookup and a write),
 * through n8n's engine, when the tenant refuses one item's request: each output item is paired with
 * its input item, in the input's order; On Error: Continue gives the refused item its own error item
 * (paired with it) and the others their results; and the error names its item, in n8n's context
 * (`itemIndex`, which the editor shows) as in its words.
 *
 * n8n's lint rules for these (missing-paired-item, and the coming ones for continue on fail and the
 * item index) read only the code inside a node class's execute(), which hands its context to the
 * shared runner (nodes/shared/operation/execute.ts): these tests are that code's proof. Where the
 * other tests pin them: test/foundation/nodeSettings.test.ts (an item our check refuses, on every
 * kind and setting), onErrorContinue.test.ts and writeOutcomes.test.ts (writes),
 * test/nodes/blacklist/checkRfc.test.ts (pairing of lookups), test/nodes/output.test.ts (a tool's note).
 */
import type { IDataObject } from 'n8n-workflow';

import { DEMO, type FaultRule } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import type { NodeRun } from '../harness/engine';

const fixture = sandboxPerFile();

interface Kind {
	node: string;
	parameters: Record<string, unknown>;
	/** The three input items; the tenant refuses item 1's request (`refuse`), or, for a lookup asked together, every request. */
	input: () => IDataObject[];
	refuse?: () => FaultRule;
	/** Item 1 as our check refuses it, before anything is sent. */
	wrong: IDataObject;
	/** Whether the refusal reaches every item (a lookup asks for the batch's values together). */
	refusesAll?: true;
}

const PROSPECTS = '/api/v2/prospectos/';
const line = (productCode: string) => ({ lines: [{ productCode, quantity: 1, unitPrice: 10 }] });

const KINDS: Record<'list' | 'read' | 'lookup' | 'write', Kind> = {
	list: {
		node: 'admintotalProspect',
		parameters: { resource: 'prospect', operation: 'getAll', returnAll: false, limit: '={{ $json.limit }}' },
		input: () => [{ limit: 1 }, { limit: 2 }, { limit: 3 }],
		refuse: () => ({ method: 'GET', path: PROSPECTS, query: { limit: '2' }, status: 400, body: { detail: 'Refused for item 1' } }),
		wrong: { limit: 'many' },
	},
	read: {
		node: 'admintotalProspect',
		parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		input: () => fixture.sandbox.store.prospectos.slice(0, 3).map((prospect) => ({ id: prospect.id })),
		refuse: () => ({ method: 'GET', path: `${PROSPECTS}${fixture.sandbox.store.prospectos[1].id}/`, status: 400, body: { detail: 'Refused for item 1' } }),
		wrong: { id: 'P-1' },
	},
	lookup: {
		node: 'admintotalBlacklist',
		parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}' },
		input: () => [DEMO.listaNegra.definitivo.rfc, DEMO.listaNegra.presunto.rfc, DEMO.cliente.rfc].map((rfc) => ({ rfc })),
		refuse: () => ({ method: 'GET', path: '/api/v2/listanegra/', status: 400, body: { detail: 'Refused for the batch' } }),
		refusesAll: true,
		wrong: { rfc: '123' },
	},
	write: {
		node: 'admintotalSalesNote',
		parameters: { resource: 'salesNote', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, linesInput: 'json', linesJson: '={{ $json.lines }}' },
		// Admintotal refuses a product code it does not have (400): only item 1's.
		input: () => [line(DEMO.producto.codigo), line('NO-SUCH-CODE'), line(DEMO.producto.codigo)],
		wrong: { lines: [{ productCode: DEMO.producto.codigo, quantity: -1, unitPrice: 10 }] },
	},
};

const run = (kind: Kind, continueOnFail: boolean, input = kind.input()): Promise<NodeRun> => {
	if (kind.refuse) fixture.sandbox.faults.add(kind.refuse());
	return fixture.run(kind.node, kind.parameters, { input, continueOnFail, typeVersion: 2 });
};

describe.each(Object.entries(KINDS))('the runner on a %s the tenant refuses', (_name, kind) => {
	const refused = kind.refusesAll ? [0, 1, 2] : [1];

	it('without Continue: the run fails naming the first refused item, in its context and its words', async () => {
		const { error } = await run(kind, false);
		const first = refused[0];
		expect(error?.context?.itemIndex).toBe(first);
		expect(`${error?.message} ${error?.description ?? ''}`).toMatch(new RegExp(`item ${first}\\b`));
	});

	it('with Continue: every output item is paired with its input item, in order, the refused with its own error item', async () => {
		const { error, items } = await run(kind, true);
		expect(error).toBeUndefined();
		const pairedWith = items.map((item) => (item.pairedItem as { item: number }).item);
		// Each input item's outputs, in the input's order (a list gives several).
		expect(pairedWith).toEqual([...pairedWith].sort((a, b) => a - b));
		expect([...new Set(pairedWith)]).toEqual([0, 1, 2]);
		const erred = items.filter((item) => item.json.error !== undefined).map((item) => (item.pairedItem as { item: number }).item);
		expect(erred).toEqual(refused);
		for (const item of items.filter((entry) => entry.json.error === undefined)) expect(Object.keys(item.json).length).toBeGreaterThan(0);
	});
});

describe.each(Object.entries(KINDS))('the runner on a %s whose item 1 our check refuses', (_name, kind) => {
	const input = () => kind.input().map((item, index) => (index === 1 ? kind.wrong : item));

	it("the error carries item 1 in n8n's context, as in its message", async () => {
		const { error } = await run({ ...kind, refuse: undefined }, false, input());
		expect([error?.context?.itemIndex, error?.message]).toEqual([1, expect.stringMatching(/\[item 1\]$/)]);
	});

	it('with Continue: its error item is paired with item 1', async () => {
		const { items } = await run({ ...kind, refuse: undefined }, true, input());
		expect(items.filter((item) => item.json.error !== undefined).map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
	});
});
