import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Expected } from './answer';
import { checkedBody, headerOf, originOf, redirectTarget, retryAfterSeconds } from './answer';
import type { WriteEffect } from './errors';
import { apiError, boundError, networkCodeOf, networkError, unsentError } from './errors';
import type { Lane } from './pace/run';
import { PATIENCE } from './pace/run';
import { loginFailureOf, PassingLoginFailure, RefusedLogin } from './sessions';
import type { RequestContext, Tenant } from './tenant';
import { CREDENTIAL_TYPE, LOGIN_SETTINGS_FIELD, REFUSED_TOKEN_FIELD } from './tenant';

/** Waits asked by Retry-After (or backoff) are honoured up to this; a longer one fails at once, saying so. */
const MAX_WAIT_SECONDS = 60;
/** Reads are retried after a dropped connection or a passing server failure; writes never are (they might have been applied). */
const READ_RETRIES = 2;
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/** Answers that say the tenant is overloaded (a 429 is its own case): the run's budget is cut. */
const OVERLOAD_STATUSES = new Set([503, 504]);
/** Network failures that are a request out of time: the run's budget is cut. */
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED']);

export interface SendOptions {
	itemIndex?: number;
	/** Which page of a list this is, for errors ("page at offset 200"). */
	page?: string;
	expect?: Expected;
	/** A write's effect, for its errors when its outcome is unknown ("the record may have been created"); 'applied' by default. */
	effect?: WriteEffect;
	/** A page whose `next` link will be followed: the link is checked with the answer, and comes back absolute (answer.ts). */
	followsNext?: boolean;
}

/**
 * A body value made when its request is about to go (an image's base64), so that only the requests
 * in flight hold theirs, not every item checked before the first is sent.
 */
export class SentLater {
	constructor(readonly make: () => Promise<unknown>) {}
}

/**
 * One request with the credential. Redirects are never followed with the credential attached
 * (a same-origin redirect of a read is followed here after checking it), rate limits and passing
 * failures of reads are waited out within bounds, an expired session is renewed once, and every
 * failure or non-answer becomes an error naming the status, the item and the page, with the
 * credential's secrets masked in anything the server said.
 */
