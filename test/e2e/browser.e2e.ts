/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * Our node panels in headless Chromium (Debian's, driven by playwright-core) on n8n with the packed
 * package: every node's panel, the Customer Advance SAT catalogs and the node creator (README.md
 * beside this file). Screenshots: test/artifacts/browser/<runtime>/, <name>.FAILED.png for a failed step.
 */
import { promises as fs } from 'fs';
import { join, relative } from 'path';
import { FORMA_PAGO, USO_CFDI } from '../../nodes/AdmintotalCustomerAdvance/catalogs';
import { catalogOptions } from '../../nodes/shared/records';
import { launchChromium, type BrowserSession } from './browser/chromium';
import { Editor } from './browser/editor';
import { ALL_NODES_WORKFLOW_ID, CREDENTIALS, allNodesWorkflow, credentialFixtures, panelSpecs, type PanelSpec } from './browser/panels';
import { DEFAULT_OWNER, REPO_ROOT, disposeAllInstances, resolveRuntime, selectedRuntimeName, type N8nInstance, type N8nRuntime, type N8nServer } from './lib';
import { importAll, instanceWithPackage } from './suites/admintotal';

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
		n8n = await instanceWithPackage(runtime);
		await importAll(n8n, credentialFixtures(), [allNodesWorkflow(SPECS)]);
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
		const catalogs = [
			{ label: 'CFDI Use', parameter: 'usoCfdi', catalog: USO_CFDI, size: 25, shown: 'G03 - General expenses (Gastos en general)', first: 'G01 - Purchase of goods (Adquisición de mercancías)', last: 'S01 - No tax effects (Sin efectos fiscales)', where: 'in the panel' },
			{ label: 'Payment Form', parameter: 'paymentForm', catalog: FORMA_PAGO, size: 22, shown: '03 - Electronic funds transfer (Transferencia electrónica de fondos)', first: '01 - Cash (Efectivo)', last: '99 - To be defined (Por definir)', where: 'added from Additional Fields' },
		];

		test.each(catalogs)('$label, $where, lists its SAT catalog "$first" … "$last", in English with the official names', async ({ label: name, parameter, catalog, size, shown, first, last, where }) => {
			const shot = `${spec.key}-${name.toLowerCase().replace(/ /g, '-')}`;
			await check(shot, async () => {
				await editor.ensureWorkflow(ALL_NODES_WORKFLOW_ID, SPECS.length);
				await editor.openPanel(spec.type, spec.nodeName);
				if (where !== 'in the panel') {
					const fields = await editor.openSelect(editor.collectionAdd('additionalFields'), 'Additional Fields → Add Field');
					expect(fields.names).toContain(name);
					await editor.pick(fields, name, 'Additional Fields → Add Field');
				}
				const field = editor.parameter(parameter);
				expect(await editor.selectedValue(field, name)).toBe(shown);
				const options = await editor.openSelect(field, name);
				expect(options.names).toEqual(expect.arrayContaining([first, shown, last]));
				expect(options.names).toEqual(label(catalogOptions(catalog)));
				expect(options.names).toHaveLength(size);
				// English first (n8n Cloud wants English in the UI), the official SAT name kept beside it.
				expect(options.texts).toEqual(catalog.map((entry) => expect.stringContaining(`${entry.english} (${entry.label})`)));
				await editor.screenshot(join(ARTIFACTS, `${shot}.png`));
				await editor.scrollToOption(options, last);
				await editor.screenshot(join(ARTIFACTS, `${shot}-end.png`));
				await editor.closeSelect(field, options, name);
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
