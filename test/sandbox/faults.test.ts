import { DEMO, startSandbox, type Sandbox } from './index';
import { call } from './testing';

/** Fault injection, request recording, and both over the /__sandbox/ control API. */
describe('sandbox faults and recording', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ volume: { productos: 30 } });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => {
		sandbox.faults.clear();
		sandbox.clearRequests();
	});

	it('fires a rule with nth only on the Nth matching request', async () => {
		sandbox.faults.add({ method: 'GET', path: '/api/v2/cuentas/', nth: 2, status: 503 });
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await call(sandbox, 'cuentas/')).status);
		expect(statuses).toEqual([200, 503, 200, 200]);
		expect((await call(sandbox, 'usuarios/')).status).toBe(200);
		expect(sandbox.requests.map((r) => r.status)).toEqual([200, 503, 200, 200, 200]);
	});

	it('fires `times` times, from the Nth on, and matches paths given without /api/v2 or as RegExp', async () => {
		sandbox.faults.add({ path: 'cuentas/', nth: 2, times: 2, status: 500 });
		sandbox.faults.add({ path: /^\/api\/v2\/usuarios\//, times: 1, status: 502 });
		const cuentas = [];
		for (let i = 0; i < 4; i++) cuentas.push((await call(sandbox, 'cuentas/')).status);
		expect(cuentas).toEqual([200, 500, 500, 200]);
		const usuarios = [(await call(sandbox, 'usuarios/')).status, (await call(sandbox, 'usuarios/')).status];
		expect(usuarios).toEqual([502, 200]);
	});

	it('answers 500 and 502 as Django and nginx would, in HTML', async () => {
		sandbox.faults.add({ path: '/api/v2/cuentas/', times: 1, status: 500 });
		const answer = await call(sandbox, 'cuentas/');
		expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
		expect(answer.text).toContain('Server Error (500)');
	});

	it('throttles with 429, Retry-After and DRF detail', async () => {
		sandbox.faults.add({ path: '/api/v2/productos/', nth: 1, retryAfterSeconds: 7 });
		const throttled = await call(sandbox, 'productos/');
		expect(throttled.status).toBe(429);
		expect(throttled.headers.get('retry-after')).toBe('7');
		expect(throttled.json).toEqual({ detail: 'Solicitud fue regulada. Se espera que esté disponible en 7 segundos.' });
		expect((await call(sandbox, 'productos/')).status).toBe(200);
	});

	it('answers a custom status, body and headers', async () => {
		sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', status: 403, body: { detail: 'Sin permiso.' }, headers: { 'X-Test': 'yes' } });
		const answer = await call(sandbox, 'prospectos/', { body: { nombre: 'Ana' } });
		expect([answer.status, answer.json, answer.headers.get('x-test')]).toEqual([403, { detail: 'Sin permiso.' }, 'yes']);
		expect(sandbox.store.prospectos.some((p) => p.nombre === 'Ana')).toBe(false);
		expect((await call(sandbox, 'prospectos/')).status).toBe(200);
	});

	it('answers a canned body with 200 when no status is given', async () => {
		sandbox.faults.add({ path: '/api/v2/cuentas/', times: 1, body: [{ id: 1 }] });
		const answer = await call(sandbox, 'cuentas/');
		expect([answer.status, answer.json]).toEqual([200, [{ id: 1 }]]);
	});

	it('delays the normal answer', async () => {
		sandbox.faults.add({ path: '/api/v2/cuentas/', nth: 1, delayMs: 300 });
		const started = Date.now();
		const answer = await call(sandbox, 'cuentas/');
		expect(answer.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('drops the connection without answering, and records status 0', async () => {
		sandbox.faults.add({ path: '/api/v2/cuentas/', nth: 1, drop: true });
		await expect(call(sandbox, 'cuentas/')).rejects.toThrow();
		expect((await call(sandbox, 'cuentas/')).status).toBe(200);
		expect(sandbox.requests.map((r) => r.status)).toEqual([0, 200]);
	});

	it('with afterRoute, lets the route save and then answers the fault, or drops the connection; a refused write keeps its answer', async () => {
		sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', afterRoute: true, nth: 1, status: 502 });
		const lost = await call(sandbox, 'prospectos/', { body: { nombre: 'Saved, answered 502' } });
		expect([lost.status, lost.text]).toEqual([502, expect.stringContaining('502 Bad Gateway')]);
		expect(lost.headers.get('content-type')).toMatch(/^text\/html/);
		sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', afterRoute: true, nth: 1, status: 201, body: [] });
		expect((await call(sandbox, 'prospectos/', { body: { nombre: 'Saved, answered []' } })).json).toEqual([]);
		sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', afterRoute: true, nth: 1, drop: true });
		await expect(call(sandbox, 'prospectos/', { body: { nombre: 'Saved, dropped' } })).rejects.toThrow();
		sandbox.faults.add({ method: 'POST', path: '/api/v2/prospectos/', afterRoute: true, status: 502 });
		expect((await call(sandbox, 'prospectos/', { body: {} })).status).toBe(400);
		expect(sandbox.store.prospectos.filter((p) => p.nombre.startsWith('Saved, ')).map((p) => p.nombre)).toEqual(['Saved, answered 502', 'Saved, answered []', 'Saved, dropped']);
		expect(sandbox.requests.map((r) => r.status)).toEqual([502, 201, 0, 400]);
	});

	it('records every API request in order, with path, query, lower-case headers, parsed body and status', async () => {
		await call(sandbox, 'token/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false });
		await call(sandbox, 'productos/?limit=2&q=martillo&q=pinza', { headers: { 'X-Trace': 'abc' } });
		await call(sandbox, 'productos', { apiKey: false });
		await call(sandbox, '/__sandbox/health');
		const [token, list, redirect] = sandbox.requests;
		expect(sandbox.requests).toHaveLength(3);
		expect(token).toMatchObject({ method: 'POST', path: '/api/v2/token/', body: { username: 'demo', password: 'demo-password' }, status: 200 });
		expect(list).toMatchObject({ method: 'GET', path: '/api/v2/productos/', url: '/api/v2/productos/?limit=2&q=martillo&q=pinza', query: { limit: '2', q: 'pinza' }, body: undefined, status: 200 });
		expect(list.headers['x-trace']).toBe('abc');
		expect(list.headers['api-key']).toBe(DEMO.apiKey);
		expect(redirect.status).toBe(301);
		expect(token.at).toBeLessThanOrEqual(list.at);
	});

	it('is driven over HTTP by the control API, which is neither recorded nor faulted', async () => {
		const add = await call(sandbox, '/__sandbox/faults', { body: { method: 'GET', pathPattern: '^/api/v2/cuentas/$', nth: 1, status: 418 }, apiKey: false });
		expect(add.status).toBe(201);
		expect((await call(sandbox, 'cuentas/')).status).toBe(418);
		await call(sandbox, '/__sandbox/faults', { body: { retryAfterSeconds: 3 }, apiKey: false });
		expect((await call(sandbox, '/__sandbox/health')).status).toBe(200);
		expect((await call(sandbox, 'cuentas/')).status).toBe(429);
		expect((await call(sandbox, '/__sandbox/faults', { method: 'DELETE', apiKey: false })).status).toBe(204);
		expect((await call(sandbox, 'cuentas/')).status).toBe(200);

		const recorded = (await call(sandbox, '/__sandbox/requests', { apiKey: false })).json;
		expect(recorded.map((r: { status: number }) => r.status)).toEqual([418, 429, 200]);
		expect((await call(sandbox, '/__sandbox/requests', { method: 'DELETE', apiKey: false })).status).toBe(204);
		expect(sandbox.requests).toHaveLength(0);

		const { access } = (await call(sandbox, 'token/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false })).json;
		await call(sandbox, '/__sandbox/auth/expire-access', { method: 'POST', apiKey: false });
		expect((await call(sandbox, 'cuentas/', { bearer: access })).status).toBe(401);
		const { refresh } = (await call(sandbox, 'token/', { body: { username: DEMO.username, password: DEMO.password }, apiKey: false })).json;
		await call(sandbox, '/__sandbox/auth/revoke-refresh', { method: 'POST', apiKey: false });
		expect((await call(sandbox, 'refresh/', { body: { refresh }, apiKey: false })).status).toBe(401);
		const health = (await call(sandbox, '/__sandbox/health', { apiKey: false })).json;
		expect(health).toMatchObject({ ok: true, url: sandbox.url, apiBase: sandbox.apiBase });
	});
});