export async function sendRequest(tenant: Tenant, request: IHttpRequestOptions, options: SendOptions = {}): Promise<IN8nHttpFullResponse & { url: string }> {
	const { context, budget } = tenant;
	const { itemIndex = 0, page } = options;
	const method = (request.method ?? 'GET').toUpperCase();
	const read = method === 'GET';
	const write = read ? undefined : (options.effect ?? 'applied');
	const expect = options.expect ?? (read ? 'record' : 'written');
	// Each try takes a lane of the tenant's pace, given back while waiting to try again.
	let lane: Lane | undefined;
	let credentials: ICredentialDataDecryptedObject = {};
	let apiBase = '';
	let secrets: string[] = [];
	// The request's `timeout` is the node's Settings › Request Options › Timeout, when the user set one.
	const time = timeBound(request.timeout);
	let url = request.url;
	// The session this request was sent with; '' until known (a first login happens inside n8n's call).
	let sentWith = '';
	let session: 'asStored' | 'newerStored' | 'renewed' = 'asStored';
	let redirects = 0;
	let rateLimited = 0;
	let transient = 0;
	let body: unknown;
	let pauseMs = 0;
	// A login that failed in passing: this request tries it again for the run (`leads`), or waits for the request that does.
	let leads = false;
	let waitsForLogin = false;
	const loginAgain = (failure: PassingLoginFailure, waitSeconds?: number): boolean => {
		const next = tenant.logins.met(failure, READ_RETRIES);
		leads = next === 'retry';
		waitsForLogin = next === 'wait';
		if (leads) pauseMs = (waitSeconds ?? backoffSeconds(tenant.logins.tries)) * 1000;
		return next !== 'over';
	};
	for (;;) {
		// Until this try ends in an answer or a retry, it is failing (see `finally`).
		let failing = true;
		// A login this request needed that failed in passing (a 429, a 5xx): its answer is treated as this request's own.
		let login: PassingLoginFailure | undefined;
		// A login that failed for good is the run's, as a refused one is: no other request tries it again.
		const failed = <E extends Error>(error: E): E => {
			if (login) tenant.refusedLogin ??= error;
			return error;
		};
		try {
			// Waiting to try again holds no lane.
			if (pauseMs > 0) await sleep(pauseMs);
			pauseMs = 0;
			if (waitsForLogin) await tenant.logins.allSettled();
			// A try again goes before the requests not yet sent.
			lane ??= await budget.take({ again: apiBase !== '' });
			if (apiBase === '') {
				// An API key is used as read; a session is read once a lane is ours, since another item or worker may have renewed it meanwhile.
				credentials = usesSession(tenant.credentials) ? await context.getCredentials(CREDENTIAL_TYPE) : tenant.credentials;
				apiBase = tenant.apiBase;
				secrets = secretsOf(credentials);
				sentWith = sessionOf(credentials);
			}
			// What the answer is checked against: the list or record this request asked for, on this tenant.
			const sent = { apiBase, url: request.url, qs: request.qs };
			// After a refused login the run logs in no more: a request that needs the session fails unsent.
			if (tenant.refusedLogin && usesSession(credentials)) throw unsentError(context, tenant.refusedLogin, itemIndex, secrets);
			let answer: IN8nHttpFullResponse;
			let bytes = 0;
			body ??= await bodyToSend(request.body);
			const handedOver = withLoginSettings(session === 'renewed' ? { ...credentials, sessionToken: '', [REFUSED_TOKEN_FIELD]: sentWith } : credentials, request);
			// A session obtained while the request ran (a first login, a renewal) is in the credential n8n
			// stored: read back after the call, so it is masked in anything the server said.
			const sessionMayChange = usesSession(credentials) && (sentWith === '' || session === 'renewed');
			const storedSecrets = async () => (sessionMayChange ? secretsOf(await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE)) : []);
			try {
				({ answer, bytes } = await answerWithin(time.ms, async (abortSignal) =>
					(await context.helpers.httpRequestWithAuthentication.call(
						context,
						CREDENTIAL_TYPE,
						// The answer comes as a stream, read within the bounds (bounds.ts); `timeout` is the client's idle limit.
						{ ...request, url, ...(body === undefined ? {} : { body: body as IDataObject }), json: true, returnFullResponse: true, ignoreHttpStatusErrors: true, disableFollowRedirect: true, encoding: 'stream', abortSignal, timeout: time.ms },
						// The credential read above is handed over, so n8n does not read and decrypt it a second time for every request.
						asHandedOver(context, handedOver),
					)) as IN8nHttpFullResponse,
				));
			} catch (error) {
				const failedLogin = loginFailureOf(error);
				// Remembered before anything else is awaited, so no request of the run starts another login meanwhile.
				if (failedLogin instanceof RefusedLogin) tenant.refusedLogin ??= failedLogin;
				login = failedLogin instanceof PassingLoginFailure ? failedLogin : undefined;
				secrets = [...secrets, ...(await storedSecrets())];
				if (error instanceof OutOfBounds) {
					if (error.crossed === 'time') budget.overloaded(lane, 'timeout');
					// A page too large is asked again, smaller (lists.ts), which says when it gives up.
					if (error.crossed === 'size' && expect === 'page') failing = false;
					throw boundError(context.getNode(), error.crossed, { ...time, bytes: MAX_ANSWER_BYTES }, itemIndex, write, page);
				}
				if (login?.answer) answer = login.answer as IN8nHttpFullResponse;
				else {
					// A body that broke with a fault of no known code (e.g. gzip that is not) is a cut answer, not an unsent request.
					const code = login?.network ?? networkCodeOf(error) ?? (error instanceof AnswerBroken ? 'ERR_BAD_RESPONSE' : undefined);
					if (code === undefined) throw unsentError(context, error, itemIndex, secrets);
					if (TIMEOUT_CODES.has(code)) budget.overloaded(lane, 'timeout');
					// A login is tried again as a read is, once for the run: the request it was for was not sent.
					if (login ? loginAgain(login) : read && transient < READ_RETRIES) {
						failing = false;
						if (!login) pauseMs = backoffSeconds(++transient) * 1000;
						continue;
					}
					throw failed(networkError(context.getNode(), originOf(apiBase), code, itemIndex, login ? undefined : write, page, login?.what));
				}
			}
			secrets = [...secrets, ...(await storedSecrets())];
			const status = answer.statusCode;
			const overload = status === 429 ? 'throttled' : OVERLOAD_STATUSES.has(status) ? 'unavailable' : undefined;
			if (overload === undefined) budget.answered(lane, bytes);
			if (status >= 200 && status < 300) {
				const checked = checkedBody(context.getNode(), answer, expect, sent, { itemIndex, page, secrets, write, followsNext: options.followsNext });
				failing = false;
				return { ...answer, ...checked } as IN8nHttpFullResponse & { url: string };
			}
			if (status >= 300 && status < 400) {
				url = redirectTarget(context.getNode(), answer, sent, { itemIndex, write, hops: redirects });
				redirects++;
				failing = false;
				continue;
			}
			if (status === 401 && session !== 'renewed' && usesSession(credentials)) {
				// Read again: another item, execution or worker may have stored a newer session meanwhile,
				// and renewing on top of it would make every refused request renew once more.
				credentials = await context.getCredentials(CREDENTIAL_TYPE);
				secrets = [...secrets, ...secretsOf(credentials)];
				const stored = sessionOf(credentials);
				if (session === 'asStored' && sentWith !== '' && stored !== '' && stored !== sentWith) {
					session = 'newerStored';
					sentWith = stored;
					failing = false;
					continue;
				}
				// This session is the one refused: log in or refresh once (shared by the run's items), then try again.
				if (sentWith === '') sentWith = stored;
				session = 'renewed';
				failing = false;
				continue;
			}
			const retryAfter = retryAfterSeconds(answer.headers);
			const failure = { status, body: answer.body, itemIndex, secrets, page, write: login ? undefined : write, what: login?.what };
			const wait = retryAfter ?? backoffSeconds(status === 429 ? rateLimited + 1 : transient + 1);
			const tooLong = `Admintotal asked to wait ${wait} s before trying again, longer than the ${MAX_WAIT_SECONDS} s this node waits; run it again later.`;
			if (status === 429) {
				rateLimited++;
				if (wait > MAX_WAIT_SECONDS) {
					budget.giveUp(`Not sent: ${tooLong}`);
					throw failed(apiError(context.getNode(), { ...failure, notes: [...loginNotes(login), tooLong] }));
				}
				// The wait holds every request to the tenant (pace/); the run's patience, not this request's, decides.
				if (!budget.overloaded(lane, 'throttled', wait) || rateLimited > PATIENCE) {
					const { throttleWaits, waitedMs } = budget.summary;
					const paused = `The run paused ${throttleWaits === 1 ? 'once' : `${throttleWaits} times`} (${(waitedMs / 1000).toFixed(1)} s in all) and Admintotal kept limiting requests.`;
					throw failed(apiError(context.getNode(), { ...failure, notes: [...loginNotes(login), paused] }));
				}
				failing = false;
				continue;
			}
			if (overload) budget.overloaded(lane, overload, Math.min(retryAfter ?? 0, MAX_WAIT_SECONDS));
			// A login is tried again as a read is, once for the run: the request it was for was not sent.
			if (login && TRANSIENT_STATUSES.has(status) && wait <= MAX_WAIT_SECONDS && loginAgain(login, retryAfter)) {
				failing = false;
				continue;
			}
			const retryable = read && !login && TRANSIENT_STATUSES.has(status) && transient < READ_RETRIES;
			if (!retryable) throw failed(apiError(context.getNode(), { ...failure, notes: [...loginNotes(login), ...retryNotes(login ? tenant.logins.tries : rateLimited + transient)] }));
			if (wait > MAX_WAIT_SECONDS) throw failed(apiError(context.getNode(), { ...failure, notes: [...loginNotes(login), tooLong] }));
			transient++;
			pauseMs = wait * 1000;
			failing = false;
		} finally {
			// Before the lane is given back, so that no request waiting for it starts after the run has failed.
			if (failing) budget.failed();
			lane?.end();
			lane = undefined;
			// The login's try again ended without a new failure in passing: those waiting for it go on.
			if (leads && !login) {
				leads = false;
				tenant.logins.settled();
			}
		}
	}
}

