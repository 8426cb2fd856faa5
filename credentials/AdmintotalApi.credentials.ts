import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import type { Session } from '../nodes/shared/sessions';
import { sharedRenewal } from '../nodes/shared/sessions';
import { isTenantUrl, parseTenantBase } from '../nodes/shared/tenant';

type AuthMethod = 'apiKey' | 'jwt' | 'loginApiKey';

interface TokenExchange {
	statusCode: number;
	body: IDataObject;
}

/** POST to a login path of the tenant; the answer whatever its status. */
type Exchange = (path: string, body: IDataObject) => Promise<TokenExchange>;

/** The secrets a method needs, so a refused login names the method and never echoes a secret. */
const METHOD_LABEL: Record<AuthMethod, string> = {
	apiKey: 'API key',
	jwt: 'username and password (JWT)',
	loginApiKey: 'username and password (API key login)',
};

function tenantApiBase(rawBaseUrl: unknown): string {
	const tenant = parseTenantBase(rawBaseUrl);
	if (tenant.problem !== undefined) throw new Error(tenant.problem);
	return tenant.apiBase;
}

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
				{
					name: 'API Key',
					value: 'apiKey',
					description: 'A key issued by Admintotal, sent in the Api-key header',
				},
				{
					name: 'Username and Password (JWT)',
					value: 'jwt',
					description: 'Logs in at /api/v2/token/ and renews the access token when it expires',
				},
				{
					name: 'Username and Password (API Key Login)',
					value: 'loginApiKey',
					description: "Logs in at /api/v2/usuarios/login_usuario/ and uses the user's API key",
				},
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
			// n8n clears and refills this through preAuthentication whenever a request gets 401.
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Refresh Token',
			name: 'refreshToken',
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const method = (credentials.authMethod ?? 'apiKey') as AuthMethod;
		const apiBase = tenantApiBase(credentials.baseUrl);
		const exchange: Exchange = async (path, body) => {
			const response = (await this.helpers.httpRequest({
				method: 'POST',
				url: `${apiBase}${path}`,
				body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			})) as TokenExchange;
			return { statusCode: response.statusCode, body: (response.body ?? {}) as IDataObject };
		};

		if (method === 'apiKey') {
			// The key itself is the secret; the expirable field only records that no login is needed.
			return { sessionToken: 'api-key' };
		}

		// Items running side by side share one login or refresh per account (see sessions.ts).
		const account = `${method} ${apiBase} ${String(credentials.username ?? '')}`;
		const currentToken = typeof credentials.sessionToken === 'string' ? credentials.sessionToken : '';
		return await sharedRenewal(account, String(credentials.password ?? ''), currentToken, async () => await renewSession(method, credentials, exchange));
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const apiBase = tenantApiBase(credentials.baseUrl);
		const target = requestOptions.url ?? '';
		if (target === '' || target === '/') {
			// Every request passes here: a node whose Resource or Operation has a value it does not offer
			// (e.g. a typo in imported JSON) would otherwise call the API root and "succeed".
			throw new Error("No Admintotal operation is selected: check the node's Resource and Operation");
		}
		if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target) && !isTenantUrl(target, apiBase)) {
			throw new Error('Refused to send Admintotal credentials to an address outside the tenant');
		}
		const method = (credentials.authMethod ?? 'apiKey') as AuthMethod;
		const headers: IDataObject = { ...(requestOptions.headers ?? {}) };
		if (method === 'apiKey') headers['Api-key'] = credentials.apiKey;
		if (method === 'loginApiKey') headers['Api-key'] = credentials.sessionToken;
		if (method === 'jwt') headers.Authorization = `Bearer ${credentials.sessionToken}`;
		return { ...requestOptions, baseURL: apiBase, headers };
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/cuentas_bancarias/',
			qs: { limit: 1 },
		},
	};
}

/** Logs in (or, for JWT with a refresh token, refreshes) and returns the new hidden fields. */
async function renewSession(method: AuthMethod, credentials: ICredentialDataDecryptedObject, exchange: Exchange): Promise<Session> {
	if (method === 'loginApiKey') {
		const login = await exchange('/usuarios/login_usuario/', { username: credentials.username, password: credentials.password });
		const apiKey = (login.body.usuario as IDataObject | undefined)?.api_key;
		if (login.statusCode >= 300 || typeof apiKey !== 'string' || apiKey === '') {
			throw refusedLogin(method, login);
		}
		return { sessionToken: apiKey };
	}
	if (typeof credentials.refreshToken === 'string' && credentials.refreshToken !== '') {
		const refreshed = await exchange('/refresh/', { refresh: credentials.refreshToken });
		if (refreshed.statusCode < 300 && typeof refreshed.body.access === 'string') {
			const rotated = refreshed.body.refresh;
			return { sessionToken: refreshed.body.access, refreshToken: typeof rotated === 'string' ? rotated : credentials.refreshToken };
		}
		// A refused refresh token falls through to a fresh login.
	}
	const pair = await exchange('/token/', { username: credentials.username, password: credentials.password });
	if (pair.statusCode >= 300 || typeof pair.body.access !== 'string') {
		throw refusedLogin(method, pair);
	}
	return { sessionToken: pair.body.access, refreshToken: String(pair.body.refresh ?? '') };
}

function refusedLogin(method: AuthMethod, response: TokenExchange): Error {
	const detail = firstMessage(response.body);
	return new Error(
		`Admintotal refused the ${METHOD_LABEL[method]} login (HTTP ${response.statusCode})${detail ? `: ${detail}` : ''}. Check the username and password in the credential.`,
	);
}

function firstMessage(body: IDataObject): string {
	for (const key of ['detail', 'non_field_errors', 'username', 'password']) {
		const value = body[key];
		if (typeof value === 'string') return value;
		if (Array.isArray(value) && typeof value[0] === 'string') return `${key === 'detail' || key === 'non_field_errors' ? '' : `${key}: `}${value[0]}`;
	}
	return '';
}
