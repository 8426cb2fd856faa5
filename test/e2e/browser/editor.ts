/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * The n8n editor as the browser suite drives it: sign-in form, canvas, node details view (NDV),
 * dropdowns and the node creator, found through n8n's `data-test-id` attributes. Checked on
 * n8n 2.8.4 and 2.41.1; where their DOMs differ (2.41 renders the credential selector a moment
 * after the panel) every wait is time-boxed and names what it waited for.
 *
 * Dropdowns are Element Plus selects: the input has role=combobox and aria-controls=<id of the
 * listbox>, which lives in a popper elsewhere in the page; its options are li[role=option]
 * (n8n puts the option name in .option-headline and the description under it).
 */
import { promises as fs } from 'fs';
import { dirname } from 'path';
import type { Locator, Page } from 'playwright-core';
import type { OwnerAccount } from '../lib';

/** Default wait for one UI step; a first page load on a busy machine takes 5–15 s. */
export const UI_TIMEOUT_MS = Number(process.env.E2E_UI_TIMEOUT_MS ?? 30_000);

const byTestId = (id: string): string => `[data-test-id="${id}"]`;

export class UiError extends Error {}

/** Run one UI step; a timeout or failure is rethrown as "<what>: <cause>". */
async function step<T>(what: string, action: () => Promise<T>): Promise<T> {
	try {
		return await action();
	} catch (error) {
		const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
		throw new UiError(`${what}: ${cause}`);
	}
}

/** Click the first of `items` whose `label` (or, without one, its own text) is exactly `name`. */
async function clickNamed(items: Locator, label: string, name: string): Promise<void> {
	for (let index = 0; index < (await items.count()); index++) {
		const item = items.nth(index);
		const labelled = item.locator(label).first();
		if (((await labelled.count()) > 0 ? await labelled.innerText() : await item.innerText()).trim() === name) return await item.click();
	}
	throw new UiError(`no item named "${name}"`);
}

export interface SelectOptions {
	/** The listbox, visible while the dropdown is open. */
	list: Locator;
	/** Option names (the headline, without the description) in display order. */
	names: string[];
	/** Full text of each option, lines joined with " | " (the credential list shows name | type). */
	texts: string[];
	/** data-test-id of each option (null when it has none). */
	testIds: Array<string | null>;
}

export class Editor {
	/** Uncaught exceptions in the page (pageerror), with a time stamp. */
	readonly pageErrors: Array<{ at: number; message: string }> = [];
	/** console.error lines, with a time stamp (n8n logs a few harmless ones: banners, telemetry). */
	readonly consoleErrors: Array<{ at: number; message: string }> = [];

	constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {
		page.setDefaultTimeout(UI_TIMEOUT_MS);
		page.on('pageerror', (error) => this.pageErrors.push({ at: Date.now(), message: error.message }));
		page.on('console', (message) => {
			if (message.type() === 'error') this.consoleErrors.push({ at: Date.now(), message: message.text().slice(0, 500) });
		});
		// Leaving a workflow with unsaved changes asks through beforeunload: accept, never hang.
		page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
	}

	get ndv(): Locator {
		return this.page.locator(byTestId('ndv'));
	}