function usesSession(credentials: ICredentialDataDecryptedObject): boolean {
	return credentials.authMethod === 'jwt' || credentials.authMethod === 'loginApiKey';
}

/** The session a credential holds; '' when it has none yet. */
function sessionOf(credentials: ICredentialDataDecryptedObject): string {
	return typeof credentials.sessionToken === 'string' ? credentials.sessionToken : '';
}

/**
 * The node's Proxy, Ignore SSL Issues and Timeout, handed to the credential's login with the
 * credential (the only way a node can reach it; the login takes them off before n8n stores it).
 */
function withLoginSettings(credentials: ICredentialDataDecryptedObject, request: IHttpRequestOptions): ICredentialDataDecryptedObject {
	if (!usesSession(credentials)) return credentials;
	const { proxy, skipSslCertificateValidation, timeout } = request;
	const settings = { ...(proxy ? { proxy } : {}), ...(skipSslCertificateValidation ? { skipSslCertificateValidation } : {}), ...(timeout ? { timeout } : {}) };
	return Object.keys(settings).length === 0 ? credentials : { ...credentials, [LOGIN_SETTINGS_FIELD]: settings as IDataObject };
}

/** The body as it is sent: values to be made when the request goes are made now. */
async function bodyToSend(body: unknown): Promise<unknown> {
	if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.values(body).some((value) => value instanceof SentLater)) return body;
	const entries = await Promise.all(Object.entries(body).map(async ([key, value]) => [key, value instanceof SentLater ? await value.make() : value] as const));
	return Object.fromEntries(entries);
}

