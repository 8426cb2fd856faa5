/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import { DEMO, accessTokenSchema, loginUsuarioResponseSchema, startSandbox, tokenNotValidSchema, tokenPairSchema, type Sandbox } from './index';
import { call } from './testing';

/** API key, JWT (obtain, expire, refresh, revoke), login_usuario, and DRF's 401 shapes. */
describe('sandbox authentication', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ accessTokenTtlSeconds: 300 });
	});
	afterAll(() => sandbox.close());

	const login = async (username: string = DEMO.username, password: string = DEMO.password) =>
		call(sandbox, 'token/', { body: { username, password }, apiKey: false });

	it('accepts the API key in a header named Api-key, in any letter case', async () => {
		for (const name of ['Api-key', 'api-key', 'API-KEY']) {
			const answer = await call(sandbox, 'cuentas/?limit=1', { apiKey: false, headers: { [name]: DEMO.apiKey } });
			expect(answer.status).toBe(200);
		}
	});

	it('answers 401 with DRF details and a Bearer challenge when credentials are missing or wrong', async () => {
		const missing = await call(sandbox, 'cuentas/', { apiKey: false });
		expect(missing.status).toBe(401);
		expect(missing.json).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
		expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="api"');
		const wrongKey = await call(sandbox, 'cuentas/', { apiKey: 'A'.repeat(35) });
		expect(wrongKey.status).toBe(401);
		expect(wrongKey.json).toEqual({ detail: 'Api-key inválida.' });
		const otherScheme = await call(sandbox, 'cuentas/', { apiKey: false, headers: { Authorization: `Token ${DEMO.apiKey}` } });
		expect(otherScheme.json).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
		const halfHeader = await call(sandbox, 'cuentas/', { apiKey: false, headers: { Authorization: 'Bearer' } });
		expect(halfHeader.status).toBe(401);
		expect(halfHeader.json.code).toBe('bad_authorization_header');
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

	it('rejects wrong credentials and missing fields as SimpleJWT does', async () => {
		const wrong = await login(DEMO.username, 'nope');
		expect(wrong.status).toBe(401);
		expect(wrong.json).toEqual({ detail: 'No se encontró una cuenta de usuario activa para las credenciales dadas' });
		const missing = await call(sandbox, 'token/', { body: { password: 'x' }, apiKey: false });
		expect(missing.status).toBe(400);
		expect(missing.json).toEqual({ username: ['Este campo es requerido.'] });
		const blank = await call(sandbox, 'token/', { body: { username: '', password: '' }, apiKey: false });
		expect(blank.json).toEqual({ username: ['Este campo no puede estar en blanco.'], password: ['Este campo no puede estar en blanco.'] });
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
		const missing = await call(sandbox, 'refresh/', { body: {}, apiKey: false });
		expect(missing.json).toEqual({ refresh: ['Este campo es requerido.'] });
	});

	it('lets access tokens run out after their lifetime', async () => {
		const shortLived = await startSandbox({ accessTokenTtlSeconds: 1, volume: { productos: 5 } });
		try {
			const { access, refresh } = tokenPairSchema.parse((await call(shortLived, 'token/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false })).json);
			expect((await call(shortLived, 'cuentas/', { bearer: access })).status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 1100));
			expect((await call(shortLived, 'cuentas/', { bearer: access })).status).toBe(401);
			expect((await call(shortLived, 'refresh/', { body: { refresh }, apiKey: false })).status).toBe(200);
		} finally {
			await shortLived.close();
		}
	});

	it('logs in with login_usuario and answers the API key of the user', async () => {
		const answer = await call(sandbox, 'usuarios/login_usuario/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false });
		expect(answer.status).toBe(200);
		const body = loginUsuarioResponseSchema.parse(answer.json);
		expect(body.usuario).toMatchObject({ id: DEMO.usuario.id, api_key: DEMO.apiKey, username: 'demo', nombre: DEMO.usuario.nombre });
		const wrong = await call(sandbox, 'usuarios/login_usuario/', { body: { username: 'demo', password: 'x' }, apiKey: false });
		expect(wrong.status).toBe(400);
		expect(wrong.json).toEqual({ ok: false, non_field_errors: ['Usuario o contraseña incorrectos.'] });
		const missing = await call(sandbox, 'usuarios/login_usuario/', { body: { username: 'demo' }, apiKey: false });
		expect(missing.json).toEqual({ ok: false, password: ['Este campo es requerido.'] });
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
		const other = await startSandbox({ volume: { productos: 5 } });
		try {
			const fresh = other.auth.rotateApiKey();
			expect(fresh).toMatch(/^[A-Z0-9]{35}$/);
			expect((await call(other, 'cuentas/')).status).toBe(401);
			expect((await call(other, 'cuentas/', { apiKey: fresh })).status).toBe(200);
			const { access } = other.auth.issueTokens();
			expect((await call(other, 'cuentas/', { bearer: access })).status).toBe(200);
		} finally {
			await other.close();
		}
	});
});
