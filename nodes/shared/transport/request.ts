import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { maskSecrets, secretsOf } from '../../../tenant/safeText';
import { LOGIN_SETTINGS_FIELD, REFUSED_TOKEN_FIELD } from '../../../tenant/sessions';
import { originOf, safeOrigin, tenantApiBase, tenantTarget } from '../../../tenant/address';
import type { Expected } from './answers';
import { checkAnswer, headerOf, maskedBody } from './answers';
import { departureFrom, requestUrl } from './endpoint';
import type { WriteEffect } from './errors';
import { apiError, boundError, networkError, redirectError } from './errors';
import { AnswerBroken, OutOfBounds, MAX_ANSWER_BYTES, answerWithin, timeBound } from './bounds';
import type { RequestBudget } from './budget';

export const CREDENTIAL_TYPE = 'admintotalApi';

/** Waits asked by Retry-After (or backoff) are honoured up to this; a longer one fails at once, saying so. */
const MAX_WAIT_SECONDS = 60;
/** 429 answers are waited out this many times. */
const RATE_LIMIT_RETRIES = 3;
/** Reads are retried after a dropped connection or a passing server failure; writes never are (they might have been applied). */
const READ_RETRIES = 2;
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/** A same-origin redirect of a read (e.g. a missing trailing slash) is followed by us, this many hops at most. */
const MAX_REDIRECTS = 3;
/** Faults with no usable answer; ERR_BAD_RESPONSE is how the HTTP client reports a body cut mid-transfer. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'ERR_BAD_RESPONSE']);

/** Who sends requests: a node's run, a dropdown, a trigger's activation, or a polling trigger's poll. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IPollFunctions;

export interface SendOptions {
	itemIndex?: number;
	/** Which page of a list this is, for errors ("page at offset 200"). */
	page?: string;
	expect?: Expected;
	/** A write's effect, for its errors when its outcome is unknown ("the record may have been created"); 'applied' by default. */
	effect?: WriteEffect;
	/** The run's request budget (budget.ts): each try takes a lane of it, given back while waiting to try again. */
	budget?: RequestBudget;
	/**
	 * The credential as read for many requests (the pages of a list, a run's lookups). An API key is
	 * used as read; a credential with a session is read again, since another item or worker may
	 * have renewed it meanwhile.
	 */
	credentials?: ICredentialDataDecryptedObject;
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
export async function sendRequest(context: RequestContext, request: IHttpRequestOptions, options: SendOptions = {}): Promise<IN8nHttpFullResponse> {
	const { itemIndex = 0, page } = options;
	const method = (request.method ?? 'GET').toUpperCase();
	const read = method === 'GET';
	const write = read ? undefined : (options.effect ?? 'applied');
	const expect = options.expect ?? (read ? 'record' : 'written');
	// The credential is read once a lane is ours: an item that waited behind the run's budget uses the session stored meanwhile.
	let giveBack: (() => void) | undefined = await takeLane(options.budget);
	let credentials: ICredentialDataDecryptedObject = {};
	let apiBase = '';
	try {
		credentials = options.credentials && !usesSession(options.credentials) ? options.credentials : await context.getCredentials(CREDENTIAL_TYPE);
		apiBase = apiBaseOf(context, credentials.baseUrl);
	} finally {
		if (apiBase === '') {
			options.budget?.failed();
			giveBack();
		}
	}
	let secrets = secretsOf(credentials);
	// The request's `timeout` is the node's Settings › Request Options › Timeout, when the user set one.
	const time = timeBound(request.timeout);
	let url = request.url;
	// The session this request was sent with; '' until known (a first login happens inside n8n's call).
	let sentWith = sessionOf(credentials);
	let session: 'asStored' | 'newerStored' | 'renewed' = 'asStored';
	let redirects = 0;
	let rateLimited = 0;
	let transient = 0;
	let body: unknown;
	let pauseMs = 0;
	for (;;) {
		// Waiting to try again holds no lane.
		if (pauseMs > 0) await sleep(pauseMs);
		pauseMs = 0;
		giveBack ??= await takeLane(options.budget);
		// Until this try ends in an answer or a retry, it is failing (see `finally`).
		let failing = true;
		try {
			let answer: IN8nHttpFullResponse;
			body ??= await bodyToSend(request.body);
			const handedOver = withLoginSettings(session === 'renewed' ? { ...credentials, sessionToken: '', [REFUSED_TOKEN_FIELD]: sentWith } : credentials, request);
			// A session obtained while the request ran (a first login, a renewal) is in the credential n8n
			// stored: read back after the call, so it is masked in anything the server said.
			const sessionMayChange = usesSession(credentials) && (sentWith === '' || session === 'renewed');
			const storedSecrets = async () => (sessionMayChange ? secretsOf(await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE)) : []);
			try {
				answer = await answerWithin(time.ms, async (abortSignal) =>
					(await context.helpers.httpRequestWithAuthentication.call(
						context,
						CREDENTIAL_TYPE,
						// The answer comes as a stream, read within the bounds (bounds.ts); `timeout` is the client's idle limit.
						{ ...request, url, ...(body === undefined ? {} : { body: body as IDataObject }), json: true, returnFullResponse: true, ignoreHttpStatusErrors: true, disableFollowRedirect: true, encoding: 'stream', abortSignal, timeout: time.ms },
						// The credential read above is handed over, so n8n does not read and decrypt it a second time for every request.
						asHandedOver(context, handedOver),
					)) as IN8nHttpFullResponse,
				);
			} catch (error) {
				secrets = [...secrets, ...(await storedSecrets())];
				if (error instanceof OutOfBounds) {
					throw boundError(context.getNode(), error.crossed, { ...time, bytes: MAX_ANSWER_BYTES }, itemIndex, write, page);
				}
				// A body that broke with a fault of no known code (e.g. gzip that is not) is a cut answer, not an unsent request.
				const code = networkCodeOf(error) ?? (error instanceof AnswerBroken ? 'ERR_BAD_RESPONSE' : undefined);
				if (code === undefined) throw unsentError(context, error, itemIndex, secrets);
				if (read && transient < READ_RETRIES) {
					transient++;
					pauseMs = backoffSeconds(transient) * 1000;
					failing = false;
					continue;
				}
				throw networkError(context.getNode(), originOf(apiBase), code, itemIndex, write, page);
			}
			secrets = [...secrets, ...(await storedSecrets())];
			const status = answer.statusCode;
			if (status >= 200 && status < 300) {
				checkAnswer(context.getNode(), answer, expect, { itemIndex, page, secrets, write });
				// Every answer a node outputs passes here; `secrets` holds those obtained during the call too.
				failing = false;
				return { ...answer, body: maskedBody(answer.body, secrets) as IN8nHttpFullResponse['body'] };
			}
			if (status >= 300 && status < 400) {
				const location = headerOf(answer.headers, 'location');
				const target = location === undefined ? undefined : tenantTarget(location, apiBase);
				// Same origin is not enough: a read may only be redirected within what it asked (a trailing slash), never to other records.
				const departure = target === undefined ? undefined : departureFrom(requestUrl(apiBase, request.url, request.qs), requestUrl(apiBase, target, request.qs));
				if (departure) {
					const where = departure.leaves === 'endpoint' ? departure.path : `other filters: ${departure.names.join(', ')}`;
					throw redirectError(context.getNode(), status, `another address of the tenant (${where})`, itemIndex, write);
				}
				if (read && target !== undefined && redirects < MAX_REDIRECTS) {
					redirects++;
					url = target;
					failing = false;
					continue;
				}
				throw redirectError(context.getNode(), status, location === undefined ? 'no address' : safeOrigin(location, apiBase), itemIndex, write);
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
			const retryable = status === 429 ? rateLimited < RATE_LIMIT_RETRIES : read && TRANSIENT_STATUSES.has(status) && transient < READ_RETRIES;
			const failure = { status, body: answer.body, itemIndex, secrets, page, write };
			if (!retryable) throw apiError(context.getNode(), { ...failure, notes: retryNotes(rateLimited + transient) });
			const wait = retryAfter ?? backoffSeconds(status === 429 ? rateLimited + 1 : transient + 1);
			if (wait > MAX_WAIT_SECONDS) {
				throw apiError(context.getNode(), {
					...failure,
					notes: [`Admintotal asked to wait ${wait} s before trying again, longer than the ${MAX_WAIT_SECONDS} s this node waits; run it again later.`],
				});
			}
			if (status === 429) {
				rateLimited++;
				options.budget?.slowDown(wait);
			} else transient++;
			pauseMs = wait * 1000;
			failing = false;
		} finally {
			// Before the lane is given back, so that no request waiting for it starts after the run has failed.
			if (failing) options.budget?.failed();
			giveBack();
			giveBack = undefined;
		}
	}
}