/** The credential as n8n's own request helper takes it; without a session (when renewing), n8n runs preAuthentication and stores the new one. */
function asHandedOver(context: RequestContext, data: ICredentialDataDecryptedObject) {
	const details = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return { credentialsDecrypted: { id: details?.id ?? '', name: details?.name ?? '', type: CREDENTIAL_TYPE, data } };
}

function backoffSeconds(attempt: number): number {
	return 2 ** (attempt - 1);
}

/** Said of an answer that was the login's: the request it was for was not sent. */
function loginNotes(login: PassingLoginFailure | undefined): string[] {
	return login ? [`This was the answer to ${login.what}; the request it was for was not sent.`] : [];
}

function retryNotes(retries: number): string[] {
	return retries > 0 ? [`Tried ${retries + 1} times.`] : [];
}

/**
 * Each request's bounds: a total time (headers and the whole body, however slowly it drips) and a
 * largest answer. The HTTP client's own `timeout` only limits how long the socket may stay idle,
 * and n8n's helper reads any answer whole (its `maxContentLength` is fixed to Infinity), so the
 * answer is taken as a stream and read here.
 */

/** Without the node's Settings › Request Options › Timeout, no request takes longer than this, its answer read whole. */
export const DEFAULT_TOTAL_MS = 120_000;

/**
 * The largest answer read. A page holds at most 100 records: 8 MB allows 80 KB of JSON per record,
 * far more than a sales note with its lines, while one hostile answer cannot take more than that
 * of n8n's memory.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export class OutOfBounds extends Error {
	constructor(readonly crossed: 'time' | 'size') {
		super(`answer ${crossed} bound crossed`);
	}
}

/** The answer's body broke off or could not be decoded: its status had come, so the request had reached Admintotal. */
export class AnswerBroken extends Error {
	constructor(cause: Error) {
		super(cause.message, { cause });
	}
}

