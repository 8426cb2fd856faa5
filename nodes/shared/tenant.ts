/**
 * The tenant's address: every request, token exchange and followed link must stay on it,
 * so the credential's secrets never reach another site.
 */

export const API_PATH = '/api/v2';

export type TenantBase = { apiBase: string; problem?: undefined } | { apiBase?: undefined; problem: string };

/**
 * Turns what a user pastes ("yourcompany.admintotal.com/", ".../api/v2/") into "https://host/api/v2",
 * or says in plain words why it cannot.
 */
export function parseTenantBase(rawBaseUrl: unknown): TenantBase {
	const text = String(rawBaseUrl ?? '').trim();
	if (text === '') {
		return { problem: 'The Admintotal credential has no Base URL; enter your tenant address, e.g. https://yourcompany.admintotal.com' };
	}
	const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
	let url: URL;
	try {
		url = new URL(withScheme);
	} catch {
		return { problem: `The Admintotal Base URL "${text}" is not a valid address; use e.g. https://yourcompany.admintotal.com` };
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return { problem: `The Admintotal Base URL must start with https:// (got "${url.protocol}")` };
	}
	const path = url.pathname.replace(/\/{2,}/g, '/');
	const apiAt = path.indexOf(API_PATH);
	const prefix = (apiAt >= 0 ? path.slice(0, apiAt) : path).replace(/\/+$/, '');
	return { apiBase: `${url.origin}${prefix}${API_PATH}` };
}

export function originOf(url: string): string {
	return new URL(url).origin;
}

/** True when `url` (absolute) is on the tenant's own origin. */
export function isTenantUrl(url: string, apiBase: string): boolean {
	try {
		return originOf(url) === originOf(apiBase);
	} catch {
		return false;
	}
}

export function foreignLinkMessage(link: string): string {
	return `Admintotal returned a link to another site (${safeOrigin(link)}); it was not followed, so your credentials stay with your tenant`;
}

/**
 * A DRF `next` link is absolute and built from the request's Host, so a proxy can turn https into http.
 * Same host over http is upgraded when the tenant is https; any other origin gives undefined (refused).
 */
export function resolveNextLink(next: string, apiBase: string): string | undefined {
	let link: URL;
	try {
		link = new URL(next, apiBase);
	} catch {
		return undefined;
	}
	const tenant = new URL(apiBase);
	if (link.protocol === 'http:' && tenant.protocol === 'https:' && link.hostname === tenant.hostname) {
		const explicitPort = link.port !== '' && link.port !== '80' ? link.port : '';
		link = new URL(`https://${link.hostname}${explicitPort ? `:${explicitPort}` : ''}${link.pathname}${link.search}`);
	}
	return link.origin === tenant.origin ? link.toString() : undefined;
}

function safeOrigin(link: string): string {
	try {
		return new URL(link).origin;
	} catch {
		return 'an unreadable address';
	}
}
