import type { INodeParameters } from 'n8n-workflow';

import { sandboxPerFile } from '../nodes/fixture';
import { parsed, productCodes, rememberedSkus, savedMemory, today, triggerPool } from './fixture';

/** Deliveries from the sandbox's webhook sender become items, over real HTTP. */
describe('Admintotal Trigger: deliveries', () => {
	const fixture = sandboxPerFile();
	const pool = triggerPool();

	const priceStockTrigger = (options: INodeParameters = {}) =>
		pool.start({ parameters: { event: 'priceStockChanged', authentication: 'none', options } });

	it('a batch of 50 products gives one workflow with 50 items: delivered fields kept, price, cost and stock as numbers', async () => {
		const trigger = await priceStockTrigger();
		const codes = productCodes(fixture.sandbox, 50);
		const results = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });

		expect(results.map((result) => result.status)).toEqual([200]);
		expect(parsed(results[0].body)).toEqual({ message: 'Workflow was started' });
		expect(trigger.executions).toHaveLength(1);
		const sent = fixture.sandbox.webhooks.priceStockRows({ codes });
		expect(sent).toHaveLength(50);
		expect(trigger.executions[0].json).toEqual(
			sent.map((row) => ({ sku: row.sku, precio: row.precio, costo: row.costo, stock: Number(row.stock), price: Number(row.precio), cost: Number(row.costo) })),
		);
		for (const item of trigger.executions[0].json) {
			expect(typeof item.price).toBe('number');
			expect(typeof item.cost).toBe('number');
			expect(typeof item.stock).toBe('number');
			expect(typeof item.precio).toBe('string');
		}
	});

	it('120 products arrive as three deliveries (50, 50, 20), each starting its own workflow', async () => {
		const trigger = await priceStockTrigger();
		const codes = productCodes(fixture.sandbox, 120);
		const results = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });

		expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
		expect(trigger.executions.map((execution) => execution.items.length)).toEqual([50, 50, 20]);
		expect(trigger.startedItems.map((item) => item.sku)).toEqual(codes);
	});

	it('Only These SKUs lets through only the listed products, whatever the separators', async () => {
		const codes = productCodes(fixture.sandbox, 10);
		const trigger = await priceStockTrigger({ onlySkus: ` ${codes[1]},${codes[4]}\n${codes[7]} ` });
		await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });

		expect(trigger.executions).toHaveLength(1);
		expect(trigger.startedItems.map((item) => item.sku)).toEqual([codes[1], codes[4], codes[7]]);
	});

	it('Only These SKUs with none of them in the delivery answers 200 and starts no workflow', async () => {
		const trigger = await priceStockTrigger({ onlySkus: 'NO-SUCH-SKU' });
		const [result] = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes: productCodes(fixture.sandbox, 5) });

		expect(result.status).toBe(200);
		expect(parsed(result.body)).toEqual({ message: 'Received; no product to report, no workflow started' });
		expect(trigger.executions).toHaveLength(0);
	});

	it('Only Changed Since Last Delivery: the second delivery reports only the products changed in between', async () => {
		const trigger = await priceStockTrigger({ onlyChanged: true });
		const codes = productCodes(fixture.sandbox, 12, 100);
		await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });
		expect(trigger.startedItems).toHaveLength(12);
		expect(rememberedSkus(trigger).sort()).toEqual([...codes].sort());

		const repriced = fixture.sandbox.store.setPrecio(codes[3], 999.99);
		const restocked = fixture.sandbox.store.setExistencia(codes[8], 1, 7777);
		await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });

		expect(trigger.executions).toHaveLength(2);
		const second = trigger.executions[1].json;
		expect(second.map((item) => item.sku)).toEqual([repriced.codigo, restocked.codigo]);
		expect(second[0].price).toBe(999.99);
		expect(second[0].precio).toBe('999.99');
		expect(second[1].stock).toBeGreaterThanOrEqual(7777);
	});

	it('Only Changed Since Last Delivery remembers every delivery that started a workflow, not only the first', async () => {
		const trigger = await priceStockTrigger({ onlyChanged: true });
		const codes = productCodes(fixture.sandbox, 5, 180);
		await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });
		const repriced = fixture.sandbox.store.setPrecio(codes[2], 1234.5);
		await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });
		expect(savedMemory(trigger)[today()]).toEqual(expect.objectContaining({ [repriced.codigo]: expect.stringMatching(/^1234\.5\|/) }));

		// Four minutes later Admintotal sends the same rows again: the new price is already known.
		const [third] = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });

		expect(third.status).toBe(200);
		expect(parsed(third.body)).toEqual({ message: 'Received; no product to report, no workflow started' });
		expect(trigger.executions.map((execution) => execution.json.map((item) => item.sku))).toEqual([codes, [repriced.codigo]]);
		expect(trigger.staticDataSaves).toBe(2);
	});

	it('Only Changed treats "42.000" and "42" as the same stock, and a new SKU as a change', async () => {
		const trigger = await priceStockTrigger({ onlyChanged: true });
		const row = { sku: 'X-1', precio: '10.50', costo: '7.00', stock: '42.000' };
		await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify([row]) });
		const second = await fixture.sandbox.webhooks.sendRaw({
			url: trigger.url,
			body: JSON.stringify([{ ...row, precio: '10.5', stock: '42' }, { sku: 'X-2', precio: '1', costo: '1', stock: '1' }]),
		});

		expect(second.status).toBe(200);
		expect(trigger.executions.map((execution) => execution.json.map((item) => item.sku))).toEqual([['X-1'], ['X-2']]);
	});

	it('Only Changed remembers SKUs named like JavaScript object internals (__proto__, constructor, ...) as any other SKU', async () => {
		const trigger = await priceStockTrigger({ onlyChanged: true });
		const skus = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'X-1'];
		const rows = skus.map((sku, index) => ({ sku, precio: `${index + 1}.50`, costo: '1', stock: '2' }));
		await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify(rows) });
		expect(trigger.startedItems.map((item) => item.sku)).toEqual(skus);

		const again = await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify(rows) });
		expect(parsed(again.body)).toEqual({ message: 'Received; no product to report, no workflow started' });

		rows[0].precio = '99';
		await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify(rows) });
		expect(trigger.executions.map((execution) => execution.json.map((item) => item.sku))).toEqual([skus, ['__proto__']]);
		expect(rememberedSkus(trigger).sort()).toEqual([...skus].sort());
	});

	it('fields Admintotal may add to a row are kept on the item, even one named "json"', async () => {
		const trigger = await priceStockTrigger();
		const row = { sku: 'X-9', precio: '5', costo: '4', stock: '3', almacen: 'Matriz', json: { nested: true } };
		await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify([row]) });

		expect(trigger.startedItems).toEqual([{ ...row, stock: 3, price: 5, cost: 4 }]);
	});

	it('Product Created gives one item with the whole product as delivered', async () => {
		const trigger = await pool.start({ parameters: { event: 'productCreated', authentication: 'none' } });
		const result = await fixture.sandbox.webhooks.sendProductCreated({ url: trigger.url, productId: 1 });

		expect(result.status).toBe(200);
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0].json).toEqual([JSON.parse(JSON.stringify(fixture.sandbox.webhooks.deliveries.at(-1)!.payload))]);
		expect(trigger.executions[0].json[0].codigo).toBe(fixture.sandbox.store.producto(1)!.codigo);
	});

	it('a product sent to a price/stock trigger (or a batch to a product trigger) is refused with 400 naming the likely mix-up', async () => {
		const priceStock = await priceStockTrigger();
		const created = await pool.start({ parameters: { event: 'productCreated', authentication: 'none' } });

		const product = await fixture.sandbox.webhooks.sendProductCreated({ url: priceStock.url, productId: 2 });
		const [batch] = await fixture.sandbox.webhooks.sendPriceStock({ url: created.url, codes: productCodes(fixture.sandbox, 3) });

		expect(product.status).toBe(400);
		expect(parsed(product.body)).toEqual({ message: expect.stringContaining('got one product') });
		expect(batch.status).toBe(400);
		expect(parsed(batch.body)).toEqual({ message: expect.stringContaining('got a list') });
		expect(priceStock.executions).toHaveLength(0);
		expect(created.executions).toHaveLength(0);
	});

	it('only POST to the trigger path is served; other paths get 404 and start nothing', async () => {
		const trigger = await priceStockTrigger();
		const result = await fixture.sandbox.webhooks.sendRaw({ url: `${trigger.url}-other`, body: '[]' });

		expect(result.status).toBe(404);
		expect(trigger.executions).toHaveLength(0);
	});
});
