import type { ICredentialDataDecryptedObject, ICredentialTestRequest, ICredentialType, IDataObject, IHttpRequestHelper, IHttpRequestOptions, INodeProperties, Icon } from 'n8n-workflow';

import { BANK_ACCOUNTS } from '../nodes/shared/accounts';
import { isJsonObject } from '../nodes/shared/records';
import { originOf, safeOrigin, tenantTarget } from '../nodes/shared/tenant/answer';
import { networkCodeOf, serverLine } from '../nodes/shared/tenant/errors';
import { secretsOf } from '../nodes/shared/tenant/request';
import type { Session } from '../nodes/shared/tenant/sessions';
import { PassingLoginFailure, RefusedLogin, sharedRenewal } from '../nodes/shared/tenant/sessions';
import { MAX_CEILING } from '../nodes/shared/tenant/pace/run';
import type { LoginSettings } from '../nodes/shared/tenant/tenant';
import { LOGIN_SETTINGS_FIELD, REFUSED_TOKEN_FIELD, tenantApiBase } from '../nodes/shared/tenant/tenant';

type AuthMethod = 'apiKey' | 'jwt' | 'loginApiKey';

interface TokenExchange {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
	/** Masked in anything taken from the answer. */
	secrets: string[];
}

/** POST to a login path of the tenant; the answer whatever its status. */
type Exchange = (path: string, body: IDataObject) => Promise<TokenExchange>;

/** The secrets a method needs, so a refused login names the method and never echoes a secret. */
const METHOD_LABEL: Record<AuthMethod, string> = {
	apiKey: 'API key',
	jwt: 'username and password (JWT)',
	loginApiKey: 'username and password (API key login)',
};

const LOGIN_TIMEOUT_MS = 60_000;

/** Options that stop n8n's HTTP client (`disableFollowRedirect`) and the HTTP Request node's (`follow*`) from following redirects. */
const NO_REDIRECTS = { disableFollowRedirect: true, followRedirect: false, followAllRedirects: false, maxRedirects: 0 };

/** Requests this credential has authenticated: n8n hands the same one back when it retries after a 401. */
const alreadySent = new WeakSet<object>();

export class AdmintotalApi implements ICredentialType {
	name = 'admintotalApi';

	displayName = 'Admintotal API';

