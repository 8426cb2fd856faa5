/**
 * The Admintotal Polling Trigger in a running n8n (`n8n start`, E2E_RUNTIME=node20|node24): example 5
 * (new sales note → message with the PDF link) is activated through the public API and polls every
 * minute (n8n 2.41 refuses anything shorter); sales notes created in the sandbox between polls,
 * one dated yesterday and one with an ID below the newest, each start exactly one execution, also
 * across a restart of n8n. Then, on a tenant that lists newest first (issue 41), a copy of example 5
 * is activated: its first poll reports nothing, the next tick reports each new note once, Fetch Test
 * Event gives the newest, and the tick after reports nothing again. Executions are read back
 * through the public API.
 */
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { crearNotaVenta } from '../sandbox/store/cambios';
import { nodeOutput, resolveRuntime, selectedRuntimeName, sleep, type ApiExecution, type N8nInstance, type N8nServer, type WorkflowFixture } from './lib';
import { apiKeyCredential, importAll, instanceWithPackage, loadExample, resetSandboxAndStopAfterAll, timed } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const TRIGGER = 'New Sales Note';
const LIST = '/api/v2/movimientos/notas_venta/';
/** A poll happens within a minute of the last; a little slack for a busy machine. */
const TICK_MS = 75_000;

function tenantDay(daysFromToday = 0): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + daysFromToday * 86_400_000);
}

