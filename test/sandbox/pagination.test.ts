import { DEMO, startSandbox, type Sandbox } from './index';
import { call, rawCall } from './testing';

/** DRF LimitOffsetPagination: envelope, absolute links that keep the filters, clamping. */
describe('sandbox pagination', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 10, max: 25 } });
	});
	afterAll(() => sandbox.close());

	it('answers the default page size without limit, with an absolute next link', async () => {
		const page = (await call(sandbox, 'movimientos/notas_venta/')).json;
		expect(page.count).toBe(120);
		expect(page.results).toHaveLength(10);
		expect(page.previous).toBeNull();
		expect(page.next).toBe(`${sandbox.apiBase}/movimientos/notas_venta/?limit=10&offset=10`);
		expect(page.results.map((n: { id: number }) => n.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
	});

	it('keeps every other query parameter in next and previous, sorted as DRF re-encodes them', async () => {
		const page = (await call(sandbox, 'movimientos/notas_venta/?serie=A&limit=3&offset=3&zeta=%C3%B1 x&cancelado=0')).json;
		expect(page.next).toBe(`${sandbox.apiBase}/movimientos/notas_venta/?cancelado=0&limit=3&offset=6&serie=A&zeta=%C3%B1+x`);
		expect(page.previous).toBe(`${sandbox.apiBase}/movimientos/notas_venta/?cancelado=0&limit=3&serie=A&zeta=%C3%B1+x`);
		const deeper = (await call(sandbox, 'movimientos/notas_venta/?serie=A&limit=3&offset=8')).json;
		expect(deeper.previous).toBe(`${sandbox.apiBase}/movimientos/notas_venta/?limit=3&offset=5&serie=A`);
	});

	it('ends with next null and counts the whole list on every page', async () => {
		const last = (await call(sandbox, 'usuarios/?limit=5&offset=10')).json;
		expect(last.count).toBe(12);
		expect(last.results).toHaveLength(2);
		expect(last.next).toBeNull();
		expect(last.previous).toBe(`${sandbox.apiBase}/usuarios/?limit=5&offset=5`);
		const beyond = (await call(sandbox, 'usuarios/?offset=500')).json;
		expect(beyond).toMatchObject({ count: 12, results: [], next: null });
	});

	it('clamps a limit above the maximum', async () => {
		const page = (await call(sandbox, 'productos/?limit=1000')).json;
		expect(page.results).toHaveLength(25);
		expect(page.next).toBe(`${sandbox.apiBase}/productos/?limit=25&offset=25`);
	});

	it.each([['0'], ['-5'], ['abc'], ['2.5'], ['']])('ignores limit=%p and uses the default', async (limit) => {
		const page = (await call(sandbox, `productos/?limit=${limit}&excluir=info_almacenes`)).json;
		expect(page.results).toHaveLength(10);
		expect(page.next).toBe(`${sandbox.apiBase}/productos/?excluir=info_almacenes&limit=10&offset=10`);
	});

	it.each([['-1'], ['x']])('treats offset=%p as 0', async (offset) => {
		const page = (await call(sandbox, `productos/?limit=2&offset=${offset}`)).json;
		expect(page.results.map((p: { id: number }) => p.id)).toEqual([1, 2]);
		expect(page.previous).toBeNull();
	});

	it('builds links from the Host header, or from linkOrigin', async () => {
		const viaHost = await rawCall(sandbox, '/api/v2/usuarios/?limit=1', { Host: 'tenant.example:9000', 'Api-key': DEMO.apiKey });
		expect(JSON.parse(viaHost.text).next).toBe('http://tenant.example:9000/api/v2/usuarios/?limit=1&offset=1');
		const https = await startSandbox({ linkOrigin: 'https://demo.admintotal.com', volume: { usuarios: 3 } });
		try {
			const page = (await call(https, 'usuarios/?limit=1')).json;
			expect(page.next).toBe('https://demo.admintotal.com/api/v2/usuarios/?limit=1&offset=1');
		} finally {
			await https.close();
		}
	});

	it('answers an empty list with zero count and no links', async () => {
		const page = (await call(sandbox, `listanegra/?rfc=${DEMO.rfcNoListado}`)).json;
		expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
	});
});
