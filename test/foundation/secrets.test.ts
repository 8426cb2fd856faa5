/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code runs in Node.js, not inside n8n */
/*
 * Secrets never appear in errors or records and never leave the tenant's origin: masked in anything
 * a server says, https required off this machine, and every request address checked in `authenticate` itself,
 * including the addresses n8n's HTTP Request node passes when it uses this credential.
 */
import type { ICredentialDataDecryptedObject, ICredentialType, IHttpRequestOptions } from 'n8n-workflow';

import { DEMO, type Sandbox } from '../sandbox';
import { byId, sandboxPerFile } from '../nodes/fixture';
import { credentialFor, runNode } from '../harness/engine';
import { foreignHostPerFile, type ForeignHost } from '../harness/foreignHost';
import { hostileTenantPerFile, json, type HostileTenant } from '../harness/hostileTenant';
import { runHttpRequestNode } from '../harness/httpRequestNode';
import { loadPackage } from '../harness/package';
import { crearNotaVenta } from '../sandbox/store/cambios';
import { WITHHELD, maskSecretsInJson } from '../../nodes/shared/tenant/errors';
import { tenantDay, triggerFor } from '../nodes/pollingTrigger/fixture';

const API = '/api/v2';

describe('secrets stay secret', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 6 } });
	const foreignHost = foreignHostPerFile();
	const hostile = hostileTenantPerFile();
	let sandbox: Sandbox;
	let foreign: ForeignHost;
	let tenant: HostileTenant;
	beforeAll(() => {
		sandbox = fixture.sandbox;
		foreign = foreignHost();
		tenant = hostile();
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

	describe('a token obtained while the request ran, echoed by the answer', () => {
		const issued: string[] = [];
		/** A tenant whose logins hand out fresh JWTs, refuses `refused` with 401, and answers everything else with `status`, echoing the Bearer token. */
		const echoingTenant = (status: number, refused = '') => {
			issued.length = 0;
			tenant.answer = (hit, response) => {
				if (hit.url === `${API}/token/`) {
					const access = `eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ${issued.length}${'a'.repeat(40)}.c2lnbmF0dXJl${issued.length}`;
					issued.push(access);
					return json(response, 200, { access, refresh: `refresh-${issued.length}-${'r'.repeat(30)}` });
				}
				const bearer = String(hit.headers.authorization ?? '');
				if (refused !== '' && bearer === `Bearer ${refused}`) return json(response, 401, { detail: 'Token inválido o expirado.' });
				json(response, status, { detail: `El token ${bearer} no tiene permiso.` });
			};
		};
		// A user of its own per test: logins of one account within a minute are shared (sessions.ts).
		const listWith = (sessionToken: string, username: string) =>
			listLedgerAccounts(credentialFor({ baseUrl: tenant.url, authMethod: 'jwt', username, password: DEMO.password, sessionToken }));

		it.each([403, 400, 500])('a first login in this run, then HTTP %s echoing the new token: masked', async (status) => {
			echoingTenant(status);
			const run = await listWith('', `first-login-${status}`);
			expect(issued).toHaveLength(1);
			expect(tenant.hits.at(-1)?.headers.authorization).toBe(`Bearer ${issued[0]}`);
			expect(run.error?.description).toContain('El token Bearer •••••• no tiene permiso.');
			expect(JSON.stringify(run.error)).not.toContain(issued[0].slice(-20));
		});

		it('a renewal after a 401, then HTTP 403 echoing the renewed token: masked', async () => {
			const old = `eyJold${'o'.repeat(40)}`;
			echoingTenant(403, old);
			const run = await listWith(old, 'renewal');
			expect(issued).toHaveLength(1);
			expect(run.error?.message).toBe('The Admintotal user is not allowed to do this: El token Bearer •••••• no tiene permiso.');
			expect(JSON.stringify(run.error)).not.toContain(issued[0].slice(-20));
			expect(JSON.stringify(run.error)).not.toContain(old.slice(0, 10));
		});
	});

	describe('masking comes before any cut', () => {
		const key = 'KEY-0123456789-ABCDEFGHIJ';
		it.each([270, 281, 290, 299, 300])('an API key at character %i of a 403 text page is masked whole, even where the text is cut', async (at) => {
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, status: 403, body: `${'x'.repeat(at)}${key} ${'y'.repeat(400)}` });
			const run = await listLedgerAccounts(apiKey(key));
			expect(run.error).toBeDefined();
			expect(JSON.stringify(run.error)).not.toContain(key.slice(0, 4));
		});

		it('a password at the 200th character of a refused login is masked whole', async () => {
			const password = 'Very-Secret-Passw0rd';
			sandbox.faults.add({ method: 'POST', path: `${API}/token/`, status: 400, body: `<html><body>${'x'.repeat(186)}${password} no es válida</body></html>` });
			const run = await listLedgerAccounts(jwtAt(sandbox.url, password));
			expect(run.error?.message).toMatch(/^Admintotal refused the login/);
			expect(JSON.stringify(run.error)).not.toContain(password.slice(0, 4));
		});

		it('an API key with a quote, echoed inside a JSON non-answer, is masked in its JSON-escaped form too', async () => {
			const key = 'Key"with\\quote-2024';
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, status: 200, body: { error: `clave ${key}` } });
			const run = await listLedgerAccounts(apiKey(key));
			expect(run.error?.message).toMatch(/^Admintotal did not answer with a page of the list/);
			expect(run.error?.description).toContain('{"error":"clave ••••••"}');
			expect(JSON.stringify(run.error)).not.toContain('quote-2024');
		});
	});

	describe('a secret shorter than 6 characters: what the server said is left out whole', () => {
		it('a 5-character password echoed by a refused login is not shown, and the error says why', async () => {
			const password = 'k7Qz9';
			sandbox.faults.add({ method: 'POST', path: `${API}/token/`, status: 400, body: { detail: `La contraseña ${password} es incorrecta.` } });
			const run = await listLedgerAccounts(jwtAt(sandbox.url, password));
			expect(run.error?.message).toBe(
				'Admintotal refused the login with the username and password (JWT) (HTTP 400): "(not shown: it contains a secret of the credential too short to mask)". Check the username and password in the credential.',
			);
			expect(JSON.stringify(run.error)).not.toContain(password);
		});

		it('a 3-character API key echoed by a 403 is not shown', async () => {
			sandbox.faults.add({ method: 'GET', path: `${API}/cuentas/`, status: 403, body: { detail: 'Api-key k7Q sin permiso.' } });
			const run = await listLedgerAccounts(apiKey('k7Q'));
			expect(run.error?.message).toBe('The Admintotal user is not allowed to do this: (not shown: it contains a secret of the credential too short to mask)');
			expect(JSON.stringify(run.error)).not.toContain('k7Q');
		});
	});

	describe('a record that holds a secret is output masked, whichever operation read it', () => {
		const echo = (secret: string) => `Cuenta de ${secret} (eco del servidor)`;
		const MASKED = echo('••••••');
		/** A ledger account of the last page with the API key in its description, restored after the test. */
		const withEchoedKey = async (test: (account: { id: number }) => Promise<void>) => {
			const account = sandbox.store.cuentas.at(-2)!;
			const { descripcion } = account;
			account.descripcion = echo(DEMO.apiKey);
			try {
				await test(account);
			} finally {
				account.descripcion = descripcion;
			}
		};

		it('Get Many of several pages: the API key in a record of the last page is masked, and every record comes', async () => {
			await withEchoedKey(async (account) => {
				const run = await listLedgerAccounts();
				expect(run.error).toBeUndefined();
				expect(run.json).toHaveLength(sandbox.store.cuentas.length);
				expect(sandbox.requests.filter((request) => request.path === `${API}/cuentas/`).length).toBeGreaterThan(2);
				expect(run.json.find((record) => record.id === account.id)?.descripcion).toBe(MASKED);
				expect(JSON.stringify(run.json)).not.toContain(DEMO.apiKey);
			});
		});

		it('Get: the API key in the record is masked', async () => {
			await withEchoedKey(async (account) => {
				const run = await runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'get', ledgerAccountId: byId(account.id) }, credential: apiKey() });
				expect(run.error).toBeUndefined();
				expect(run.json).toEqual([expect.objectContaining({ id: account.id, descripcion: MASKED })]);
			});
		});

		it("a write's answer: the API key is masked in values at any depth and in a field's name", async () => {
			sandbox.faults.add({
				method: 'POST',
				path: '/prospectos/',
				status: 201,
				body: { id: 990, nombre: echo(DEMO.apiKey), [DEMO.apiKey]: 'clave como nombre de campo', direccion: { notas: [`a ${DEMO.apiKey}`, 7, true, null] } },
			});
			const run = await runNode({ node: 'admintotalProspect', parameters: { resource: 'prospect', operation: 'create', name: 'Laura Méndez' }, credential: apiKey() });
			expect(run.error).toBeUndefined();
			expect(run.json).toEqual([{ id: 990, nombre: MASKED, '••••••': 'clave como nombre de campo', direccion: { notas: ['a ••••••', 7, true, null] } }]);
		});

		it('the Polling Trigger: a new sales note whose client name holds the API key is reported masked', async () => {
			const trigger = triggerFor(fixture, { event: 'newSalesNote' });
			await trigger.poll();
			const note = crearNotaVenta(sandbox.store, { fecha: tenantDay() });
			note.cliente.razon_social = echo(DEMO.apiKey);
			const polled = await trigger.poll();
			expect(polled.error).toBeUndefined();
			expect(polled.json).toEqual([expect.objectContaining({ id: note.id, cliente: expect.objectContaining({ razon_social: MASKED }) })]);
		});

		it('a token obtained by the login inside the request, echoed in a record: masked', async () => {
			const issued: string[] = [];
			tenant.answer = (hit, response) => {
				if (hit.url === `${API}/token/`) {
					issued.push(`eyJhbGciOiJIUzI1NiJ9.eyJyZWNvcmQ${'b'.repeat(40)}.c2lnbmF0dXJl`);
					return json(response, 200, { access: issued[0], refresh: `refresh-${'r'.repeat(30)}` });
				}
				json(response, 200, { count: 1, next: null, previous: null, results: [{ id: 1, descripcion: `Sesión ${String(hit.headers.authorization)}` }] });
			};
			const run = await listLedgerAccounts(credentialFor({ baseUrl: tenant.url, authMethod: 'jwt', username: 'record-echo', password: DEMO.password, sessionToken: '' }));
			expect(run.error).toBeUndefined();
			expect(issued).toHaveLength(1);
			expect(run.json).toEqual([{ id: 1, descripcion: 'Sesión Bearer ••••••' }]);
		});

		it('a short secret: a text that holds it is withheld whole, and the pages are still followed by their links', async () => {
			// An API key of 3 characters that every `next` link of this list holds ("limit=100&offset=100").
			const shortKey = '100';
			tenant.answer = (hit, response) => {
				const query = new URL(hit.url, tenant.url).searchParams;
				const offset = Number(query.get('offset') ?? 0);
				const limit = Number(query.get('limit'));
				const ids = Array.from({ length: 150 }, (_, index) => index + 1).slice(offset, offset + limit);
				const next = offset + limit < 150 ? `${tenant.url}${API}/cuentas/?limit=${limit}&offset=${offset + limit}` : null;
				json(response, 200, { count: 150, next, previous: null, results: ids.map((id) => ({ id, numero_cuenta: String(id), descripcion: `Cuenta ${id}` })) });
			};
			const run = await listLedgerAccounts(credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: shortKey }));
			expect(run.error).toBeUndefined();
			expect(run.json).toHaveLength(150);
			expect(run.json[99]).toEqual({ id: 100, numero_cuenta: WITHHELD, descripcion: WITHHELD });
			expect(run.json[98]).toEqual({ id: 99, numero_cuenta: '99', descripcion: 'Cuenta 99' });
			expect(run.json.filter((record) => JSON.stringify(record).includes(WITHHELD))).toHaveLength(1);
		});

		it.each([
			['one lookup', 1],
			['a read of the whole list', 3],
		])('Check RFC (%s): an entry whose RFC held a secret, and so is masked, stops the check rather than reading as not listed', async (_way, items) => {
			// An 8-character API key that happens to be part of a listed RFC.
			const listed = 'ABC680524P76';
			const others = ['DEF010203AB1', 'GHI040506CD2'];
			tenant.answer = (_hit, response) => {
				json(response, 200, { count: 1, next: null, previous: null, results: [{ id: 1, rfc: listed, tipo: 1, nombre: 'EMPRESA SIMULADA' }] });
			};
			const rfcs = [listed, ...others].slice(0, items);
			const run = await runNode({
				node: 'admintotalBlacklist',
				parameters: { resource: 'blacklistEntry', operation: 'checkRfc', rfc: '={{ $json.rfc }}', options: { parallelRequests: 1 } },
				input: rfcs.map((rfc) => ({ rfc })),
				credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: 'C680524P' }),
			});
			expect(run.json.filter((verdict) => verdict.listed === false)).toEqual([]);
			expect(run.error?.message).toBe("Admintotal answered a blacklist entry whose RFC holds a secret of the credential (AB••••••76), so it cannot be matched to an RFC");
		});

		it('the walk has no depth limit (100,000 levels), and a field named __proto__ stays a field', () => {
			let deep: unknown = `clave ${DEMO.apiKey}`;
			for (let level = 0; level < 100_000; level++) deep = level % 2 === 0 ? [deep] : { nivel: deep };
			maskSecretsInJson(deep, [DEMO.apiKey]);
			let bottom = deep;
			while (typeof bottom === 'object' && bottom !== null) bottom = Array.isArray(bottom) ? bottom[0] : (bottom as { nivel: unknown }).nivel;
			expect(bottom).toBe('clave ••••••');

			const record = JSON.parse(`{"__proto__": "de ${DEMO.apiKey}", "${DEMO.apiKey}": {"a": 1}}`) as Record<string, unknown>;
			maskSecretsInJson(record, [DEMO.apiKey]);
			expect(Object.entries(record)).toEqual([['__proto__', 'de ••••••'], ['••••••', { a: 1 }]]);
			expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
		});

		it('a record nested 5,000 levels deep with the API key at the bottom: masked, no stack overflow', async () => {
			const account = sandbox.store.cuentas[0];
			const deep = `${'['.repeat(5000)}"${DEMO.apiKey}"${']'.repeat(5000)}`;
			sandbox.faults.add({ method: 'GET', path: `/cuentas/${account.id}/`, status: 200, headers: { 'content-type': 'application/json' }, body: `{"id":${account.id},"descripcion":${deep}}` });
			const run = await runNode({ node: 'admintotalLedgerAccount', parameters: { resource: 'ledgerAccount', operation: 'get', ledgerAccountId: byId(account.id) }, credential: apiKey() });
			expect(run.error).toBeUndefined();
			// Walked, since JSON.stringify would overflow the stack on it.
			let bottom: unknown = run.json[0].descripcion;
			let depth = 0;
			for (; Array.isArray(bottom); depth++) bottom = bottom[0];
			expect([depth, bottom]).toEqual([5000, '••••••']);
		});
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
		});
	});
});
