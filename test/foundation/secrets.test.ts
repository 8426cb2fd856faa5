/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code runs in Node.js, not inside n8n */
/*
 * Secrets never appear in errors and never leave the tenant's origin: masked in anything a server
 * says, https required off this machine, and every request address checked in `authenticate` itself,
 * including the addresses n8n's HTTP Request node passes when it uses this credential.
 */
import type { ICredentialDataDecryptedObject, ICredentialType, IHttpRequestOptions } from 'n8n-workflow';

import { DEMO, type Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { everythingReceived, foreignHostPerFile, type ForeignHost } from '../harness/foreignHost';
import { runHttpRequestNode } from '../harness/httpRequestNode';
import { loadPackage } from '../harness/package';

const API = '/api/v2';

describe('secrets stay secret', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 6 } });
	const foreignHost = foreignHostPerFile();
	let sandbox: Sandbox;
	let foreign: ForeignHost;
	beforeAll(() => {
		sandbox = fixture.sandbox;
		foreign = foreignHost.host;
	});

	const apiKey = (key: string = DEMO.apiKey) => credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: key });
	const jwtAt = (baseUrl: string, password: string = DEMO.password) => credentialFor({ baseUrl, authMethod: 'jwt', username: DEMO.username, password });
	const listLedgerAccounts = (credential = apiKey()) =>
		runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'getAll', returnAll: true }, credential });

	it('a 401 that echoes the API key: the key is masked in the message and the description', async () => {
		const wrongKey = 'WRONG-KEY-0123456789';
		sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, status: 401, body: { detail: `Api-key ${wrongKey} inválida.` } });
		const run = await listLedgerAccounts(apiKey(wrongKey));
		expect(run.error?.message).toBe('Admintotal did not accept the credentials: Api-key •••••• inválida.');
		expect(JSON.stringify(run.error)).not.toContain(wrongKey);
	});

	it('a 403 and a 500 that echo the Bearer token: masked', async () => {
		const credential = jwtAt(sandbox.url);
		expect((await listLedgerAccounts(credential)).error).toBeUndefined();
		const token = String(credential.data.sessionToken);
		for (const status of [403, 500]) {
			sandbox.faults.clear();
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, status, body: `<html><body>Bearer ${token} rechazado</body></html>` });
			const run = await listLedgerAccounts(credential);
			expect(run.error?.description).toContain('Bearer •••••• rechazado');
			expect(JSON.stringify(run.error)).not.toContain(token);
		}
	});

	it('a /token/ 400 that echoes the password: masked, and the refusal reads cleanly', async () => {
		const password = 'Very-Secret-Passw0rd';
		sandbox.faults.add({ method: 'POST', path: `${API}/token/`, status: 400, body: { non_field_errors: [`La contraseña ${password} es incorrecta.`] } });
		const run = await listLedgerAccounts(jwtAt(sandbox.url.replace('127.0.0.1', 'localhost'), password));
		expect(run.error?.message).toBe(
			'Admintotal refused the login with the username and password (JWT) (HTTP 400): "La contraseña •••••• es incorrecta". Check the username and password in the credential.',
		);
		expect(JSON.stringify(run.error)).not.toContain(password);
	});

	it('http:// on a public host is refused before any request; https is named as required', async () => {
		const run = await listLedgerAccounts(credentialFor({ baseUrl: 'http://yourcompany.admintotal.com', authMethod: 'apiKey', apiKey: DEMO.apiKey }));
		expect(run.error?.message).toMatch(/^The Admintotal Base URL must start with https:\/\/ \(got "http:\/\/yourcompany\.admintotal\.com"\)/);
		expect(sandbox.requests).toHaveLength(0);
	});

	describe('authenticate sends the secret only to the tenant origin, whatever the address looks like', () => {
		let credentialType: ICredentialType;
		const data = (): ICredentialDataDecryptedObject => ({ baseUrl: 'https://acme.admintotal.com', authMethod: 'apiKey', apiKey: DEMO.apiKey });
		beforeAll(async () => {
			credentialType = (await loadPackage()).credential('admintotalApi');
		});
		const authenticate = async (options: Record<string, unknown>) =>
			await (credentialType.authenticate as (c: ICredentialDataDecryptedObject, o: IHttpRequestOptions) => Promise<IHttpRequestOptions>)(data(), options as unknown as IHttpRequestOptions);

		it.each([
			['a protocol-relative url', { url: '//evil.example/api/v2/cuentas/' }],
			['a backslash url', { url: '\\\\evil.example\\api' }],
			['a slash-backslash url', { url: '/\\evil.example/x' }],
			['user info that names the tenant', { url: 'https://acme.admintotal.com@evil.example/api/v2/' }],
			['user info on the tenant', { url: 'https://someone@acme.admintotal.com/api/v2/' }],
			['another scheme', { url: 'http://acme.admintotal.com/api/v2/cuentas/' }],
			['an HTTP Request node uri elsewhere', { uri: 'https://evil.example/api/v2/almacenes/' }],
			['an HTTP Request node protocol-relative uri', { uri: '//evil.example/api/v2/almacenes/' }],
		])('%s is refused', async (_what, options) => {
			await expect(authenticate(options)).rejects.toThrow(/^Refused to send Admintotal credentials to /);
		});

		it('a tenant path and a tenant uri get the key and never follow redirects', async () => {
			const viaUrl = await authenticate({ url: '/cuentas/' });
			expect(viaUrl).toMatchObject({ baseURL: 'https://acme.admintotal.com/api/v2', headers: { 'Api-key': DEMO.apiKey }, disableFollowRedirect: true });
			const viaUri = await authenticate({ uri: 'https://acme.admintotal.com/api/v2/almacenes/', followRedirect: true, followAllRedirects: true });
			expect(viaUri).toMatchObject({ uri: 'https://acme.admintotal.com/api/v2/almacenes/', followRedirect: false, followAllRedirects: false, maxRedirects: 0 });
		});
	});

	describe("n8n's HTTP Request node with the Admintotal API credential", () => {
		it.each([
			['API key', () => apiKey()],
			['JWT', () => jwtAt(sandbox.url)],
			['API key login', () => credentialFor({ baseUrl: sandbox.url, authMethod: 'loginApiKey', username: DEMO.username, password: DEMO.password })],
		])('reaches an endpoint our nodes do not cover with %s', async (_method, credential) => {
			const run = await runHttpRequestNode(credential(), { uri: `${sandbox.url}${API}/cuentas_bancarias/`, qs: { limit: 2 } });
			expect(run.error).toBeUndefined();
			expect(run.json[0]).toMatchObject({ statusCode: 200, body: { results: expect.any(Array) } });
			const sent = sandbox.requests.filter((request) => request.path === `${API}/cuentas_bancarias/`);
			expect(sent).toHaveLength(1);
			expect(sent[0].query).toEqual({ limit: '2' });
		});

		it('refuses an address on another host before sending anything', async () => {
			const run = await runHttpRequestNode(apiKey(), { uri: `${foreign.url}${API}/almacenes/` });
			expect(run.error?.message).toMatch(/Refused to send Admintotal credentials to http:\/\/localhost:\d+/);
			expect(foreign.hits).toEqual([]);
			expect(everythingReceived(foreign)).not.toContain(DEMO.apiKey);
		});
	});
});
