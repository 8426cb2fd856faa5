/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
/*
 * n8n's node settings keep their meaning on every kind of operation (a list, a read, a lookup and a
 * write), run through n8n's engine. Whatever the setting: every run ends, nothing is sent after the
 * node has failed, and a failure names the records the run created.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { DEMO, type RecordedRequest } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import type { NodeRun, NodeSettings, RunOptions } from '../harness/engine';

const fixture = sandboxPerFile();
/** Each test's prospects carry its number, so a test finds the ones it created. */
let testNumber = 0;
beforeEach(() => testNumber++);
const prospectName = (index: number) => `Matrix ${testNumber}-${index}`;

interface Kind {
	node: string;
	/** The operation's parameters, with its one per-item value given by `expression`. */
	parameters: (expression: string) => Record<string, unknown>;
	/** The value item `index` gives when it is right. */
	good: (index: number) => unknown;
	/** A value our check refuses. */
	wrong: unknown;
	/** The requests the operation sends. */
	sent: (request: RecordedRequest) => boolean;
}

const PROSPECTS = '/api/v2/prospectos/';
const KINDS: Record<'list' | 'read' | 'lookup' | 'write', Kind> = {
	list: {
		node: 'admintotalProspect',
		parameters: (limit) => ({ resource: 'prospect', operation: 'getAll', returnAll: false, limit }),
		good: (index) => index + 1,
		wrong: 'many',
		sent: (request) => request.method === 'GET' && request.path === PROSPECTS,
	},
	read: {
		node: 'admintotalProspect',
		parameters: (id) => ({ resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: id } }),
		good: (index) => fixture.sandbox.store.prospectos[index].id,
		wrong: 'P-1',
		sent: (request) => request.method === 'GET' && /^\/api\/v2\/prospectos\/\d+\/$/.test(request.path),
	},
	lookup: {
		node: 'admintotalBlacklist',
		parameters: (rfc) => ({ resource: 'blacklistEntry', operation: 'checkRfc', rfc }),
		good: (index) => [DEMO.listaNegra.definitivo.rfc, DEMO.listaNegra.presunto.rfc, DEMO.cliente.rfc][index],
		wrong: '123',
		sent: (request) => request.path === '/api/v2/listanegra/',
	},
	write: {
		node: 'admintotalProspect',
		parameters: (name) => ({ resource: 'prospect', operation: 'create', name }),
		good: prospectName,
		wrong: { name: 'an object' },
		sent: (request) => request.method === 'POST' && request.path === PROSPECTS,
	},
};

/**
 * n8n itself stops the node at an item with `failInN8n`, before our check sees it: a reference to a
 * node that does not exist is one of the few expression errors n8n throws (most give undefined).
 */
const VALUE = "={{ $json.failInN8n ? $('No Such Node').item.json.value : $json.value }}";

type Fault = { item: number; in: 'our check' | 'n8n' };

function inputFor(kind: Kind, fault?: Fault) {
	return [0, 1, 2].map((index) =>
		fault?.item !== index ? { value: kind.good(index) } : fault.in === 'n8n' ? { failInN8n: true } : { value: kind.wrong },
	);
}

/** Runs the node and checks the rules every setting keeps: the run ends, and nothing is sent once it has. */
async function run(
	kind: Kind,
	settings: NodeSettings,
	options: { fault?: Fault; parameters?: Record<string, unknown> } & Partial<RunOptions> = {},
): Promise<NodeRun> {
	const { fault, parameters, ...extra } = options;
	let timer: NodeJS.Timeout | undefined;
	const ended = await Promise.race([
		fixture.run(kind.node, { ...kind.parameters(VALUE), ...parameters }, { input: inputFor(kind, fault), settings, ...extra }),
		new Promise<'never ended'>((resolve) => {
			timer = setTimeout(() => resolve('never ended'), 10_000);
		}),
	]);
	clearTimeout(timer);
	expect(ended).not.toBe('never ended');
	const sentBefore = sent(kind).length;
	await sleep(300);
	expect(sent(kind)).toHaveLength(sentBefore);
	return ended as NodeRun;
}

const sent = (kind: Kind) => fixture.sandbox.requests.filter(kind.sent);

/** Every record the test's run created is named in the node's error. */
function expectCreatedNamed(failure: NodeRun['error']) {
	const created = fixture.sandbox.store.prospectos.filter((prospect) => String(prospect.nombre).startsWith(`Matrix ${testNumber}-`));
	for (const prospect of created) expect(failure?.description ?? '').toContain(`ID ${prospect.id}`);
}