export interface TimeBound {
	ms: number;
	/** Set in the node's Settings › Request Options › Timeout, rather than the default. */
	userSet: boolean;
}

/** What the user set in the node's Settings › Request Options › Timeout (ms), or the default. */
export function timeBound(set: unknown): TimeBound {
	const userSet = typeof set === 'number' && Number.isFinite(set) && set > 0;
	return { ms: userSet ? (set as number) : DEFAULT_TOTAL_MS, userSet };
}

type BodyStream = {
	on(event: 'data', listener: (chunk: Buffer) => void): unknown;
	on(event: 'end', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	destroy(): unknown;
};

function isStream(body: unknown): body is BodyStream {
	return typeof (body as BodyStream | undefined)?.on === 'function' && typeof (body as BodyStream).destroy === 'function';
}

/**
 * Sends (asking for the answer as a stream) and reads the answer within `totalMs` in all and
 * MAX_ANSWER_BYTES; past either, the connection is closed and OutOfBounds thrown.
 */
export async function answerWithin(totalMs: number, send: (signal: AbortSignal) => Promise<IN8nHttpFullResponse>): Promise<{ answer: IN8nHttpFullResponse; bytes: number }> {
	const deadline = AbortSignal.timeout(totalMs);
	const sending = send(deadline);
	let answer: IN8nHttpFullResponse;
	try {
		// n8n versions that replace the request's abortSignal with the execution's own still end here on time.
		answer = await Promise.race([sending, abortedBy(deadline)]);
	} catch (error) {
		// An answer that comes after the bound is not read: its connection is closed.
		void sending.then((late) => (isStream(late.body) ? late.body.destroy() : undefined), () => undefined);
		throw deadline.aborted ? new OutOfBounds('time') : error;
	}
	const { body, bytes } = await readBody(answer, deadline);
	return { answer: { ...answer, body: body as IN8nHttpFullResponse['body'] }, bytes };
}

async function abortedBy(signal: AbortSignal): Promise<never> {
	return await new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new OutOfBounds('time')), { once: true }));
}

/** The answer's body, and its size in bytes as it came (0 when n8n had read it already). */
async function readBody(answer: IN8nHttpFullResponse, deadline: AbortSignal): Promise<{ body: unknown; bytes: number }> {
	const body = answer.body;
	if (!isStream(body)) return { body, bytes: 0 };
	if (Number(headerOf(answer.headers, 'content-length')) > MAX_ANSWER_BYTES) {
		body.destroy();
		throw new OutOfBounds('size');
	}
	const raw = await new Promise<Buffer>((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const settle = (error?: Error) => {
			deadline.removeEventListener('abort', onTime);
			if (error === undefined) return resolve(Buffer.concat(chunks));
			body.destroy();
			reject(error);
		};
		const onTime = () => settle(new OutOfBounds('time'));
		if (deadline.aborted) return onTime();
		deadline.addEventListener('abort', onTime, { once: true });
		body.on('data', (chunk) => {
			size += chunk.length;
			if (size > MAX_ANSWER_BYTES) settle(new OutOfBounds('size'));
			else chunks.push(chunk);
		});
		body.on('end', () => settle());
		body.on('error', (error) => settle(new AnswerBroken(error)));
	});
	return { body: parsed(raw.toString('utf8')), bytes: raw.length };
}

/** As the HTTP client reads an answer by default: JSON when it parses, else the text as is. */
function parsed(text: string): unknown {
	if (text === '') return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/**
 * The credential's secrets, read with it for each request, so anything taken from a server's answer
 * (an error body that echoes the key, a token or the password) is masked (errors.ts) before it
 * reaches a message, a log or an item.
 */
const SECRET_FIELDS = ['apiKey', 'password', 'sessionToken', 'refreshToken'] as const;

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	return SECRET_FIELDS.map((field) => credentials[field]).filter((value): value is string => typeof value === 'string' && value !== '');
}
