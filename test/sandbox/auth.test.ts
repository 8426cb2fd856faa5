/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import { DEMO, accessTokenSchema, loginUsuarioResponseSchema, startSandbox, tokenNotValidSchema, tokenPairSchema, type Sandbox } from './index';
import { call } from './testing';

/** API key, JWT (obtain, expire, refresh, revoke), login_usuario, and DRF's 401 shapes. */
describe('sandbox authentication', () => {
	let sandbox: Sandbox;
	/** Access tokens of a second; its API key gets rotated. */
	let other: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ accessTokenTtlSeconds: 300 });
		other = await startSandbox({ accessTokenTtlSeconds: 1, volume: { productos: 5 } });
	});
	afterAll(() => Promise.all([sandbox.close(), other.close()]));

	const login = async (target = sandbox) => call(target, 'token/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false });

	it('accepts the API key in a header named Api-key, in any letter case', async () => {
		for (const name of ['Api-key', 'api-key', 'API-KEY']) {
			const answer = await call(sandbox, 'cuentas/?limit=1', { apiKey: false, headers: { [name]: DEMO.apiKey } });
			expect(answer.status).toBe(200);
		}
	});

	const noCredentials = { detail: 'Las credenciales de autenticación no se proveyeron.' };
	const halfBearer = { detail: "El encabezado 'Authorization' debe contener dos valores delimitados por espacios", code: 'bad_authorization_header' };
	const noAccount = { detail: 'No se encontró una cuenta de usuario activa para las credenciales dadas' };
	const loginFailed = { ok: false, non_field_errors: ['Usuario o contraseña incorrectos.'] };
	const required = ['Este campo es requerido.'];
	const blank = ['Este campo no puede estar en blanco.'];
	const anonymous = (body: unknown) => ({ body, apiKey: false }) as const;
	it.each([
		['no credentials', 'cuentas/', { apiKey: false }, 401, noCredentials],
		['a wrong API key', 'cuentas/', { apiKey: 'A'.repeat(35) }, 401, { detail: 'Api-key inválida.' }],
		['another scheme than Bearer', 'cuentas/', { apiKey: false, headers: { Authorization: `Token ${DEMO.apiKey}` } }, 401, noCredentials],
		['Bearer without a token', 'cuentas/', { apiKey: false, headers: { Authorization: 'Bearer' } }, 401, halfBearer],
		['a login with a wrong password', 'token/', anonymous({ username: DEMO.username, password: 'nope' }), 401, noAccount],
		['a login without username', 'token/', anonymous({ password: 'x' }), 400, { username: required }],
		['a login with blank fields', 'token/', anonymous({ username: '', password: '' }), 400, { username: blank, password: blank }],
		['a refresh without token', 'refresh/', anonymous({}), 400, { refresh: required }],
		['login_usuario with a wrong password', 'usuarios/login_usuario/', anonymous({ username: 'demo', password: 'x' }), 400, loginFailed],
		['login_usuario without password', 'usuarios/login_usuario/', anonymous({ username: 'demo' }), 400, { ok: false, password: required }],
	] as const)('answers %s as DRF and SimpleJWT do (401s with a Bearer challenge)', async (_case, path, options, status, json) => {
		const answer = await call(sandbox, path, options);
		expect([answer.status, answer.json]).toEqual([status, json]);
		if (status === 401) expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="api"');
	});

	it('issues a JWT pair that authenticates as Bearer, different on every login', async () => {
		const first = await login();
		const second = await login();
		expect(first.status).toBe(200);
		const pair = tokenPairSchema.parse(first.json);
		expect(tokenPairSchema.parse(second.json).access).not.toBe(pair.access);
		const payload = JSON.parse(Buffer.from(pair.access.split('.')[1], 'base64url').toString());
		expect(payload).toMatchObject({ token_type: 'access', user_id: DEMO.usuario.id });
		expect(payload.exp - payload.iat).toBeGreaterThanOrEqual(300);
		expect((await call(sandbox, 'cuentas/?limit=1', { bearer: pair.access })).status).toBe(200);
	});

	it('expires access tokens on demand and refreshes them with the refresh token', async () => {
		const pair = tokenPairSchema.parse((await login()).json);
		sandbox.auth.expireAccessTokens();
		const expired = await call(sandbox, 'cuentas/', { bearer: pair.access });
		expect(expired.status).toBe(401);
		expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="api"');
		expect(tokenNotValidSchema.parse(expired.json)).toEqual({
			detail: 'El token dado no es válido para ningún tipo de token',
			code: 'token_not_valid',
			messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'El token es inválido o ha expirado' }],
		});
		const refreshed = await call(sandbox, 'refresh/', { body: { refresh: pair.refresh }, apiKey: false });
		expect(refreshed.status).toBe(200);
		const { access } = accessTokenSchema.parse(refreshed.json);
		expect((await call(sandbox, 'cuentas/?limit=1', { bearer: access })).status).toBe(200);
	});

	it('refuses revoked, malformed and wrong-type tokens', async () => {
		const pair = tokenPairSchema.parse((await login()).json);
		const asBearer = await call(sandbox, 'cuentas/', { bearer: pair.refresh });
		expect(asBearer.json.messages[0].message).toBe('El token tiene un tipo incorrecto');
		const accessAsRefresh = await call(sandbox, 'refresh/', { body: { refresh: pair.access }, apiKey: false });
		expect(accessAsRefresh.status).toBe(401);
		const forged = await call(sandbox, 'refresh/', { body: { refresh: `${pair.refresh}x` }, apiKey: false });
		expect(forged.json).toEqual({ detail: 'El token es inválido o ha expirado', code: 'token_not_valid' });
		sandbox.auth.revokeRefreshTokens();
		const revoked = await call(sandbox, 'refresh/', { body: { refresh: pair.refresh }, apiKey: false });
		expect(revoked.status).toBe(401);
		expect(revoked.json).toEqual({ detail: 'El token está en lista negra', code: 'token_not_valid' });
	});

	it('lets access tokens run out after their lifetime', async () => {
		const { access, refresh } = tokenPairSchema.parse((await login(other)).json);
		expect((await call(other, 'cuentas/', { bearer: access })).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 1100));
		expect((await call(other, 'cuentas/', { bearer: access })).status).toBe(401);
		expect((await call(other, 'refresh/', { body: { refresh }, apiKey: false })).status).toBe(200);
	});

	it('logs in with login_usuario and answers the API key of the user', async () => {
		const answer = await call(sandbox, 'usuarios/login_usuario/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false });
		expect(answer.status).toBe(200);
		const body = loginUsuarioResponseSchema.parse(answer.json);
		expect(body.usuario).toMatchObject({ id: DEMO.usuario.id, api_key: DEMO.apiKey, username: 'demo', nombre: DEMO.usuario.nombre });
	});

	it('accepts form-encoded logins as DRF does', async () => {
		const answer = await call(sandbox, 'token/', {
			raw: `username=${DEMO.username}&password=${DEMO.password}`,
			contentType: 'application/x-www-form-urlencoded',
			apiKey: false,
		});
		expect(answer.status).toBe(200);
	});

	it('rotates an API key: the old one fails, the new one works', async () => {
		const fresh = other.auth.rotateApiKey();
		expect(fresh).toMatch(/^[A-Z0-9]{35}$/);
		expect((await call(other, 'cuentas/')).status).toBe(401);
		expect((await call(other, 'cuentas/', { apiKey: fresh })).status).toBe(200);
		const { access } = other.auth.issueTokens();
		expect((await call(other, 'cuentas/', { bearer: access })).status).toBe(200);
	});
});
