/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * CFDI XML as a File in a real n8n (E2E_RUNTIME=node20|node24) whose binary data mode is
 * `filesystem` (N8N_DEFAULT_BINARY_DATA_MODE), as many self-hosted instances run: Sales Note → Get
 * Many with `n8n execute`, and example 5 (the Polling Trigger's New Sales Note → message with the
 * PDF link and the XML) active in `n8n start`. n8n keeps each file on disk (the item holds a
 * `filesystem…` reference, not the bytes), and n8n's own Extract from File reads back exactly the
 * XML the sandbox holds. The editor's binary tab, in headless Chromium (browser/), shows one note's
 * file name, type and size. What the run data and the tab show goes to test/artifacts/cfdi/ (not
 * committed): <runtime>.json and binary-tab-<runtime>.png.
 */
import { promises as fs } from 'fs';
import { join } from 'path';

import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import { launchChromium, type BrowserSession } from './browser/chromium';
import { Editor } from './browser/editor';
import { crearNotaVenta } from '../sandbox/store/cambios';
import { uuidDe } from '../sandbox/store/cfdi';
import { DEFAULT_OWNER, nodeOutput, resolveRuntime, selectedRuntimeName, sleep, type NodeItem, type N8nInstance, type N8nServer, type RunExecutionData, type WorkflowFixture } from './lib';
import { MANUAL_TRIGGER, apiKeyCredential, importAll, instanceWithPackage, linearWorkflow, loadExample, nodeType, resetSandboxAndStopAfterAll, timed, uses } from './suites/admintotal';

const RUNTIME = selectedRuntimeName();
const TRIGGER = 'New Sales Note';
const READ_BACK = 'Read the XML Back';
const LIST = '/api/v2/movimientos/notas_venta/';
/** A poll happens within a minute of the last; a little slack for a busy machine. */
const TICK_MS = 75_000;
const ARTIFACTS = join(__dirname, '..', 'artifacts', 'cfdi');

function tenantDay(): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
}

/** n8n's Filter node on the field the item carries, then Extract from File (text) on the file: the bytes as n8n's binary helpers give them to any node. */
const onlyAttached = {
	name: 'Only Notes With a File',
	type: 'n8n-nodes-base.filter',
	typeVersion: 2.2,
	parameters: {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [{ id: 'c0f1d000-0000-4000-8000-000000000001', leftValue: '={{ $json.cfdiFile }}', rightValue: 'attached', operator: { type: 'string', operation: 'equals' } }],
			combinator: 'and',
		},
		options: {},
	},
};
const readBack = { name: READ_BACK, type: 'n8n-nodes-base.extractFromFile', typeVersion: 1.1, parameters: { operation: 'text', binaryPropertyName: 'cfdi', destinationKey: 'xml', options: {} } };

/** The items of a node's first run, binary included. */
function itemsOf(data: RunExecutionData, node: string): NodeItem[] {
	nodeOutput(data, node);
	return data.resultData.runData[node][0].data?.main?.[0] ?? [];
}

interface BinaryTab {
	fileName?: string;
	mimeType?: string;
	fileSize?: string;
	fileExtension?: string;
	id?: string;
	data?: string;
}