	/** Sign in through the form at /signin; resolves once the editor left the sign-in page. */
	async signIn(owner: OwnerAccount): Promise<void> {
		await step('open /signin', () => this.page.goto(`${this.baseUrl}/signin`, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT_MS * 2 }));
		await step('fill the sign-in form', async () => {
			await this.page.locator(`${byTestId('emailOrLdapLoginId')} input`).fill(owner.email);
			await this.page.locator(`${byTestId('password')} input`).fill(owner.password);
		});
		await step('submit the sign-in form', () => this.page.locator(byTestId('form-submit-button')).click());
		await step('leave /signin after signing in (wrong password? see the screenshot)', () =>
			this.page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: UI_TIMEOUT_MS }),
		);
	}

	canvasNodes(): Locator {
		return this.page.locator(byTestId('canvas-node'));
	}

	canvasNode(type: string): Locator {
		return this.page.locator(`${byTestId('canvas-node')}[data-node-type="${type}"]`);
	}

	/** Open /workflow/<id> and wait until `expectedNodes` canvas nodes are drawn. */
	async openWorkflow(id: string, expectedNodes: number): Promise<void> {
		await step(`open /workflow/${id}`, () => this.page.goto(`${this.baseUrl}/workflow/${id}`, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT_MS * 2 }));
		await step(`wait for the canvas to draw ${expectedNodes} nodes`, async () => {
			await this.canvasNodes().first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS * 2 });
			await this.page.waitForFunction(
				([selector, count]) => document.querySelectorAll(selector as string).length >= (count as number),
				[byTestId('canvas-node'), expectedNodes] as const,
				{ timeout: UI_TIMEOUT_MS },
			);
		});
	}

	/** Open /workflow/<id> unless the page shows it already (a failed check may have left another page). */
	async ensureWorkflow(id: string, expectedNodes: number): Promise<void> {
		// With a panel open the path is /workflow/<id>/<node id>.
		const path = new URL(this.page.url()).pathname;
		if ((path === `/workflow/${id}` || path.startsWith(`/workflow/${id}/`)) && (await this.canvasNodes().count()) >= expectedNodes) return;
		await this.openWorkflow(id, expectedNodes);
	}

	/** Open a node's panel by double-clicking it on the canvas; returns the NDV once its parameters are shown. */
	async openPanel(type: string, nodeName: string): Promise<Locator> {
		await this.closePanel();
		const node = this.canvasNode(type);
		await step(`find node "${nodeName}" (${type}) on the canvas`, () => node.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS }));
		await step(`double-click node "${nodeName}"`, () => node.dblclick());
		await step(`wait for the panel (NDV) of "${nodeName}"`, () => this.ndv.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS }));
		await step(`wait for the parameters of "${nodeName}" in the panel`, () =>
			this.ndv.locator(byTestId('node-parameters')).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS }),
		);
		return this.ndv;
	}

	/**
	 * The notices of the open panel, and those whose text is cut off: wider than their box (a long
	 * word such as a URL cannot wrap) or reaching past the parameter list.
	 */
	async notices(): Promise<{ count: number; clipped: string[] }> {
		return step('measure the notices of the panel', () =>
			this.ndv.locator(`${byTestId('node-parameters')} [role="alert"]`).evaluateAll((notices) => ({
				count: notices.length,
				clipped: notices
					.filter((notice) => {
						const list = notice.closest('[data-test-id="node-parameters"]')!;
						return notice.scrollWidth > notice.clientWidth + 1 || notice.getBoundingClientRect().right > list.getBoundingClientRect().right + 1;
					})
					.map((notice) => (notice.textContent ?? '').trim().slice(0, 80)),
			})),
		);
	}

	/** The node name in the panel's title bar. */
	async panelTitle(): Promise<string> {
		return step('read the panel title', async () => {
			const title = this.ndv.locator(byTestId('node-title-container')).first();
			await title.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
			return (await title.innerText()).trim();
		});
	}

	/** Close the NDV when one is open (close button, Escape as fallback). */
	async closePanel(): Promise<void> {
		if (!(await this.ndv.isVisible())) return;
		await this.page.keyboard.press('Escape'); // an open dropdown first
		if (!(await this.ndv.isVisible())) return;
		const close = this.ndv.locator(byTestId('ndv-close-button')).first();
		if (await close.isVisible()) await close.click().catch(() => undefined);
		else await this.page.keyboard.press('Escape');
		await step('close the panel (NDV)', () => this.ndv.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS / 2 }));
	}

	/** A parameter's input container in the open panel (`parameter-input-<name>`). */
	parameter(name: string): Locator {
		return this.ndv.locator(byTestId(`parameter-input-${name}`)).first();
	}

	/** The "Add Field"/"Add option" dropdown of a collection parameter (e.g. additionalFields). */
	collectionAdd(name: string): Locator {
		return this.ndv
			.locator(byTestId('parameter-item'))
			.filter({ has: this.page.locator(`label[for="${name}"]`) })
			.locator(byTestId('collection-parameter-add'))
			.first();
	}

	credentialSelect(): Locator {
		return this.ndv.locator(byTestId('node-credentials-select')).first();
	}

	/** The combobox input inside a dropdown container. */
	private combobox(container: Locator): Locator {
		return container.locator('input[role="combobox"]').first();
	}

	/** The value shown in a dropdown while it is closed (the selected option's name). */
	async selectedValue(container: Locator, what: string): Promise<string> {
		return step(`read the value of ${what}`, async () => {
			const input = this.combobox(container);
			await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
			return (await input.inputValue()).trim();
		});
	}

	/**
	 * Open a dropdown and read its options. Leaves it open (screenshot it, pick an option) until
	 * closeSelect(). `what` names the dropdown in error messages.
	 */
	async openSelect(container: Locator, what: string): Promise<SelectOptions> {
		const input = this.combobox(container);
		await step(`find the ${what} dropdown`, () => input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS }));
		const listId = await step(`read the listbox id of the ${what} dropdown`, async () => {
			const id = await input.getAttribute('aria-controls');
			if (!id) throw new UiError('the combobox has no aria-controls');
			return id;
		});
		const list = this.page.locator(`[id="${listId}"]`);
		await step(`open the ${what} dropdown`, async () => {
			if (!(await list.isVisible())) await input.click();
			await list.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS / 2 });
			await list.locator('li[role="option"]').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS / 2 });
		});
		const options = await step(`read the options of the ${what} dropdown`, () =>
			list.locator('li[role="option"]').evaluateAll((items) =>
				items.map((item) => {
					const element = item as HTMLElement;
					const headline = element.querySelector('.option-headline');
					const lines = (element.innerText || element.textContent || '')
						.split('\n')
						.map((line) => line.trim())
						.filter(Boolean);
					return {
						name: (headline?.textContent ?? lines[0] ?? '').trim(),
						text: lines.join(' | '),
						testId: element.getAttribute('data-test-id'),
					};
				}),
			),
		);
		return { list, names: options.map((o) => o.name), texts: options.map((o) => o.text), testIds: options.map((o) => o.testId) };
	}

	/** Close an open dropdown (Escape; a click on its input if it stays open). */
	async closeSelect(container: Locator, options: SelectOptions, what: string): Promise<void> {
		if (!(await options.list.isVisible())) return;
		await this.page.keyboard.press('Escape');
		const closed = await options.list
			.waitFor({ state: 'hidden', timeout: 3_000 })
			.then(() => true)
			.catch(() => false);
		if (!closed) {
			await this.combobox(container).click();
			await step(`close the ${what} dropdown`, () => options.list.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS / 2 }));
		}
	}

	/** Scroll an open dropdown so that the option with this name is in view (for a screenshot). */
	async scrollToOption(options: SelectOptions, name: string): Promise<void> {
		const index = options.names.indexOf(name);
		if (index < 0) throw new UiError(`no option named "${name}" to scroll to`);
		await step(`scroll to "${name}"`, () => options.list.locator('li[role="option"]').nth(index).scrollIntoViewIfNeeded({ timeout: UI_TIMEOUT_MS / 2 }));
	}

	/** Pick an option by its exact name in an open dropdown. */
	async pick(options: SelectOptions, name: string, what: string): Promise<void> {
		await step(`pick "${name}" in the ${what} dropdown`, async () => {
			await clickNamed(options.list.locator('li[role="option"]').filter({ hasText: name }), '.option-headline', name);
			await options.list.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS / 2 });
		});
	}

	/** A full-page screenshot; creates the folder. Never throws (a failing screenshot must not hide the real error). */
	async screenshot(path: string): Promise<string | undefined> {
		try {
			await fs.mkdir(dirname(path), { recursive: true });
			// Finished transitions: a dropdown caught while fading in would look half transparent.
			await this.page.screenshot({ path, timeout: 15_000, animations: 'disabled' });
			return path;
		} catch {
			return undefined;
		}
	}

	/** The page errors and console errors seen since `since` (ms epoch), for failure messages. */
	errorsSince(since: number): string {
		const pageErrors = this.pageErrors.filter((e) => e.at >= since).map((e) => `  pageerror: ${e.message}`);
		const consoleErrors = this.consoleErrors.filter((e) => e.at >= since).slice(-10).map((e) => `  console.error: ${e.message}`);
		return [...pageErrors, ...consoleErrors].join('\n') || '  (none)';
	}

	// --- node creator -------------------------------------------------------------------------

	/** Open the node creator on the current workflow ("+" on the canvas) and search. Returns the result names. */
	async searchNodeCreator(query: string, expectAtLeast: number): Promise<string[]> {
		await step('open the node creator', async () => {
			const opener = this.page.locator(`${byTestId('canvas-add-button')}, ${byTestId('canvas-plus-button')}, ${byTestId('node-creator-plus-button')}`).first();
			await opener.click();
			await this.page.locator(byTestId('node-creator')).waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
		});
		await step(`search the node creator for "${query}"`, async () => {
			const bar = this.page.locator(byTestId('node-creator-search-bar'));
			const input = (await bar.evaluate((element) => element.tagName === 'INPUT')) ? bar : bar.locator('input').first();
			await input.fill(query);
		});
		// Before the search filters, the creator shows its own categories: wait for matching names.
		const selector = `${byTestId('node-creator')} ${byTestId('node-creator-item-name')}`;
		await step(`wait for ${expectAtLeast} node creator results matching "${query}"`, () =>
			this.page.waitForFunction(
				([s, q, count]) =>
					Array.from(document.querySelectorAll(s as string)).filter((element) => (element.textContent ?? '').toLowerCase().includes((q as string).toLowerCase())).length >=
					(count as number),
				[selector, query, expectAtLeast] as const,
				{ timeout: UI_TIMEOUT_MS },
			),
		);
		return (await this.page.locator(selector).allInnerTexts()).map((name) => name.trim());
	}

	/** In the open node creator, click the item (node or action) with exactly this name. */
	async clickCreatorItem(name: string): Promise<void> {
		await step(`click "${name}" in the node creator`, () => clickNamed(this.page.locator(`${byTestId('node-creator')} ${byTestId('item-iterator-item')}`), byTestId('node-creator-item-name'), name));
	}

	/** Names of the items (nodes, actions) the node creator shows now. */
	async creatorItems(expectAtLeast = 1): Promise<string[]> {
		const selector = `${byTestId('node-creator')} ${byTestId('item-iterator-item')}`;
		await step(`wait for ${expectAtLeast} node creator items`, () =>
			this.page.waitForFunction(
				([s, count]) => document.querySelectorAll(s as string).length >= (count as number),
				[selector, expectAtLeast] as const,
				{ timeout: UI_TIMEOUT_MS },
			),
		);
		return this.page.locator(selector).evaluateAll((items) =>
			items.map((item) => (item.querySelector('[data-test-id="node-creator-item-name"]')?.textContent ?? (item as HTMLElement).innerText ?? '').trim()),
		);
	}
}
