/**
 * The tenant's address: every request, token exchange, followed link and redirect must stay on it,
 * so the credential's secrets never reach another site.
 */

export const API_PATH = '/api/v2';

export type TenantBase = { apiBase: string; problem?: undefined } | { apiBase?: undefined; problem: string };

/**
 * Turns what a user pastes ("yourcompany.admintotal.com/", ".../api/v2/") into "https://host/api/v2",
 * or says in plain words why it cannot.
 */
export function parseTenantBase(rawBaseUrl: unknown): TenantBase {
	const text = typeof rawBaseUrl === 'string' ? rawBaseUrl.trim() : '';
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
	// Plain http would carry the key in clear text; only this machine (the sandbox, local tests) may use it.
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
		return { problem: `The Admintotal Base URL must start with https:// (got "${url.protocol}//${url.host}"); http:// is accepted only for this machine (localhost, 127.0.0.1)` };
	}
	if (url.username !== '' || url.password !== '') {
		return { problem: 'The Admintotal Base URL must not contain a user name or password; put them in the credential fields' };
	}
	const path = url.pathname.replace(/\/{2,}/g, '/');
	const apiAt = path.indexOf(API_PATH);
	const prefix = (apiAt >= 0 ? path.slice(0, apiAt) : path).replace(/\/+$/, '');
	return { apiBase: `${url.origin}${prefix}${API_PATH}` };
}

/** The tenant's API address, or `fail` with the reason in plain words (an Error by default). */
export function tenantApiBase(rawBaseUrl: unknown, fail: (problem: string) => never = (problem) => {
	throw new Error(problem);
}): string {
	const tenant = parseTenantBase(rawBaseUrl);
	return tenant.problem === undefined ? tenant.apiBase : fail(tenant.problem);
}

function isLoopback(hostname: string): boolean {
	return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function originOf(url: string): string {
	return new URL(url).origin;
}

/**
 * Where a request target really goes, resolved the way n8n's HTTP client does (a path is appended
 * to the API base; `//host/x` and `scheme://` are absolute), or undefined when that is not the
 * tenant's origin. Backslashes and control characters are refused outright: URL parsers disagree on them.
 */
export function tenantTarget(target: string, apiBase: string): string | undefined {
	// eslint-disable-next-line no-control-regex
	if (/[\\\u0000-\u001f\u007f]/.test(target)) return undefined;
	const absolute = /^([a-z][a-z0-9+.-]*:)?\/\//i.test(target);
	let url: URL;
	try {
		url = absolute ? new URL(target, apiBase) : new URL(`${apiBase}${target.startsWith('/') ? '' : '/'}${target}`);
	} catch {
		return undefined;
	}
	return url.origin === originOf(apiBase) && url.username === '' && url.password === '' ? url.toString() : undefined;
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
	return link.origin === tenant.origin && link.username === '' && link.password === '' ? link.toString() : undefined;
}

/** The origin of an address for a message, never its path or query (which could carry anything). */
export function safeOrigin(link: string, base?: string): string {
	try {
		return new URL(link, base).origin;
	} catch {
		return 'an unreadable address';
	}
}
