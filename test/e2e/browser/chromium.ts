/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * Debian's Chromium driven by playwright-core (no browser download): installed by
 * test/e2e/install-browser.sh, started headless with the flags this closed network needs and a
 * fresh profile folder that is removed again when the browser is closed.
 */
import { existsSync, promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { E2E_DIR, runOk } from '../lib';

/** Where Debian's `chromium` package puts the browser (override: E2E_CHROMIUM). */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

/**
 * --headless etc. as the machine notes require: without the background-networking flags Chromium
 * keeps trying Google's hosts, and the closed network refuses them. The profile folder is given
 * to launchPersistentContext (it becomes --user-data-dir).
 */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

/** Install Chromium when missing (apt-get, once; a no-op when it is there). Returns its path. */
export async function ensureChromium(): Promise<string> {
	if (process.env.E2E_CHROMIUM) {
		if (!existsSync(CHROMIUM_PATH)) throw new Error(`E2E_CHROMIUM=${CHROMIUM_PATH} does not exist`);
		return CHROMIUM_PATH;
	}
	if (!existsSync(CHROMIUM_PATH)) {
		await runOk('bash', [join(E2E_DIR, 'install-browser.sh')], { timeoutMs: 20 * 60_000 });
	}
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} missing after test/e2e/install-browser.sh`);
	return CHROMIUM_PATH;
}

export interface BrowserSession {
	context: BrowserContext;
	page: Page;
	/** Chromium's version as the browser reports it. */
	version: string;
	/** Close the browser and remove its profile folder; safe to call twice. */
	close(): Promise<void>;
}

/** Start headless Chromium with a fresh profile and one page of the given size. */
export async function launchChromium(options: { viewport?: { width: number; height: number }; timeoutMs?: number } = {}): Promise<BrowserSession> {
	const executablePath = await ensureChromium();
	const profile = await fs.mkdtemp(join(tmpdir(), 'n8n-e2e-chromium-'));
	let context: BrowserContext;
	try {
		context = await chromium.launchPersistentContext(profile, {
			executablePath,
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: options.viewport ?? { width: 1600, height: 1000 },
			timeout: options.timeoutMs ?? 60_000,
			locale: 'en-US',
			timezoneId: 'UTC',
		});
	} catch (error) {
		await fs.rm(profile, { recursive: true, force: true });
		throw error;
	}
	const page = context.pages()[0] ?? (await context.newPage());
	const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
	let closing: Promise<void> | undefined;
	return {
		context,
		page,
		version,
		close: () =>
			(closing ??= (async () => {
				await context.close().catch(() => undefined);
				await fs.rm(profile, { recursive: true, force: true });
			})()),
	};
}