	icon: Icon = { light: 'file:../icons/admintotal.svg', dark: 'file:../icons/admintotal.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-admintotal/n8n-nodes-admintotal#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://yourcompany.admintotal.com',
			description: 'Address of your Admintotal tenant. "/api/v2/" is added for you.',
		},
		{
			displayName: 'Authentication Method',
			name: 'authMethod',
			type: 'options',
			default: 'apiKey',
			options: [
				{ name: 'API Key', value: 'apiKey', description: 'A key issued by Admintotal, sent in the Api-key header' },
				{ name: 'Username and Password (JWT)', value: 'jwt', description: 'Logs in at /api/v2/token/ and renews the access token when it expires' },
				{ name: 'Username and Password (API Key Login)', value: 'loginApiKey', description: "Logs in at /api/v2/usuarios/login_usuario/ and uses the user's API key" },
			],
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['apiKey'] } },
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['jwt', 'loginApiKey'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['jwt', 'loginApiKey'] } },
		},
		{
			displayName: 'Max Requests at Once',
			name: 'maxRequestsAtOnce',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CEILING, numberPrecision: 0 },
			default: MAX_CEILING,
			description:
				"The most requests this n8n process has at this tenant at once, for all executions, polls and searches together; each node's Parallel Requests bounds one execution within it. Set it low (1 to 4) for a tenant that must be treated gently.",
		},
		// n8n clears and refills the session token through preAuthentication whenever a request gets 401.
		{ displayName: 'Session Token', name: 'sessionToken', type: 'hidden', typeOptions: { expirable: true, password: true }, default: '' },
		{ displayName: 'Refresh Token', name: 'refreshToken', type: 'hidden', typeOptions: { password: true }, default: '' },
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const method = (credentials.authMethod ?? 'apiKey') as AuthMethod;
		// The key itself is the secret: nothing to renew, so a 401 is reported at once, not retried with the same key.
		if (method === 'apiKey') return {};
		// The node's Proxy, Ignore SSL Issues and Timeout (none from the Test button or the HTTP Request node), never stored.
		const settings = (credentials[LOGIN_SETTINGS_FIELD] ?? {}) as LoginSettings;
		delete credentials[LOGIN_SETTINGS_FIELD];
		const apiBase = tenantApiBase(credentials.baseUrl);
		const secrets = secretsOf(credentials);
		const exchange: Exchange = async (path, body) => {
			let response: { statusCode: number; body: unknown; headers?: IDataObject };
			try {
				response = (await this.helpers.httpRequest({
					method: 'POST',
					url: `${apiBase}${path}`,
					body,
					json: true,
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					// A login answered with a redirect must not carry the password anywhere else.
					disableFollowRedirect: true,
					timeout: settings.timeout ?? LOGIN_TIMEOUT_MS,
					...(settings.proxy ? { proxy: settings.proxy as IHttpRequestOptions['proxy'] } : {}),
					...(settings.skipSslCertificateValidation === true ? { skipSslCertificateValidation: true } : {}),
				})) as typeof response;
			} catch (error) {
				// A dropped connection is tried again as any read's; a login that timed out is not (as no request is).
				const code = networkCodeOf(error);
				const timedOut = /timeout of \d+ms exceeded/i.test((error as Error).message ?? '') || code === 'ETIMEDOUT' || code === 'ECONNABORTED';
				if (code !== undefined && !timedOut) throw new PassingLoginFailure(`the ${METHOD_LABEL[method]} login`, undefined, code);
				throw error;
			}
			if (response.statusCode >= 300 && response.statusCode < 400) {
				const location = response.headers?.location;
				const target = typeof location === 'string' ? safeOrigin(location, apiBase) : 'no address';
				throw new RefusedLogin(
					`Admintotal answered the ${METHOD_LABEL[method]} login with a redirect (HTTP ${response.statusCode}) to ${target}; it was not followed, so the username and password were not sent there. Check the Base URL in the credential.`,
				);
			}
			return { statusCode: response.statusCode, headers: response.headers ?? {}, body: response.body, secrets };
		};

		// Items running side by side share one login or refresh per account (see sessions.ts).
		const account = `${method} ${apiBase} ${String(credentials.username ?? '')}`;
		// Taken off the object n8n stores afterwards, so it is never saved.
		const refused = credentials[REFUSED_TOKEN_FIELD];
		delete credentials[REFUSED_TOKEN_FIELD];
		const currentToken = typeof refused === 'string' ? refused : typeof credentials.sessionToken === 'string' ? credentials.sessionToken : '';
		return await sharedRenewal(account, String(credentials.password ?? ''), currentToken, async () => await renewSession(method, credentials, exchange));
	}

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const apiBase = tenantApiBase(credentials.baseUrl);
		// Our nodes and n8n's own helpers pass `url`; the HTTP Request node passes `uri`.
		const legacy = requestOptions as IHttpRequestOptions & { uri?: string };
		const target = legacy.url ?? legacy.uri ?? '';
		// An operation a node does not offer (a typo in imported JSON) would otherwise call the API root and "succeed".
		if (target === '' || target === '/') throw new Error("No Admintotal operation is selected: check the node's Resource and Operation");
		const resolved = tenantTarget(target, apiBase);
		if (resolved === undefined) throw new Error(`Refused to send Admintotal credentials to ${safeOrigin(target, apiBase)}: only your tenant (${originOf(apiBase)}) receives them`);
		const method = (credentials.authMethod ?? 'apiKey') as AuthMethod;
		if (method === 'apiKey' && alreadySent.has(requestOptions)) {
			// n8n sends a request again after a 401 to let a session renew; a key cannot renew.
			throw new Error('Admintotal did not accept the API key (HTTP 401). Check the API key in the credential.');
		}
		const headers: IDataObject = { ...(requestOptions.headers ?? {}) };
		if (method === 'apiKey') headers['Api-key'] = credentials.apiKey;
		if (method === 'loginApiKey') headers['Api-key'] = credentials.sessionToken;
		if (method === 'jwt') headers.Authorization = `Bearer ${credentials.sessionToken}`;
		const authenticated: IHttpRequestOptions & { uri?: string } = {
			...requestOptions,
			headers,
			// No redirect is followed with the secret attached, by n8n's client or the HTTP Request node's.
			...NO_REDIRECTS,
			...(legacy.uri !== undefined && legacy.url === undefined ? { uri: resolved } : { baseURL: apiBase }),
		};
		alreadySent.add(authenticated);
		return authenticated;
	}

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.baseUrl}}', url: BANK_ACCOUNTS.path, qs: { limit: 1 } },
		// A redirect fails the test by itself: authenticate forbids following it.
		rules: [
			{
				// A web page at the Base URL (a shop, a login page) answers 200 too; only the API's list has `results`.
				type: 'responseSuccessBody' as const,
				properties: {
					key: 'results',
					value: undefined,
					message: 'The address answered, but not as the Admintotal API does. Check that the Base URL is your tenant address, e.g. https://yourcompany.admintotal.com',
				},
			},
		],
	};
}