describe.each(Object.entries(KINDS))('n8n node settings on a %s', (name, kind) => {
	it('Execute Once runs the first item only, and ends', async () => {
		const result = await run(kind, { executeOnce: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
		expect(sent(kind).length).toBeGreaterThanOrEqual(1);
		if (name !== 'list') expect(sent(kind)).toHaveLength(1);
	});

	it('Retry On Fail with an item our check refuses: nothing is sent in any try, and the error names the item', async () => {
		const result = await run(kind, { retryOnFail: true, maxTries: 2, waitBetweenTries: 100 }, { fault: { item: 2, in: 'our check' } });
		expect(result.error).toBeDefined();
		expect(sent(kind)).toHaveLength(0);
		if (name !== 'write') expect(result.error?.message).toMatch(/\[item 2\]/);
	});

	it('Retry On Fail with an item n8n cannot evaluate: the run ends with that error (a write with the refusal of the setting, read first), and nothing is sent in any try', async () => {
		const result = await run(kind, { retryOnFail: true, maxTries: 2, waitBetweenTries: 100 }, { fault: { item: 2, in: 'n8n' } });
		expect(result.error?.message).toBe(name === 'write' ? "'Retry On Fail' is not used on operations that create or change records" : "Referenced node doesn't exist");
		expect(sent(kind)).toHaveLength(0);
	});

	it('Batching spaces the requests out as set (1 item per batch, 300 ms apart)', async () => {
		const result = await run(kind, {}, { parameters: { requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 300 } } } } });
		expect(result.error).toBeUndefined();
		const firstOfEachItem = sent(kind).filter((request, index, all) => index === 0 || request.at - all[index - 1].at > 100);
		expect(firstOfEachItem).toHaveLength(3);
		const gaps = firstOfEachItem.slice(1).map((request, index) => request.at - firstOfEachItem[index].at);
		for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(250);
	});

	it('Batching with an item our check refuses in a later batch: no batch is sent, since every item is checked first', async () => {
		const result = await run(kind, {}, { fault: { item: 2, in: 'our check' }, parameters: { requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 100 } } } } });
		expect(result.error?.message).toMatch(/\[item 2\]/);
		expect(sent(kind)).toHaveLength(0);
	});

	it('Batching with a batch the API refuses: the later batches are not sent, and a write names what the earlier batches created', async () => {
		// The second item's request answers 403 (an ID the tenant does not know for reads, a refusal for the rest).
		fixture.sandbox.faults.add({ path: /^\/api\/v2\/(prospectos|listanegra)\//, nth: 2, status: 403, body: { detail: 'No tiene permiso.' } });
		const result = await run(kind, {}, { parameters: { requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 100 } } } } });
		expect(result.error?.message).toMatch(/^The Admintotal user is not allowed to do this/);
		expect(sent(kind)).toHaveLength(2);
		if (name === 'write') expectCreatedNamed(result.error);
	});

	it('Timeout (200 ms) fails an answer that takes 1 s, naming the item, and the run ends', async () => {
		fixture.sandbox.faults.add({ path: /^\/api\/v2\/(prospectos|listanegra)\//, delayMs: 1000 });
		const result = await run(kind, {}, { parameters: { requestOptions: { timeout: 200 } } });
		expect(result.error?.message).toMatch(/200 ms/);
		expect(result.error?.description ?? result.error?.message).toMatch(/item 0/);
		// An answer that never came cannot say what was created: the error says so instead.
		if (name === 'write') expect(result.error?.message).toMatch(/the record may have been created: check Admintotal before running again$/);
	});

	it('Always Output Data keeps the output and the errors as they are', async () => {
		const result = await run(kind, { alwaysOutputData: true }, { fault: { item: 1, in: 'our check' } });
		expect(result.error?.message).toMatch(/\[item 1\]/);
		expect(sent(kind)).toHaveLength(0);
	});

	it('On Error: Stop (the default) with a wrong item sends nothing and names the item', async () => {
		const result = await run(kind, {}, { fault: { item: 1, in: 'our check' } });
		expect(result.error?.message).toMatch(/\[item 1\]/);
		expect(sent(kind)).toHaveLength(0);
	});

	it('On Error: Continue gives the wrong item its own error and the others their results', async () => {
		const result = await run(kind, { onError: 'continueRegularOutput' }, { fault: { item: 1, in: 'our check' } });
		expect(result.error).toBeUndefined();
		const errors = result.json.filter((json) => json.error !== undefined);
		expect(errors).toHaveLength(1);
		expect(String(errors[0].error)).toMatch(/\[item 1\]/);
		expect(result.json.length).toBeGreaterThanOrEqual(3);
	});

	it('On Error: Continue (using error output) sends the wrong item to the error output', async () => {
		const result = await run(kind, { onError: 'continueErrorOutput' }, { fault: { item: 1, in: 'our check' } });
		expect(result.error).toBeUndefined();
		expect(result.errorItems).toHaveLength(1);
		expect(String(result.errorItems[0].json.error)).toMatch(/\[item 1\]/);
		expect(result.items.length).toBeGreaterThanOrEqual(2);
	});

	it('pinned output: n8n does not run the node, so nothing is sent', async () => {
		const result = await run(kind, {}, { pinned: [{ pinned: true }] });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{ pinned: true }]);
		expect(sent(kind)).toHaveLength(0);
	});
});

describe('n8n node settings: Always Output Data on an empty list', () => {
	it('a list with no records gives the one empty item n8n adds, and no error', async () => {
		fixture.sandbox.faults.add({ method: 'GET', path: PROSPECTS, body: { count: 0, next: null, previous: null, results: [] } });
		const result = await run(KINDS.list, { alwaysOutputData: true });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([{}]);
		expect(sent(KINDS.list)).toHaveLength(3);
	});
});
