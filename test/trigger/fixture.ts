import { randomBytes } from 'node:crypto';

import { DEMO, type Sandbox } from '../sandbox';
import { credentialFor } from '../harness/engine';
import { StoredCredential } from '../harness/credentials-helper';
import { TriggerHarness, type TriggerSetup } from '../harness/webhook';

/** What the Admintotal Trigger tests share: credentials, and harnesses that are always closed. */

/** Fresh per run, so no secret lives in the source. The password holds colons on purpose. */
export const DELIVERY_TOKEN = randomBytes(16).toString('hex');
export const DELIVERY_USER = 'admintotal-webhooks';
export const DELIVERY_PASSWORD = `${randomBytes(8).toString('hex')}:with:colons`;

/** The same text with its last character changed. */
export function oneCharacterOff(text: string): string {
	return `${text.slice(0, -1)}${text.endsWith('a') ? 'b' : 'a'}`;
}

export function deliveryCredential(data: Record<string, string>): StoredCredential {
	return new StoredCredential('admintotalWebhookApi', data, 'cred-webhook', 'Admintotal delivery');
}

export function apiCredential(sandbox: Sandbox): StoredCredential {
	return credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
}

/** Starts harnesses on demand; after each test every server it started is stopped. */
export function triggerPool() {
	const open: TriggerHarness[] = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((harness) => harness.close()));
	});
	return {
		async start(setup: TriggerSetup): Promise<TriggerHarness> {
			const harness = await TriggerHarness.start(setup);
			open.push(harness);
			return harness;
		},
	};
}

/** The first `count` product codes of the sandbox, in id order. */
export function productCodes(sandbox: Sandbox, count: number, from = 0): string[] {
	return sandbox.store.productos.slice(from, from + count).map((product) => product.codigo);
}

export function parsed(body: string): unknown {
	try {
		return JSON.parse(body) as unknown;
	} catch {
		return body;
	}
}

/** The saved memory of Only Changed Since Last Delivery: day → SKU → "price|cost|stock". */
export function savedMemory(trigger: TriggerHarness): Record<string, Record<string, string>> {
	return (trigger.nodeStaticData.lastDelivered ?? {}) as Record<string, Record<string, string>>;
}

/** Every SKU the saved memory holds. */
export function rememberedSkus(trigger: TriggerHarness): string[] {
	return Object.values(savedMemory(trigger)).flatMap((skus) => Object.keys(skus));
}

/** Days since 1970-01-01 (UTC), as the memory counts them. */
export function today(): number {
	return Math.floor(Date.now() / 86_400_000);
}