describe(`CFDI XML as a File in n8n with filesystem binary data (${RUNTIME})`, () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	let server: N8nServer | undefined;
	let example5: WorkflowFixture;
	let browser: BrowserSession | undefined;
	const seen: Record<string, BinaryTab & { note: string }> = {};
	const credential = () => apiKeyCredential(sandbox, DEMO.apiKey);
	const getMany = () =>
		linearWorkflow('cfdiGetMany01', 61, 'E2E: sales notes with their CFDI', [
			MANUAL_TRIGGER,
			{
				name: 'Get Sales Notes',
				type: nodeType('admintotalSalesNote'),
				credentials: uses(credential()),
				parameters: { resource: 'salesNote', operation: 'getAll', returnAll: true, filters: { cancelled: 'all' }, simplify: true, cfdiXmlAsFile: true },
			},
			onlyAttached,
			readBack,
		]);
	/** One stamped note (A-15013 in the default sandbox), for the editor. */
	const oneNote = (folio: number) =>
		linearWorkflow('cfdiOneNote01', 62, 'E2E: one sales note with its CFDI', [
			MANUAL_TRIGGER,
			{
				name: 'Get Sales Notes',
				type: nodeType('admintotalSalesNote'),
				typeVersion: 2,
				credentials: uses(credential()),
				parameters: { resource: 'salesNote', operation: 'getAll', returnAll: true, filters: { cancelled: 'all', series: 'A', folio }, cfdiXmlAsFile: true },
			},
		]);

	beforeAll(async () => {
		const runtime = await resolveRuntime();
		sandbox = await startSandbox();
		n8n = await timed(RUNTIME, 'build, pack and install the package', () => instanceWithPackage(runtime, { env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' } }));
		// Example 5 as shipped, with n8n's Extract from File on the trigger's items beside its message.
		example5 = await loadExample('new-sales-note-pdf-message.json');
		example5.nodes.push({ ...onlyAttached, id: 'c0f1d000-0000-4000-8000-0000000000f1', position: [240, 200] }, { ...readBack, id: 'c0f1d000-0000-4000-8000-0000000000f2', position: [480, 200] });
		example5.connections[TRIGGER].main[0].push({ node: onlyAttached.name, type: 'main', index: 0 });
		example5.connections[onlyAttached.name] = { main: [[{ node: READ_BACK, type: 'main', index: 0 }]] };
		const shown = sandbox.store.notasVenta.find((note) => note.xml_timbrado !== '' && note.folio_completo.startsWith('A-'))!;
		await importAll(n8n, [credential()], [getMany(), example5, oneNote(shown.folio)]);
	});

	resetSandboxAndStopAfterAll(() => sandbox);

	afterAll(async () => {
		await browser?.close();
		await server?.stop();
		await fs.mkdir(ARTIFACTS, { recursive: true });
		await fs.writeFile(join(ARTIFACTS, `${RUNTIME}.json`), JSON.stringify(seen, null, 2) + '\n');
	});

	test('Sales Note → Get Many: each stamped note gets its XML as a file n8n keeps on disk, named by its UUID; Extract from File reads back the very XML', async () => {
		const run = await timed(RUNTIME, 'execute Get Many with CFDI files', () => n8n.executeOk('cfdiGetMany01'));
		const notes = sandbox.store.notasVenta;
		const stamped = notes.filter((note) => note.xml_timbrado !== '');
		expect(stamped.length).toBeGreaterThan(1);
		const items = itemsOf(run.data, 'Get Sales Notes');
		expect(items.map((item) => item.json.id)).toEqual(notes.map((note) => note.id));
		for (const [index, note] of notes.entries()) {
			const item = items[index];
			if (note.xml_timbrado === '') {
				expect(item.binary).toBeUndefined();
				expect(item.json.cfdiFile).toBe('noStampedXml');
				continue;
			}
			const file = item.binary?.cfdi as BinaryTab;
			expect(file).toMatchObject({ fileName: `${uuidDe(note.xml_timbrado)}.xml`, mimeType: 'application/xml', fileExtension: 'xml' });
			// Filesystem mode: the item holds a reference, the bytes are on disk.
			expect(file.id).toMatch(/^filesystem/);
			expect(file.data).not.toBe(Buffer.from(note.xml_timbrado).toString('base64'));
			expect(item.json.url_pdf).toBe(note.url_pdf);
		}
		const readBackXml = nodeOutput(run.data, READ_BACK).map((item) => item.xml);
		expect(readBackXml).toEqual(stamped.map((note) => note.xml_timbrado));
		const first = items[notes.indexOf(stamped[0])];
		seen.getMany = { note: `${stamped[0].folio_completo} (ID ${stamped[0].id}, ${Buffer.byteLength(stamped[0].xml_timbrado)} bytes)`, ...pick(first.binary!.cfdi as BinaryTab) };
	});

	test('example 5 active: a new stamped note is reported with its XML as a file on disk, and the message says it is attached', async () => {
		server = await timed(RUNTIME, 'n8n start until ready', () => n8n.startServer());
		await server.ensureApiKey();
		const polls = () => sandbox.requests.filter((request) => request.path === LIST).length;
		await timed(RUNTIME, 'activate example 5', () => server!.activateWorkflow(example5.id));
		const deadline = Date.now() + TICK_MS;
		while (polls() === 0 && Date.now() < deadline) await sleep(250);
		expect(polls()).toBeGreaterThan(0);

		const note = crearNotaVenta(sandbox.store, { fecha: tenantDay(), timbrada: true });
		const [execution] = await timed(RUNTIME, 'the tick that reports the note', () => server!.waitForExecutions({ workflowId: example5.id, includeData: true, count: 1, timeoutMs: TICK_MS }));
		expect(execution).toMatchObject({ status: 'success', mode: 'trigger' });
		const [reported] = itemsOf(execution.data!, TRIGGER);
		expect(reported.json).toMatchObject({ id: note.id, cfdiFile: 'attached', url_pdf: note.url_pdf });
		const file = reported.binary?.cfdi as BinaryTab;
		expect(file).toMatchObject({ fileName: `${uuidDe(note.xml_timbrado)}.xml`, mimeType: 'application/xml' });
		expect(file.id).toMatch(/^filesystem/);
		expect(nodeOutput(execution.data!, READ_BACK).map((item) => item.xml)).toEqual([note.xml_timbrado]);
		expect(nodeOutput(execution.data!, 'Compose Message')[0].message).toContain('Adjuntamos su CFDI (XML).');
		seen.pollingTrigger = { note: `${note.folio_completo} (ID ${note.id}, ${Buffer.byteLength(note.xml_timbrado)} bytes)`, ...pick(file) };
	});

	test("the editor's binary tab shows a sales note's file: its UUID name, application/xml and its size", async () => {
		const note = sandbox.store.notasVenta.find((candidate) => candidate.xml_timbrado !== '' && candidate.folio_completo.startsWith('A-'))!;
		server ??= await n8n.startServer();
		await server.setupOwner(DEFAULT_OWNER).catch(() => undefined);
		browser = await launchChromium({ viewport: { width: 1600, height: 1000 } });
		const editor = new Editor(browser.page, server.baseUrl);
		const shot = join(ARTIFACTS, `binary-tab-${RUNTIME}.png`);
		let passed = false;
		try {
			await editor.signIn(DEFAULT_OWNER);
			await editor.openWorkflow('cfdiOneNote01', 2);
			await browser.page.locator('[data-test-id="execute-workflow-button"]').first().click();
			await waitUntil(() => sandbox.requests.some((request) => request.path === LIST && request.query.folio === String(note.folio)));
			await editor.openPanel(nodeType('admintotalSalesNote'), 'Get Sales Notes');
			const modes = editor.ndv.locator('[data-test-id="ndv-run-data-display-mode"]').last();
			await modes.getByText('Binary', { exact: true }).click();
			const tab = editor.ndv.locator('[data-test-id="ndv-output-panel"], [data-test-id="output-panel"]').first();
			await tab.getByText('application/xml').waitFor({ state: 'visible' });
			const text = (await tab.innerText()).replace(/\s+/g, ' ');
			await editor.screenshot(shot);
			// n8n writes sizes as pretty-bytes does: three significant digits, 1 kB = 1000 bytes.
			const size = `${Number((Buffer.byteLength(note.xml_timbrado) / 1000).toPrecision(3))} kB`;
			expect(text).toContain(`File Name: ${uuidDe(note.xml_timbrado)}.xml`);
			expect(text).toContain('Mime Type: application/xml');
			expect(text).toContain(`File Size: ${size}`);
			seen.binaryTab = { note: `${note.folio_completo} (ID ${note.id})`, fileName: `${uuidDe(note.xml_timbrado)}.xml`, mimeType: 'application/xml', fileSize: size };
			passed = true;
		} finally {
			// A step that failed leaves the page as it was, to see why.
			if (!passed) await editor.screenshot(shot.replace(/\.png$/, '.FAILED.png'));
		}
	});
});

async function waitUntil(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition() && Date.now() < deadline) await sleep(200);
	expect(condition()).toBe(true);
}

function pick(file: BinaryTab): BinaryTab {
	return { fileName: file.fileName, mimeType: file.mimeType, fileSize: file.fileSize, fileExtension: file.fileExtension, id: file.id };
}
