/**
 * n8n runs a node's items side by side, and each asks the credential for a session on its own: with
 * no token yet, or when the token expires mid-run, 500 items would mean 500 logins (and a tenant
 * that rate-limits or locks accounts after that). Renewals of one account are shared instead:
 * - callers that arrive while a renewal is under way wait for it;
 * - a caller whose token a finished renewal has just replaced gets the new session.
 * A caller whose token is the newest one (refused all the same) renews again.
 * A first login replaces the empty token: items that read the credential before it was stored share it too.
 */

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
