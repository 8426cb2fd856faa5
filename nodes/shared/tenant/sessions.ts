/**
 * n8n runs a node's items side by side, and each asks the credential for a session on its own: with
 * no token yet, or when the token expires mid-run, 500 items would mean 500 logins (and a tenant
 * that rate-limits or locks accounts after that). Renewals of one account are shared instead:
 * - callers that arrive while a renewal is under way wait for it;
 * - a caller whose token a finished renewal has just replaced gets the new session.
 * A caller whose token is the newest one (refused all the same) renews again.
 * A first login replaces the empty token: items that read the credential before it was stored share it too.
 */

import type { IDataObject } from 'n8n-workflow';

export type Session = {
	sessionToken: string;
	refreshToken?: string;
};

interface Renewal {
	/** The password the renewal logged in with: another password never shares it. */
	secret: string;
	/** The token the renewal replaces ('' for a first login). */
	replaces: string;
	session: Promise<Session>;
	result?: Session;
	finishedAt?: number;
}

/** How long a finished renewal is kept for siblings whose refused request was still on its way. */
const KEEP_MS = 60_000;

const renewals = new Map<string, Renewal>();

export async function sharedRenewal(
	account: string,
	secret: string,
	currentToken: string,
	renew: () => Promise<Session>,
): Promise<Session> {
	forgetOldRenewals();
	const last = renewals.get(account);
	if (last && last.secret === secret) {
		if (last.result === undefined) return await last.session;
		if (currentToken === last.replaces) return last.result;
	}
	const renewal: Renewal = { secret, replaces: currentToken, session: renew() };
	renewals.set(account, renewal);
	renewal.session.then(
		(session) => {
			renewal.result = session;
			renewal.finishedAt = Date.now();
		},
		() => {
			if (renewals.get(account) === renewal) renewals.delete(account);
		},
	);
	return await renewal.session;
}

function forgetOldRenewals() {
	const now = Date.now();
	for (const [account, renewal] of renewals) {
		if (renewal.finishedAt !== undefined && now - renewal.finishedAt > KEEP_MS) renewals.delete(account);
	}
}

/**
 * How a login ends other than with a session, so the request that needed it (request.ts) treats it
 * as it would its own answer. A refusal means the credentials (or a Base URL that is not the API's):
 * the run remembers it and asks no more. A passing failure (a 429, a 5xx, a dropped connection) is
 * waited out or tried again under the same rules as any request's.
 */
export class RefusedLogin extends Error {}

export class PassingLoginFailure extends Error {
	constructor(
		/** "the login with the username and password (JWT)", for the error's description. */
		readonly what: string,
		readonly answer: { statusCode: number; headers: IDataObject; body: unknown } | undefined,
		readonly network?: string,
	) {
		super(`Admintotal answered ${what} with ${answer ? `HTTP ${answer.statusCode}` : network}`);
	}
}

/** The login failure behind an error n8n wrapped (it keeps what preAuthentication threw as `cause`). */
export function loginFailureOf(error: unknown): RefusedLogin | PassingLoginFailure | undefined {
	let current = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		if (current instanceof RefusedLogin || current instanceof PassingLoginFailure) return current;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * A run's login that failed in passing is tried again as a read is, once for the run: the request
 * that met a failure first tries again (after its pause), and the requests that met the same
 * failure (they shared the login) wait for that try instead of logging in on their own.
 */
export class RunLogins {
	/** Tries again made so far. */
	tries = 0;
	private last: PassingLoginFailure | undefined;
	private settle: (() => void) | undefined;
	/** Settled when the try again under way has ended; undefined when none is. */
	private pending: Promise<void> | undefined;

	/** 'retry': this request tries again; 'wait': another does (allSettled); 'over': the run's tries are over. */
	met(failure: PassingLoginFailure, retries: number): 'retry' | 'wait' | 'over' {
		if (failure === this.last) return 'wait';
		this.settled();
		this.last = failure;
		if (this.tries >= retries) return 'over';
		this.tries++;
		this.pending = new Promise((resolve) => (this.settle = resolve));
		return 'retry';
	}

	/** Once no try again is under way (each may be followed by another). */
	async allSettled() {
		while (this.pending) await this.pending;
	}

	/** The try again ended (with a session, or a failure for good): those waiting go on. */
	settled() {
		this.settle?.();
		this.settle = this.pending = undefined;
	}
}
