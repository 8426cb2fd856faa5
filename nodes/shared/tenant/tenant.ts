import type { ICredentialDataDecryptedObject, IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { Limiter } from './pace/limiter';
import { paceOf } from './pace/registry';
import { RunBudget, paceNote } from './pace/run';
import { RunLogins } from './sessions';

/**
 * The way to the tenant, one room with one entry: a `Tenant` is opened once for each run (a node's
 * run, a poll, an activation, a dropdown's search) and every request, page and login of that run
 * goes through it, handed down as an argument. It holds what n8n gave the run, the credential read
 * once with the tenant's API address, and the run's part of the tenant's pace.
 *   tenant.ts   the handle (the credential's Base URL read into the API address)
 *   pace/       the tenant's pace, one per tenant and account in the process: the rule that finds it
 *               from the answers, the limiter that keeps to it, the registry, and each run's part
 *   lists.ts    every list: pages, lookups, From List searches; it never touches an address
 *   request.ts  one request: its lane, total time and largest answer, retries, session renewal
 *   answer.ts   what came back: a 2xx checked and masked; where a next link or a redirect may go
 *   errors.ts   errors in plain words; the credential's secrets masked in whatever a server says
 *   sessions.ts one login or refresh per account at a time (the credential's side)
 */

export const CREDENTIAL_TYPE = 'admintotalApi';

/** Who opens the way: a node's run, a dropdown, a trigger's activation, or a polling trigger's poll. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IPollFunctions;

export class Tenant<Context extends RequestContext = RequestContext> {
	private constructor(
		readonly context: Context,
		readonly budget: RunBudget,
		private readonly read: { credentials: ICredentialDataDecryptedObject; apiBase: string } | Error,
	) {}

	/**
	 * Reads the credential and the API address once. A credential that cannot be used (no Base URL,
	 * one that is not https) does not fail the opening: each request fails with it, so under On
	 * Error: Continue each item gets its error, as it would from a refused request.
	 * `ceiling`: the node's Parallel Requests; `careful`: a run of writes; `stopsAtFailure`: a failed
	 * request stops the run (pace/run.ts). The pace is the tenant's, shared by every run of the process.
	 */
	static async open<Context extends RequestContext>(context: Context, budget: ConstructorParameters<typeof RunBudget>[1] = {}): Promise<Tenant<Context>> {
		let read: { credentials: ICredentialDataDecryptedObject; apiBase: string } | Error;
		// A credential that cannot be used names no tenant: its requests fail unsent, on a pace of their own.
		let pace = new Limiter(1);
		try {
			const credentials = await context.getCredentials(CREDENTIAL_TYPE);
			const refuse = (problem: string): never => {
				throw new NodeOperationError(context.getNode(), problem);
			};
			const apiBase = tenantApiBase(credentials.baseUrl, refuse);
			pace = paceOf(apiBase, credentials, refuse);
			read = { credentials, apiBase };
		} catch (error) {
			read = error as Error;
		}
		return new Tenant(context, new RunBudget(pace, budget), read);
	}

	/** The credential as read when the way was opened; a credential with a session is read again by each request (request.ts). */
	get credentials(): ICredentialDataDecryptedObject {
		if (this.read instanceof Error) throw this.read;
		return this.read.credentials;
	}

	/**
	 * When the tenant pushed back, says why the run was slow: in the log always, and in the editor's
	 * output where the context shows hints (a node's run on runtimes that have them).
	 */
	tellPace() {
		const note = paceNote(this.budget.summary);
		if (!note) return;
		const context = this.context as RequestContext & Partial<Pick<IExecuteFunctions, 'addExecutionHints'>>;
		context.logger.info(`Admintotal: ${note.message}`, { node: context.getNode().name });
		if (typeof context.addExecutionHints === 'function') context.addExecutionHints({ message: note.message, type: note.throttled ? 'warning' : 'info', location: 'outputPane' });
	}

	/** The tenant's API address, e.g. https://yourcompany.admintotal.com/api/v2. */
	get apiBase(): string {
		if (this.read instanceof Error) throw this.read;
		return this.read.apiBase;
	}

	/**
	 * The first login of this run that Admintotal refused, or that failed for good once tried again: a
	 * lockout policy counts every attempt, so no request of the run logs in again, and each that needs
	 * the session fails with it unsent (request.ts).
	 */
	refusedLogin?: Error;

	/** The run's login tried again after a failure in passing, once for the run (sessions.ts). */
	readonly logins = new RunLogins();
}

/**
 * Where a request refused with 401 hands over the token it was refused with: n8n runs
 * preAuthentication only for an empty session, so the session field itself must be empty then.
 */
export const REFUSED_TOKEN_FIELD = 'refusedSessionToken';

/**
 * Where a node's run hands its Proxy, Ignore SSL Issues and Timeout to the login (n8n gives a
 * credential's login no node settings of its own). Taken off before n8n stores the credential.
 */
export const LOGIN_SETTINGS_FIELD = 'loginRequestSettings';

/** The settings a login takes from the node that needed it. */
export type LoginSettings = { proxy?: object; skipSslCertificateValidation?: boolean; timeout?: number };

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