describe(`Admintotal Polling Trigger in a running n8n (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	let server: N8nServer;
	let example5: WorkflowFixture;
	/** Example 5 again, activated only on a tenant listing newest first (its own memory: another workflow). */
	let newestFirst: WorkflowFixture;
	const created: number[] = [];

	const polls = () => sandbox.requests.filter((request) => request.path === LIST).length;
	const listExecutions = async (workflow: WorkflowFixture) => (await server.listExecutions({ workflowId: workflow.id })).filter((execution) => execution.mode !== 'manual');
	const waitForPoll = async (after: number) => {
		const deadline = Date.now() + TICK_MS;
		while (polls() <= after && Date.now() < deadline) await sleep(250);
		expect(polls()).toBeGreaterThan(after);
	};
	const executions = async (count: number): Promise<ApiExecution[]> =>
		[...(await server.waitForExecutions({ workflowId: example5.id, includeData: true, count, timeoutMs: TICK_MS }))].sort((a, b) => Number(a.id) - Number(b.id));
	const reportedPerExecution = (list: ApiExecution[]) => list.map((execution) => nodeOutput(execution.data!, TRIGGER).map((note) => Number(note.id)));
	const note = (fecha = tenantDay(), id?: number) => {
		const created_ = crearNotaVenta(sandbox.store, { fecha, id });
		created.push(created_.id);
		return created_;
	};

	/** n8n 2.8 answers /api/v1 with 404 for a moment after it says it is ready. */
	const publicApiReady = async () => {
		const deadline = Date.now() + 60_000;
		const answers = async () => await server.listExecutions({ workflowId: example5.id, limit: 1 }).then(() => true, () => false);
		while (!(await answers()) && Date.now() < deadline) await sleep(500);
		// Read once more: if it still fails, its error (with n8n's log) is the test's.
		await server.listExecutions({ workflowId: example5.id, limit: 1 });
	};

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime));
		example5 = await loadExample('new-sales-note-pdf-message.json');
		newestFirst = { ...example5, id: 'admintotalExmpl5n', name: `${example5.name} (tenant listing newest first)` };
		await timed(RUNTIME, 'import credential and example 5', () => importAll(n8n, [apiKeyCredential(sandbox, DEMO.apiKey)], [example5, newestFirst]));
		server = await timed(RUNTIME, 'n8n start until ready', () => n8n.startServer());
		await server.ensureApiKey();
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	test('activated, its first poll reports nothing; notes created between polls start one execution each tick, each note once, with the message and PDF link', async () => {
		await timed(RUNTIME, 'activate example 5', () => server.activateWorkflow(example5.id));
		// The activation polls once at once: it only remembers.
		await waitForPoll(0);
		await sleep(1000);
		expect(await server.listExecutions({ workflowId: example5.id })).toHaveLength(0);

		const gapId = sandbox.store.nextId(sandbox.store.notasVenta) + 1;
		const today = note(tenantDay(), gapId);
		const yesterday = note(tenantDay(-1));
		const [first] = await timed(RUNTIME, 'first tick with new notes', () => executions(1));
		expect(first).toMatchObject({ status: 'success', mode: 'trigger' });
		expect(reportedPerExecution([first])).toEqual([[today.id, yesterday.id].sort((a, b) => a - b)]);
		const message = nodeOutput(first.data!, 'Compose Message').find((item) => item.pdf === today.url_pdf);
		expect(message?.message).toContain(today.url_pdf);

		// An ID below the newest (a transaction committed late), reported at the next tick.
		const late = note(tenantDay(), gapId - 1);
		const second = await timed(RUNTIME, 'second tick', () => executions(2));
		expect(reportedPerExecution(second).at(-1)).toEqual([late.id]);

		// A tick with nothing new starts nothing.
		const before = polls();
		await timed(RUNTIME, 'an empty tick', () => waitForPoll(before));
		await sleep(2000);
		expect(await server.listExecutions({ workflowId: example5.id })).toHaveLength(2);
	});

	test('after a restart of n8n nothing is reported twice, and a note created while n8n was down is reported once', async () => {
		await timed(RUNTIME, 'restart n8n', async () => {
			await server.stop();
			expect(note().id).toBeGreaterThan(0);
			await server.start();
		});
		await publicApiReady();
		const third = await timed(RUNTIME, 'activation poll after the restart', () => executions(3));
		expect(reportedPerExecution(third).at(-1)).toEqual([created.at(-1)]);

		const last = note();
		const all = await timed(RUNTIME, 'one more tick', () => executions(4));
		const reported = reportedPerExecution(all).flat();
		expect(reported.at(-1)).toBe(last.id);
		// Each created note exactly once: reported per created = 1.00.
		expect([...reported].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
		expect(reported.length / created.length).toBe(1);
	});

	test('a manual run from the trigger (Fetch Test Event) returns the newest note, and the next tick reports nothing again', async () => {
		const newest = sandbox.store.notasVenta[sandbox.store.notasVenta.length - 1];
		const activeRuns = (await server.listExecutions({ workflowId: example5.id })).length;
		const id = await timed(RUNTIME, 'manual run from the trigger', () => server.runFromTrigger(example5, TRIGGER));
		const manual = (await server.waitForExecutions({ workflowId: example5.id, includeData: true, count: activeRuns + 1, timeoutMs: 60_000 })).find((execution) => String(execution.id) === id);
		expect(manual).toMatchObject({ mode: 'manual', status: 'success' });
		expect(nodeOutput(manual!.data!, TRIGGER).map((note) => Number(note.id))).toEqual([newest.id]);
		// The manual run changed nothing the active workflow remembers: its next tick starts nothing.
		const before = polls();
		await timed(RUNTIME, 'a tick after the manual run', () => waitForPoll(before));
		await sleep(2000);
		expect((await server.listExecutions({ workflowId: example5.id })).filter((execution) => execution.mode !== 'manual')).toHaveLength(activeRuns);
	});

	test('on a tenant listing newest first: activated, it reports nothing; the next tick reports each new note once; Fetch Test Event gives the newest; the tick after reports nothing', async () => {
		await server.deactivateWorkflow(example5.id);
		sandbox.listOrder = '-id';
		sandbox.clearRequests();
		await timed(RUNTIME, 'activate the copy of example 5 (newest first)', () => server.activateWorkflow(newestFirst.id));
		await waitForPoll(0);
		await sleep(1000);
		expect(await listExecutions(newestFirst)).toHaveLength(0);

		const gapId = sandbox.store.nextId(sandbox.store.notasVenta) + 1;
		const today = note(tenantDay(), gapId);
		const yesterday = note(tenantDay(-1));
		const late = note(tenantDay(), gapId - 1);
		const [first] = await timed(RUNTIME, 'first tick with new notes (newest first)', async () =>
			[...(await server.waitForExecutions({ workflowId: newestFirst.id, includeData: true, count: 1, timeoutMs: TICK_MS }))],
		);
		expect(first).toMatchObject({ status: 'success', mode: 'trigger' });
		expect(reportedPerExecution([first])[0].sort((a, b) => a - b)).toEqual([today.id, yesterday.id, late.id].sort((a, b) => a - b));

		// Fetch Test Event while the next tick comes: the newest note, first of the list.
		const id = await timed(RUNTIME, 'manual run from the trigger (newest first)', () => server.runFromTrigger(newestFirst, TRIGGER));
		const manual = (await server.waitForExecutions({ workflowId: newestFirst.id, includeData: true, count: 2, timeoutMs: 60_000 })).find((execution) => String(execution.id) === id);
		expect(manual).toMatchObject({ mode: 'manual', status: 'success' });
		expect(nodeOutput(manual!.data!, TRIGGER).map((record) => Number(record.id))).toEqual([Math.max(...sandbox.store.notasVenta.map((record) => record.id))]);

		const before = polls();
		await timed(RUNTIME, 'a tick with nothing new (newest first)', () => waitForPoll(before));
		await sleep(2000);
		expect(await listExecutions(newestFirst)).toHaveLength(1);
	});
});
