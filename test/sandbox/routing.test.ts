import { DEMO, startSandbox, type Sandbox } from './index';
import { call } from './testing';

/** Django URL behaviour: APPEND_SLASH redirects, the no-slash paths, 404, 405, ids, bodies. */
describe('sandbox routing', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ volume: { productos: 20, notasVenta: 10 } });
	});
	afterAll(() => sandbox.close());

	it.each(['GET', 'POST', 'PATCH', 'DELETE'])('redirects %s without the trailing slash to the slash URL, keeping the query', async (method) => {
		const answer = await call(sandbox, 'productos?limit=2&q=martillo', { method, apiKey: false });
		expect(answer.status).toBe(301);
		expect(answer.headers.get('location')).toBe('/api/v2/productos/?limit=2&q=martillo');
		expect((await call(sandbox, '/api/v2', { method })).headers.get('location')).toBe('/api/v2/');
		const detail = await call(sandbox, 'ordenes_servicio/1', { method });
		expect(detail.status).toBe(301);
		expect(detail.headers.get('location')).toBe('/api/v2/ordenes_servicio/1/');
	});

	it('serves the two paths that have no trailing slash, and 404s them with one', async () => {
		expect((await call(sandbox, `movimientos/consumo_interno/${DEMO.consumoInterno.id}`)).status).toBe(200);
		expect((await call(sandbox, `movimientos/consumo_interno/${DEMO.consumoInterno.id}/`)).status).toBe(404);
		const image = await call(sandbox, 'ordenes_servicio/1/adjuntar_imagen/', { body: { titulo: 'x', imagen: 'x' } });
		expect(image.status).toBe(404);
		expect(image.json).toEqual({ detail: 'No encontrado.' });
	});

	it('answers unknown paths and non-integer ids with 404 {"detail": "No encontrado."}', async () => {
		for (const path of ['recurso_inexistente/', 'productos/abc/', 'productos/1.5/', 'cuentas/-1/', 'productos/0/']) {
			const answer = await call(sandbox, path);
			expect([path, answer.status, answer.json]).toEqual([path, 404, { detail: 'No encontrado.' }]);
		}
		expect((await call(sandbox, '/no/such/thing')).status).toBe(404);
	});

	it('authenticates before answering 405 for a method the path does not have', async () => {
		const anonymous = await call(sandbox, 'productos/', { method: 'DELETE', apiKey: false });
		expect(anonymous.status).toBe(401);
		const answer = await call(sandbox, 'productos/', { method: 'DELETE' });
		expect(answer.status).toBe(405);
		expect(answer.json).toEqual({ detail: 'Método "DELETE" no permitido.' });
		expect(answer.headers.get('allow')).toContain('GET');
		expect((await call(sandbox, 'usuarios/login_usuario/', { apiKey: false })).status).toBe(405);
	});

	it('ignores unknown query parameters', async () => {
		const plain = (await call(sandbox, 'productos/')).json;
		const noisy = (await call(sandbox, 'productos/?id=3&id__in=1,2&existencia__gt=0&page=4')).json;
		expect(noisy.count).toBe(plain.count);
	});

	it('answers DRF errors for unparsable and unsupported bodies', async () => {
		const broken = await call(sandbox, 'prospectos/', { raw: '{"nombre": ', contentType: 'application/json' });
		expect(broken.status).toBe(400);
		expect(broken.json.detail).toMatch(/^JSON parse error - /);
		const text = await call(sandbox, 'prospectos/', { raw: 'nombre', contentType: 'text/plain' });
		expect(text.status).toBe(415);
		expect(text.json).toEqual({ detail: 'Tipo de medio "text/plain" no soportado en la solicitud.' });
		const getWithJsonType = await call(sandbox, 'cuentas/', { contentType: 'application/json' });
		expect(getWithJsonType.status).toBe(200);
		const noBody = await call(sandbox, 'prospectos/', { method: 'POST' });
		expect(noBody.status).toBe(400);
		expect(noBody.json).toEqual({ nombre: ['Este campo es requerido.'] });
	});

	it('lists the endpoints at the API root', async () => {
		const root = await call(sandbox, '/api/v2/');
		expect(root.status).toBe(200);
		expect(root.json['movimientos/notas_venta']).toBe(`${sandbox.apiBase}/movimientos/notas_venta/`);
	});
});
