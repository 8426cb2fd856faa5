import { createHash, timingSafeEqual } from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

// Admintotal signs nothing: it sends a fixed token (Api-key header) or HTTP Basic, compared with the Webhook Delivery credential.

export type DeliveryAuthentication = 'none' | 'headerToken' | 'basicAuth';

export const WEBHOOK_CREDENTIAL_TYPE = 'admintotalWebhookApi';

/** Header Admintotal puts the token in (Node lower-cases header names). */
export const TOKEN_HEADER = 'api-key';

export const BASIC_REALM = 'Admintotal Trigger';

export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** Compares in constant time; digests first, as `timingSafeEqual` needs equal lengths and a length mismatch must not show. */
export function sameSecret(expected: string, received: string): boolean {
	const expectedDigest = createHash('sha256').update(expected, 'utf8').digest();
	const receivedDigest = createHash('sha256').update(received, 'utf8').digest();
	return timingSafeEqual(expectedDigest, receivedDigest);
}

/** The credential fields a mode needs that are empty (none when the credential is usable). */
export function missingFields(mode: DeliveryAuthentication, credential: ICredentialDataDecryptedObject): string[] {
	const needed = mode === 'headerToken' ? { token: 'Token' } : mode === 'basicAuth' ? { username: 'Username', password: 'Password' } : {};
	return Object.entries(needed).filter(([field]) => !filled(credential[field])).map(([, label]) => label);
}

/** Whether a delivery carries the expected secret. An incomplete credential admits nobody. */
export function isAuthorized(mode: DeliveryAuthentication, headers: IncomingHeaders, credential: ICredentialDataDecryptedObject): boolean {
	if (mode === 'none') return true;
	if (missingFields(mode, credential).length > 0) return false;
	if (mode === 'headerToken') {
		const token = single(headers[TOKEN_HEADER]);
		return token !== undefined && sameSecret(String(credential.token), token);
	}
	const basic = basicCredentials(single(headers.authorization));
	if (!basic) return false;
	// Both comparisons always run, so the time taken does not tell which part was wrong.
	const userMatches = sameSecret(String(credential.username), basic.username);
	const passwordMatches = sameSecret(String(credential.password), basic.password);
	return userMatches && passwordMatches;
}

/** `Authorization: Basic base64(user:password)`; the password may itself contain colons. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
	const match = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const separator = decoded.indexOf(':');
	if (separator < 0) return undefined;
	return { username: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** Why a secret would not arrive as typed: a header drops edge spaces, senders encode non-ASCII differently, a colon ends a Basic user name. */
export function unusableSecret(name: string, value: unknown, { isUsername = false } = {}): string | undefined {
	if (!filled(value)) return undefined;
	const text = String(value);
	if (text !== text.trim()) return `${name} starts or ends with spaces, which would not arrive as typed`;
	if (!/^[\x20-\x7e]+$/.test(text)) return `${name} holds characters other than visible ASCII, which senders encode differently`;
	if (isUsername && text.includes(':')) return `${name} contains ":", which Basic authentication cannot carry in a user name`;
	return undefined;
}

function filled(value: unknown): boolean {
	return typeof value === 'string' ? value !== '' : value !== undefined && value !== null && String(value) !== '';
}

function single(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}