async function takeLane(budget: RequestBudget | undefined): Promise<() => void> {
	return (await budget?.take()) ?? (() => {});
}

/** The credential and the tenant's API address, read once for many requests (see SendOptions.credentials). */
export async function readCredential(context: RequestContext): Promise<{ credentials: ICredentialDataDecryptedObject; apiBase: string }> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	return { credentials, apiBase: apiBaseOf(context, credentials.baseUrl) };
}

export async function tenantApiBaseOf(context: RequestContext): Promise<string> {
	return (await readCredential(context)).apiBase;
}

function apiBaseOf(context: RequestContext, baseUrl: unknown): string {
	return tenantApiBase(baseUrl, (problem) => {
		throw new NodeOperationError(context.getNode(), problem);
	});
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

/** An error raised before any answer: a refused login, a refused address, a bad Base URL. */
function unsentError(context: RequestContext, error: unknown, itemIndex: number, secrets: readonly string[]) {
	const message = maskSecrets(error instanceof Error ? error.message : String(error), secrets);
	return new NodeOperationError(context.getNode(), message, { itemIndex });
}

function backoffSeconds(attempt: number): number {
	return 2 ** (attempt - 1);
}

function retryNotes(retries: number): string[] {
	return retries > 0 ? [`Tried ${retries + 1} times.`] : [];
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
function retryAfterSeconds(headers: IDataObject | undefined): number | undefined {
	const raw = headerOf(headers, 'retry-after');
	if (raw === undefined) return undefined;
	if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
	const at = Date.parse(raw);
	return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The network fault behind an error, walking n8n's wrappers (`httpCode` on n8n 2.8, `code` on the cause). */
export function networkCodeOf(error: unknown): string | undefined {
	const httpCode = (error as { httpCode?: unknown })?.httpCode;
	if (typeof httpCode === 'string' && NETWORK_CODES.has(httpCode)) return httpCode;
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
		const message = (current as { message?: unknown }).message;
		if (typeof message === 'string' && /socket hang up|other side closed|ECONNRESET|^aborted$|timeout of \d+ms exceeded/i.test(message)) return 'ECONNRESET';
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}