/** Logs in (or, for JWT with a refresh token, refreshes) and returns the new hidden fields. */
async function renewSession(method: AuthMethod, credentials: ICredentialDataDecryptedObject, exchange: Exchange): Promise<Session> {
	if (method === 'loginApiKey') {
		const login = await exchange('/usuarios/login_usuario/', { username: credentials.username, password: credentials.password });
		const apiKey = (objectOf(login.body).usuario as IDataObject | undefined)?.api_key;
		if (login.statusCode >= 300 || typeof apiKey !== 'string' || apiKey === '') throw failedLogin(method, login);
		return { sessionToken: apiKey };
	}
	if (typeof credentials.refreshToken === 'string' && credentials.refreshToken !== '') {
		const refreshed = await exchange('/refresh/', { refresh: credentials.refreshToken });
		const access = objectOf(refreshed.body).access;
		if (refreshed.statusCode < 300 && typeof access === 'string' && access !== '') {
			const rotated = objectOf(refreshed.body).refresh;
			return { sessionToken: access, refreshToken: typeof rotated === 'string' ? rotated : credentials.refreshToken };
		}
		// A refresh that may work a moment later is tried again, not replaced by a login.
		if (passing(refreshed.statusCode)) throw failedLogin(method, refreshed, 'token refresh');
		// A refused refresh token falls through to a fresh login.
	}
	const pair = await exchange('/token/', { username: credentials.username, password: credentials.password });
	const access = objectOf(pair.body).access;
	if (pair.statusCode >= 300 || typeof access !== 'string' || access === '') throw failedLogin(method, pair);
	const refresh = objectOf(pair.body).refresh;
	return { sessionToken: access, refreshToken: typeof refresh === 'string' ? refresh : '' };
}

/** Statuses any request waits out or tries again: the login's too. */
function passing(status: number): boolean {
	return status === 429 || status >= 500;
}

/** Statuses by which Admintotal refuses the username and password (DRF and SimpleJWT answer 400 or 401; a locked account may be 403). */
const REFUSING_STATUSES = new Set([400, 401, 403]);

/** Why a login gave no session: a passing failure (tried again), the credentials refused, or an answer no login gives. */
function failedLogin(method: AuthMethod, response: TokenExchange, what: 'login' | 'token refresh' = 'login'): Error {
	const status = response.statusCode;
	if (passing(status)) return new PassingLoginFailure(`the ${METHOD_LABEL[method]} ${what}`, { statusCode: status, headers: response.headers, body: response.body });
	// Masked before it is cut, so a secret at the edge is never cut into a piece left unmasked.
	const detail = serverLine(firstMessage(response.body), response.secrets, 200, { html: typeof response.body === 'string' }).replace(/[.\s]+$/, '');
	const said = `(HTTP ${status})${detail ? `: "${detail}"` : ''}`;
	if (REFUSING_STATUSES.has(status)) return new RefusedLogin(`Admintotal refused the login with the ${METHOD_LABEL[method]} ${said}. Check the username and password in the credential.`);
	return new RefusedLogin(`Admintotal did not answer the login with the ${METHOD_LABEL[method]} as expected ${said}. Check the Base URL and the Authentication Method in the credential.`);
}

function objectOf(body: unknown): IDataObject {
	return isJsonObject(body) ? body : {};
}

function firstMessage(body: unknown): string {
	if (typeof body === 'string') return body;
	const fields = objectOf(body);
	for (const key of ['detail', 'non_field_errors', 'username', 'password']) {
		const value = fields[key];
		const label = key === 'detail' || key === 'non_field_errors' ? '' : `${key}: `;
		if (typeof value === 'string') return `${label}${value}`;
		if (Array.isArray(value) && typeof value[0] === 'string') return `${label}${value[0]}`;
	}
	return '';
}
