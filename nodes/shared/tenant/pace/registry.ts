import { createHash } from 'node:crypto';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { Limiter } from './limiter';
import { MAX_CEILING } from './run';

/**
 * A pace unused this long is forgotten: it spans the gaps between a schedule's runs and a burst's
 * executions (minutes), and what was learned still describes the tenant, whose load changes over the day.
 */
export const FORGET_AFTER_MS = 10 * 60_000;

/** One pace per tenant and account in this process, shared by every execution, poll and dropdown search. */
const paces = new Map<string, Limiter>();

const fail = (problem: string): never => {
	throw new Error(problem);
};

/**
 * The pace of the tenant at `apiBase` for the credential's account, keyed by a hash (an API key is a
 * secret, kept nowhere else); bounded by the credential's Max Requests at Once, as the latest run read it.
 */
export function paceOf(apiBase: string, credentials: ICredentialDataDecryptedObject, refuse: (problem: string) => never = fail): Limiter {
	const most = maxRequestsAtOnce(credentials, refuse);
	const now = Date.now();
	for (const [key, pace] of paces) if (pace.idle && now - pace.lastUsed > FORGET_AFTER_MS) paces.delete(key);
	const account = [apiBase, credentials.authMethod, credentials.username, credentials.authMethod === 'apiKey' ? credentials.apiKey : ''].map(String).join('\n');
	const key = createHash('sha256').update(account).digest('hex');
	const pace = paces.get(key) ?? new Limiter(MAX_CEILING);
	paces.set(key, pace);
	pace.rule.ceiling = most;
	return pace;
}

/** The credential's Max Requests at Once: unset is the most allowed; anything but a whole number in range is refused, naming the field. */
function maxRequestsAtOnce(credentials: ICredentialDataDecryptedObject, refuse: (problem: string) => never): number {
	const most = credentials.maxRequestsAtOnce;
	if (most === undefined || most === null || most === '') return MAX_CEILING;
	if (typeof most === 'number' && Number.isInteger(most) && most >= 1 && most <= MAX_CEILING) return most;
	return refuse(`The Admintotal credential's Max Requests at Once must be a whole number from 1 to ${MAX_CEILING} (got ${typeof most === 'number' ? most : `a ${typeof most}`})`);
}

/** Every pace forgotten: for tests, which must not carry what one learned into the next. */
export function forgetPaces() {
	paces.clear();
}
