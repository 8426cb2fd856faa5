/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import Fastify from 'fastify';
import { DEMO, PRICE_STOCK_BATCH_SIZE, precioExistenciaSchema, productoWebhookSchema, startSandbox, type Sandbox } from './index';
import { call } from './testing';

/** A webhook receiver of the test's own, on 127.0.0.1: it keeps the headers and the parsed body of every delivery. */
async function startReceiver() {
	const received: { headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];
	const app = Fastify();
	app.post('/hook', async (request) => {
		received.push({ headers: request.headers, body: request.body });
		return 'ok';
	});
	await app.listen({ port: 0, host: '127.0.0.1' });
	return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/hook`, received, app };
}

describe('sandbox webhook sender', () => {
	let sandbox: Sandbox;
	let receiver: Awaited<ReturnType<typeof startReceiver>>;
	beforeAll(async () => {
		sandbox = await startSandbox({ volume: { productos: 130 } });
	});
	afterAll(() => sandbox.close());
	beforeEach(async () => {
		receiver = await startReceiver();
	});
	afterEach(() => receiver.app.close());

	const enabled = () => sandbox.store.productos.filter((p) => p.habilitar_webhook);

	it('posts every enabled product in batches of at most 50, all values strings', async () => {
		sandbox.store.habilitarWebhook(sandbox.store.productos.slice(0, 120).map((p) => p.codigo));
		const results = await sandbox.webhooks.sendPriceStock({ url: receiver.url });
		const expected = enabled().length;
		expect(expected).toBeGreaterThanOrEqual(120);
		expect(results.map((r) => r.batch)).toEqual(Array.from({ length: Math.ceil(expected / 50) }, (_, i) => i + 1));
		expect(results.every((r) => r.status === 200 && r.body === 'ok')).toBe(true);
		expect(receiver.received).toHaveLength(results.length);
		const rows = receiver.received.flatMap((r) => r.body as unknown[]);
		expect(receiver.received.every((r) => (r.body as unknown[]).length <= PRICE_STOCK_BATCH_SIZE)).toBe(true);
		expect(rows).toHaveLength(expected);
		for (const row of rows) precioExistenciaSchema.parse(row);
		expect(receiver.received[0].headers['content-type']).toBe('application/json');
		const demo = rows.find((r) => (r as { sku: string }).sku === DEMO.producto.codigo);
		expect(demo).toEqual({ sku: 'HER-00001', precio: '189.50', costo: '112.40', stock: String(42 + 15 + 120) });
	});

	it('uses the price warehouse and sums only the chosen warehouses', async () => {
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes: [DEMO.producto.codigo], warehouseIds: [1, 2], priceWarehouseId: 2 });
		expect(receiver.received[0].body).toEqual([{ sku: 'HER-00001', precio: '195.19', costo: '112.40', stock: '57' }]);
	});

	it('sends the Api-key header or HTTP Basic, and nothing without auth', async () => {
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes: [DEMO.producto.codigo], auth: { type: 'header', token: 'tok-123' } });
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes: [DEMO.producto.codigo], auth: { type: 'basic', username: 'n8n', password: 'secreto' } });
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes: [DEMO.producto.codigo] });
		const [header, basic, none] = receiver.received.map((r) => r.headers);
		expect(header['api-key']).toBe('tok-123');
		expect(header.authorization).toBeUndefined();
		expect(basic.authorization).toBe(`Basic ${Buffer.from('n8n:secreto').toString('base64')}`);
		expect(none['api-key']).toBeUndefined();
		expect(none.authorization).toBeUndefined();
	});

	it('sees price and stock changes made in the store between deliveries, and can send only changes', async () => {
		const codes = [DEMO.producto.codigo, DEMO.productoParte.codigo];
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes, onlyChanged: true });
		sandbox.store.setPrecio(DEMO.producto.codigo, 199.9);
		sandbox.store.setExistencia(DEMO.producto.codigo, 1, 5);
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes, onlyChanged: true });
		await sandbox.webhooks.sendPriceStock({ url: receiver.url, codes, onlyChanged: true });
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[0].body).toHaveLength(2);
		expect(receiver.received[1].body).toEqual([{ sku: 'HER-00001', precio: '199.90', costo: '112.40', stock: String(5 + 15 + 120) }]);
		expect((await call(sandbox, `productos/${DEMO.producto.id}/?almacen=1`)).json).toMatchObject({ precio: 199.9, existencia: 5 });
	});

	it('posts one full product on product creation', async () => {
		const result = await sandbox.webhooks.sendProductCreated({ url: receiver.url, productId: DEMO.producto.id });
		expect(result.status).toBe(200);
		const product = productoWebhookSchema.parse(receiver.received[0].body);
		expect(product.codigo).toBe(DEMO.producto.codigo);
		expect(product.unidades[0]).toMatchObject({ nombre: 'PZA', factor: '1.000000', seleccionado: true });
		const newest = await sandbox.webhooks.sendProductCreated({ url: receiver.url });
		expect(newest.status).toBe(200);
		expect((receiver.received[1].body as { id: number }).id).toBe(sandbox.store.productos.at(-1)!.id);
	});

	it('delivers on a schedule until stopped', async () => {
		const schedule = sandbox.webhooks.schedule({ url: receiver.url, codes: [DEMO.producto.codigo], intervalMs: 60 });
		await new Promise((resolve) => setTimeout(resolve, 330));
		// A delivery under way when it stops still arrives; none starts after.
		await schedule.stop();
		const count = receiver.received.length;
		expect(count).toBeGreaterThanOrEqual(2);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(receiver.received.length).toBe(count);
	});

	it('stops every schedule when the sandbox closes', async () => {
		const own = await startSandbox({ volume: { productos: 5 } });
		own.webhooks.schedule({ url: receiver.url, intervalMs: 50 });
		await new Promise((resolve) => setTimeout(resolve, 180));
		await own.close();
		const count = receiver.received.length;
		expect(count).toBeGreaterThanOrEqual(1);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(receiver.received.length).toBe(count);
	});

	it('is scheduled and stopped over the control API: once the stop is answered, nothing more arrives', async () => {
		const scheduled = await call(sandbox, '/__sandbox/webhooks/schedule', { body: { url: receiver.url, codes: [DEMO.producto.codigo], intervalMs: 60 }, apiKey: false });
		expect(scheduled.status).toBe(201);
		await new Promise((resolve) => setTimeout(resolve, 330));
		expect((await call(sandbox, '/__sandbox/webhooks/schedule', { method: 'DELETE', apiKey: false })).status).toBe(204);
		const count = receiver.received.length;
		expect(count).toBeGreaterThanOrEqual(2);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(receiver.received.length).toBe(count);
	});

	it('is triggered over the control API', async () => {
		const answer = await call(sandbox, '/__sandbox/webhooks/price-stock', { body: { url: receiver.url, codes: [DEMO.producto.codigo] }, apiKey: false });
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual([{ status: 200, body: 'ok', batch: 1 }]);
		const created = await call(sandbox, '/__sandbox/webhooks/product-created', { body: { url: receiver.url, productId: 2 }, apiKey: false });
		expect(created.json).toEqual({ status: 200, body: 'ok' });
		expect(receiver.received).toHaveLength(2);
		const unreachable = await call(sandbox, '/__sandbox/webhooks/price-stock', { body: { url: 'http://127.0.0.1:1/hook', codes: [DEMO.producto.codigo] }, apiKey: false });
		expect(unreachable.status).toBe(502);
		expect(sandbox.webhooks.deliveries.at(-1)).toMatchObject({ url: 'http://127.0.0.1:1/hook', status: 0, error: expect.any(String) });
	});
});
