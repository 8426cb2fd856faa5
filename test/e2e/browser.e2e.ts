/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * Our node panels in a real browser: n8n (runtime from E2E_RUNTIME) with the packed package
 * installed like a user installs it, the owner signed in through the editor's form in headless
 * Chromium (Debian's, driven by playwright-core), one imported workflow holding every node.
 * For each node the panel (NDV) must open with its title, the Operation dropdown (Event for the
 * trigger) listing the node's operations, and the credential selector offering the stored
 * credential of the right type; the Customer Advance panel must list the SAT catalogs (CFDI Use,
 * Payment Form from Additional Fields) with their labels; the node creator must find every node.
 *
 * Screenshots: test/artifacts/browser/<runtime>/<Node>.png (taken with the Operation dropdown
 * open), plus <name>.FAILED.png for a step that failed.
 *
 *   bash test/e2e/install-browser.sh                  # Chromium (the suite also runs it when missing)
 *   E2E_RUNTIME=node24 bash test/e2e/run.sh browser
 */
import { promises as fs } from 'fs';
import { dirname, join, relative } from 'path';
import { FORMA_PAGO, USO_CFDI } from '../../nodes/AdmintotalCustomerAdvance/catalogs';
import { catalogOptions } from '../../nodes/shared/catalog';
import { launchChromium, type BrowserSession } from './browser/chromium';
import { Editor } from './browser/editor';
import { ALL_NODES_WORKFLOW_ID, CREDENTIALS, allNodesWorkflow, credentialFixtures, panelSpecs, type PanelSpec } from './browser/panels';
import {
	DEFAULT_OWNER,
	N8nInstance,
	REPO_ROOT,
	buildAndPackProject,
	disposeAllInstances,
	resolveRuntime,
	selectedRuntimeName,
	writeCredentialsFile,
	writeWorkflowFile,
	type N8nRuntime,
	type N8nServer,
} from './lib';

const RUNTIME = selectedRuntimeName();
const ARTIFACTS = join(REPO_ROOT, 'test', 'artifacts', 'browser', RUNTIME);
// One per node package.json lists (n8n.nodes), so a new node is opened here without a change.
const SPECS = panelSpecs();
const CUSTOMER_ADVANCE = SPECS.find((spec) => spec.key === 'AdmintotalCustomerAdvance');
const CREATOR_NODE = SPECS.find((spec) => spec.key === 'AdmintotalBlacklist') ?? SPECS.find((spec) => !spec.isTrigger);

const label = (options: Array<{ name: string }>): string[] => options.map((option) => option.name);

describe(`node panels in Chromium on ${RUNTIME}`, () => {
	let runtime: N8nRuntime;
	let n8n: N8nInstance;
	let server: N8nServer;
	let browser: BrowserSession | undefined;
	let editor: Editor;
	let tarball: string | undefined;

	/**
	 * Run one check; on failure save <name>.FAILED.png and rethrow with the screenshot path and the
	 * page's errors since the check began.
	 */
	async function check(name: string, body: () => Promise<void>): Promise<void> {
		const started = Date.now();
		try {
			await body();
		} catch (error) {
			const shot = editor ? await editor.screenshot(join(ARTIFACTS, `${name}.FAILED.png`)) : undefined;
			const message = error instanceof Error ? error.message : String(error);
			const details = [
				`[${RUNTIME}, n8n ${runtime?.version ?? '?'}, ${browser?.version ?? 'no browser'}] ${name}: ${message}`,
				`screenshot: ${shot ? relative(REPO_ROOT, shot) : '(none)'}`,
				editor ? `page errors since the check began:\n${editor.errorsSince(started)}` : '',
				server && !server.running ? `n8n is not running any more:\n${server.logTail(30)}` : '',
			];
			const wrapped = new Error(details.filter(Boolean).join('\n'));
			if (error instanceof Error && error.stack) wrapped.stack = `${wrapped.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
			throw wrapped;
		}
	}

	beforeAll(async () => {
		await fs.rm(ARTIFACTS, { recursive: true, force: true });
		await fs.mkdir(ARTIFACTS, { recursive: true });

		runtime = await resolveRuntime();
		tarball = await buildAndPackProject();
		n8n = await N8nInstance.create(runtime);
		await n8n.installPackage(tarball);
		await n8n.importCredentials(await writeCredentialsFile(n8n.workDir, credentialFixtures()));
		await n8n.importWorkflow(await writeWorkflowFile(n8n.workDir, allNodesWorkflow(SPECS)));
		server = await n8n.startServer();
		await server.setupOwner(DEFAULT_OWNER);

		browser = await launchChromium();
		editor = new Editor(browser.page, server.baseUrl);
		await check('sign-in', async () => {
			await editor.signIn(DEFAULT_OWNER);
			await editor.openWorkflow(ALL_NODES_WORKFLOW_ID, SPECS.length);
		});
	}, 10 * 60_000);

	afterAll(async () => {
		await browser?.close();
		await disposeAllInstances();
		if (tarball) await fs.rm(dirname(tarball), { recursive: true, force: true });
	});

	test('the canvas shows every node of the package, none of them "not installed"', async () => {
		await check('canvas', async () => {
			await editor.screenshot(join(ARTIFACTS, 'canvas.png'));
			const types = await editor.canvasNodes().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-type')));
			expect([...types].sort()).toEqual(SPECS.map((spec) => spec.type).sort());
			expect(await editor.page.locator('[data-test-id="node-not-installed"]').count()).toBe(0);
		});
	});

	describe.each(SPECS.map((spec) => [spec.displayName, spec] as const))('%s', (_name, spec: PanelSpec) => {
		const credential = CREDENTIALS[spec.credentialType];
		const otherCredential = Object.values(CREDENTIALS).find((other) => other !== credential)!;

		test(`panel renders: title, ${spec.choiceLabel} (${spec.choices.join(', ')}), credential "${credential.displayName}"`, async () => {
			await check(spec.key, async () => {
				const opened = Date.now();
				await editor.ensureWorkflow(ALL_NODES_WORKFLOW_ID, SPECS.length);
				const ndv = await editor.openPanel(spec.type, spec.nodeName);
				expect(await editor.panelTitle()).toBe(spec.nodeName);
				// n8n shows an install button instead of the parameters when it does not know the node type.
				expect(await ndv.locator('[data-test-id="install-community-node-button"]').count()).toBe(0);

				// Every notice can be read whole: n8n does not wrap a long word, it cuts the notice off.
				const notices = await editor.notices();
				expect(notices.clipped).toEqual([]);
				if (spec.receivesDeliveries) expect(notices.count).toBeGreaterThan(0);

				// The Operation (Event) dropdown: its value, then every option, screenshot while open.
				const choice = editor.parameter(spec.choiceParameter);
				const shown = await choice
					.waitFor({ state: 'visible', timeout: 10_000 })
					.then(() => true)
					.catch(() => false);
				if (!shown) {
					// Seen on n8n 2.8.4 with the trigger: its editor takes the fields a credential's
					// displayOptions.show depends on for "auth fields" and hides them (Event, and the
					// "Enable Webhooks" toggle that it picks as the main auth field); 2.41 shows them.
					const parameters = await ndv.locator('[data-test-id^="parameter-input-"]').evaluateAll((inputs) =>
						inputs.map((input) => input.getAttribute('data-test-id')!.replace('parameter-input-', '')).filter((name) => !name.includes('-') && name !== 'field'),
					);
					throw new Error(`the panel shows no "${spec.choiceLabel}" dropdown (parameter-input-${spec.choiceParameter}); parameters shown: ${parameters.join(', ')}`);
				}
				expect(await editor.selectedValue(choice, spec.choiceLabel)).toBe(spec.defaultChoice);
				const choices = await editor.openSelect(choice, spec.choiceLabel);
				expect(choices.names).toEqual(spec.choices);
				await editor.screenshot(join(ARTIFACTS, `${spec.key}.png`));
				await editor.closeSelect(choice, choices, spec.choiceLabel);

				if (spec.receivesDeliveries) {
					const authentication = editor.parameter('authentication');
					expect(await editor.selectedValue(authentication, 'Delivery Authentication')).toBe('Header Token');
					const methods = await editor.openSelect(authentication, 'Delivery Authentication');
					expect(methods.names).toEqual(['Basic Auth', 'Header Token', 'None']);
					await editor.closeSelect(authentication, methods, 'Delivery Authentication');
				}

				// The credential selector: the stored credential, listed as "<name> | <type display name>",
				// and only credentials of that type.
				const select = editor.credentialSelect();
				expect(await editor.selectedValue(select, 'credential')).toBe(credential.fixture.name);
				const credentials = await editor.openSelect(select, 'credential');
				expect(credentials.texts).toContain(`${credential.fixture.name} | ${credential.displayName}`);
				expect(credentials.testIds).toContain(`node-credentials-select-item-${credential.fixture.id}`);
				expect(credentials.texts.filter((text) => text.includes(otherCredential.fixture.name))).toEqual([]);
				await editor.closeSelect(select, credentials, 'credential');

				expect(editor.pageErrors.filter((error) => error.at >= opened).map((error) => error.message)).toEqual([]);
				await editor.closePanel();
			});
		});
	});

	describe('Customer Advance: SAT catalogs with their labels', () => {
		const spec = CUSTOMER_ADVANCE!;

		test('CFDI Use lists c_UsoCFDI as "G01 - Adquisición de mercancías" … "S01 - Sin efectos fiscales", each with its English meaning', async () => {
			await check(`${spec.key}-cfdi-use`, async () => {
				await editor.ensureWorkflow(ALL_NODES_WORKFLOW_ID, SPECS.length);
				await editor.openPanel(spec.type, spec.nodeName);
				const field = editor.parameter('usoCfdi');
				expect(await editor.selectedValue(field, 'CFDI Use')).toBe('G03 - Gastos en general');
				const options = await editor.openSelect(field, 'CFDI Use');
				expect(options.names).toEqual(expect.arrayContaining(['G01 - Adquisición de mercancías', 'G03 - Gastos en general', 'S01 - Sin efectos fiscales']));
				expect(options.names).toEqual(label(catalogOptions(USO_CFDI)));
				expect(options.names).toHaveLength(25);
				// Official SAT labels, each with its English meaning beneath (n8n Cloud wants English in the UI).
				expect(options.texts).toEqual(USO_CFDI.map((entry) => expect.stringContaining(entry.english)));
				await editor.screenshot(join(ARTIFACTS, `${spec.key}-cfdi-use.png`));
				await editor.scrollToOption(options, 'S01 - Sin efectos fiscales');
				await editor.screenshot(join(ARTIFACTS, `${spec.key}-cfdi-use-end.png`));
				await editor.closeSelect(field, options, 'CFDI Use');
				await editor.closePanel();
			});
		});

		test('Payment Form, added from Additional Fields, lists c_FormaPago as "03 - Transferencia electrónica de fondos" … "99 - Por definir", each with its English meaning', async () => {
			await check(`${spec.key}-payment-form`, async () => {
				await editor.ensureWorkflow(ALL_NODES_WORKFLOW_ID, SPECS.length);
				await editor.openPanel(spec.type, spec.nodeName);
				const add = editor.collectionAdd('additionalFields');
				const fields = await editor.openSelect(add, 'Additional Fields → Add Field');
				expect(fields.names).toContain('Payment Form');
				await editor.pick(fields, 'Payment Form', 'Additional Fields → Add Field');

				const field = editor.parameter('paymentForm');
				expect(await editor.selectedValue(field, 'Payment Form')).toBe('03 - Transferencia electrónica de fondos');
				const options = await editor.openSelect(field, 'Payment Form');
				expect(options.names).toEqual(expect.arrayContaining(['01 - Efectivo', '03 - Transferencia electrónica de fondos', '99 - Por definir']));
				expect(options.names).toEqual(label(catalogOptions(FORMA_PAGO)));
				expect(options.names).toHaveLength(22);
				expect(options.texts).toEqual(FORMA_PAGO.map((entry) => expect.stringContaining(entry.english)));
				await editor.screenshot(join(ARTIFACTS, `${spec.key}-payment-form.png`));
				await editor.scrollToOption(options, '99 - Por definir');
				await editor.screenshot(join(ARTIFACTS, `${spec.key}-payment-form-end.png`));
				await editor.closeSelect(field, options, 'Payment Form');
				await editor.closePanel();
			});
		});
	});

	test('node creator: searching "Admintotal" finds every node; an action adds the node and opens its panel', async () => {
		const node = CREATOR_NODE!;
		await check('node-creator', async () => {
			await editor.closePanel();
			// A new, empty workflow (the all-nodes one has unsaved changes now: beforeunload is accepted).
			await editor.page.goto(`${server.baseUrl}/workflow/new`, { waitUntil: 'domcontentloaded' });
			const found = await editor.searchNodeCreator('Admintotal', SPECS.length);
			// The creator lists a trigger without its " Trigger" suffix.
			const expected = SPECS.map((spec) => (spec.isTrigger ? spec.displayName.replace(/ Trigger$/, '') : spec.displayName));
			expect([...found].sort()).toEqual([...expected].sort());
			await editor.screenshot(join(ARTIFACTS, 'node-creator-search.png'));

			await editor.clickCreatorItem(node.displayName);
			const items = await editor.creatorItems(node.actions.length);
			expect(items).toEqual(expect.arrayContaining(node.actions));
			await editor.screenshot(join(ARTIFACTS, 'node-creator-actions.png'));

			await editor.clickCreatorItem(node.actions[0]);
			await editor.ndv.waitFor({ state: 'visible' });
			// n8n names a node added through an action after the action.
			expect(await editor.panelTitle()).toBe(node.actions[0]);
			expect(await editor.selectedValue(editor.parameter(node.choiceParameter), node.choiceLabel)).toBe(node.choices[0]);
			// The only stored credential of the node's type is picked for it.
			expect(await editor.selectedValue(editor.credentialSelect(), 'credential')).toBe(CREDENTIALS[node.credentialType].fixture.name);
			await editor.screenshot(join(ARTIFACTS, 'node-creator-added.png'));
			await editor.closePanel();
		});
	});
});
