import { createHash } from 'node:crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { Limiter } from './limiter';
import { MAX_CEILING } from './run';

/**
 * A pace unused this long is forgotten, and the next run finds it again from the start: long enough
 * to span the gaps between a schedule's runs and a webhook burst's executions (minutes), short
 * enough that what was learned still describes the tenant (its load changes over the day) and that
 * a process reaching many tenants keeps few paces.
 */
export const FORGET_AFTER_MS = 10 * 60_000;

/** One pace per tenant and account in this process, shared by every execution, poll and dropdown search. */
const paces = new Map<string, Limiter>();

/**
 * The pace of the tenant at `apiBase` for the credential's account. The key is a hash: the API key
 * that names an account is a secret, and is kept nowhere else. The credential's Max Requests at Once
 * (1 to MAX_CEILING, the default) bounds every request of the process to that tenant; the latest run's value holds.
 */
export function paceOf(apiBase: string, credentials: ICredentialDataDecryptedObject): Limiter {
	const now = Date.now();
	for (const [key, pace] of paces) if (pace.idle && now - pace.lastUsed > FORGET_AFTER_MS) paces.delete(key);
	const account = [apiBase, credentials.authMethod, credentials.username, credentials.authMethod === 'apiKey' ? credentials.apiKey : ''].map(String).join('\n');
	const key = createHash('sha256').update(account).digest('hex');
	const most = mostAtOnce(credentials.maxRequestsAtOnce);
	let pace = paces.get(key);
	if (pace) pace.most = most;
	else paces.set(key, (pace = new Limiter(most)));
	return pace;
}

/** The credential's Max Requests at Once, as a whole number from 1 to MAX_CEILING (that when unset or not a number). */
export function mostAtOnce(value: unknown): number {
	const most = typeof value === 'number' ? value : Number(value ?? NaN);
	return Number.isFinite(most) && most >= 1 ? Math.min(MAX_CEILING, Math.floor(most)) : MAX_CEILING;
}

/** Every pace forgotten: for tests, which must not carry what one learned into the next. */
export function forgetPaces() {
	paces.clear();
}
