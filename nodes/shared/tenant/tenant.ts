import type { ICredentialDataDecryptedObject, IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

/**
 * The way to the tenant, one room with one entry: a `Tenant` is opened once for each run (a node's
 * run, a poll, an activation, a dropdown's search) and every request, page and login of that run
 * goes through it, handed down as an argument. It holds what n8n gave the run, the credential read
 * once with the tenant's API address, and the run's request budget.
 *   tenant.ts   the handle (the credential's Base URL read into the API address) and the budget
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
		readonly budget: RequestBudget,
		private readonly read: { credentials: ICredentialDataDecryptedObject; apiBase: string } | Error,
	) {}

	/**
	 * Reads the credential and the API address once. A credential that cannot be used (no Base URL,
	 * one that is not https) does not fail the opening: each request fails with it, so under On
	 * Error: Continue each item gets its error, as it would from a refused request.
	 * `lanes`: requests in flight at once; `stopsAtFailure`: a failed request stops the run (budget).
	 */
	static async open<Context extends RequestContext>(context: Context, { lanes = 1, stopsAtFailure = false } = {}): Promise<Tenant<Context>> {
		let read: { credentials: ICredentialDataDecryptedObject; apiBase: string } | Error;
		try {
			const credentials = await context.getCredentials(CREDENTIAL_TYPE);
			read = { credentials, apiBase: tenantApiBase(credentials.baseUrl, (problem) => { throw new NodeOperationError(context.getNode(), problem); }) };
		} catch (error) {
			read = error as Error;
		}
		return new Tenant(context, new RequestBudget(lanes, stopsAtFailure), read);
	}

	/** The credential as read when the way was opened; a credential with a session is read again by each request (request.ts). */
	get credentials(): ICredentialDataDecryptedObject {
		if (this.read instanceof Error) throw this.read;
		return this.read.credentials;
	}

	/** The tenant's API address, e.g. https://yourcompany.admintotal.com/api/v2. */
	get apiBase(): string {
		if (this.read instanceof Error) throw this.read;
		return this.read.apiBase;
	}

	/**
	 * The first login of this run that Admintotal refused: a lockout policy counts every attempt, so no
	 * request of the run logs in again, and each that needs the session fails with it unsent (request.ts).
	 */
	refusedLogin?: Error;
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

/**
 * A run's request budget: how many of its requests may be in flight at once (the node's Parallel
 * Requests), shared by every request the run makes: each item's pages, lookups and writes, and a
 * login or session renewal, which goes inside the lane of the request that needed it. Made once per
 * run (execute.ts) and handed down as an argument. A 429 halves it for the rest of the run and holds
 * every new request back until the wait Admintotal asked for is over.
 */
export class RequestBudget {
	private width: number;
	private inFlight = 0;
	private readonly waiting: Array<(granted: boolean) => void> = [];
	private resumeAt = 0;
	private closed = false;

	/** `stopsAtFailure`: a request that fails stops the run (a node's run without On Error: Continue). */
	constructor(
		width: number,
		private readonly stopsAtFailure = false,
	) {
		this.width = Math.max(1, Math.floor(width));
	}

	/** Requests allowed at once now. */
	get lanes(): number {
		return this.width;
	}

	/** Waits for a free lane, first come first served; call what it returns to give the lane back. Throws NotSent once the run has stopped. */
	async take(): Promise<() => void> {
		if (this.closed) throw new NotSent();
		if (this.inFlight < this.width && this.waiting.length === 0) this.inFlight++;
		// A lane given back is handed straight to the next in line, still counted.
		else if (!(await new Promise<boolean>((resolve) => this.waiting.push(resolve)))) throw new NotSent();
		for (let pause = this.resumeAt - Date.now(); pause > 0; pause = this.resumeAt - Date.now()) await sleep(pause);
		let given = false;
		return () => {
			if (given) return;
			given = true;
			const next = this.inFlight <= this.width ? this.waiting.shift() : undefined;
			if (next) next(true);
			else this.inFlight--;
		};
	}

	/**
	 * A request failed for good. When that stops the run, the requests waiting for a lane are not
	 * sent, nor any later one; those in flight end as they do.
	 */
	failed() {
		if (!this.stopsAtFailure) return;
		this.closed = true;
		for (const waiter of this.waiting.splice(0)) waiter(false);
	}

	/** Admintotal answered 429: half as many at once from now on, and none new until `waitSeconds` are over. */
	slowDown(waitSeconds: number) {
		this.width = Math.max(1, Math.floor(this.width / 2));
		this.resumeAt = Math.max(this.resumeAt, Date.now() + waitSeconds * 1000);
	}
}

/** A request the run did not send because it had already failed. */
export class NotSent extends Error {
	constructor() {
		super('Not sent: the run stopped at an earlier failure');
	}
}
