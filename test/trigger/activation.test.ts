import { DEMO, startSandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { DELIVERY_TOKEN, apiCredential, deliveryCredential, productCodes, triggerPool } from './fixture';

const HABILITAR = '/api/v2/productos/habilitar_webhook/';

/** Activation switches on the products' webhook once; deactivation forgets it; errors surface. */
describe('Admintotal Trigger: activation lifecycle', () => {
	const fixture = sandboxPerFile();
	const pool = triggerPool();
	const enableCalls = () => fixture.sandbox.requests.filter((request) => request.path === HABILITAR);

	/** Products whose webhook is off in the seed, so enabling them is visible in the store. */
	const switchedOff = (count: number) =>
		fixture.sandbox.store.productos.filter((product) => !product.habilitar_webhook).slice(0, count).map((product) => product.codigo);

	const enablingTrigger = (productCodesText: string) =>
		pool.start({
			parameters: { event: 'priceStockChanged', authentication: 'none', enableProductWebhooks: true, productCodes: productCodesText },
			credentials: [apiCredential(fixture.sandbox)],
		});

	it('activation sends the listed codes to habilitar_webhook with the API credential and records them', async () => {
		const codes = switchedOff(3);
		expect(codes).toHaveLength(3);
		const trigger = await enablingTrigger(`${codes[0]}, ${codes[1]}\n${codes[2]},${codes[0]}`);

		const run = await trigger.activate();

		expect(run).toEqual({ existed: false, created: true });
		expect(enableCalls()).toHaveLength(1);
		const [call] = enableCalls();
		expect(call.method).toBe('POST');
		expect(call.status).toBe(200);
		expect(call.body).toEqual({ codigos: codes });
		expect(call.headers['api-key']).toBe(DEMO.apiKey);
		for (const code of codes) expect(fixture.sandbox.store.producto(code)?.habilitar_webhook).toBe(true);
		expect(trigger.nodeStaticData.enabledWebhooks).toEqual({ tenant: fixture.sandbox.apiBase, codes, enabledAt: expect.any(String) });
	});

	it('a second activation with the same codes, in any order, sends nothing', async () => {
		const codes = switchedOff(2);
		const trigger = await enablingTrigger(codes.join(','));
		await trigger.activate();
		trigger.setParameters({ productCodes: `${codes[1]}\n${codes[0]}` });

		const again = await trigger.activate();

		expect(again).toEqual({ existed: true, created: false });
		expect(enableCalls()).toHaveLength(1);
	});

	it('activation with other codes sends the new list', async () => {
		const codes = switchedOff(3);
		const trigger = await enablingTrigger(codes.slice(0, 2).join(','));
		await trigger.activate();
		trigger.setParameters({ productCodes: codes.join(',') });

		const again = await trigger.activate();

		expect(again.created).toBe(true);
		expect(enableCalls().map((call) => call.body)).toEqual([{ codigos: codes.slice(0, 2) }, { codigos: codes }]);
	});

	it('deactivation clears the record without calling Admintotal, so the next activation enables again', async () => {
		const codes = switchedOff(1);
		const trigger = await enablingTrigger(codes[0]);
		await trigger.activate();
		expect(trigger.nodeStaticData.enabledWebhooks).toBeDefined();

		await trigger.deactivate();

		expect(trigger.nodeStaticData.enabledWebhooks).toBeUndefined();
		expect(fixture.sandbox.requests).toHaveLength(1);
		const reactivated = await trigger.activate();
		expect(reactivated.created).toBe(true);
		expect(enableCalls()).toHaveLength(2);
	});

	it('the record is per tenant: the same codes on another tenant are enabled there', async () => {
		const other = await startSandbox();
		try {
			const codes = productCodes(fixture.sandbox, 2);
			const trigger = await enablingTrigger(codes.join(','));
			await trigger.activate();
			const moved = await pool.start({
				parameters: { event: 'priceStockChanged', authentication: 'none', enableProductWebhooks: true, productCodes: codes.join(',') },
				credentials: [apiCredential(other)],
			});
			moved.importStaticData(trigger.staticData);

			expect((await moved.activate()).created).toBe(true);
			expect(other.requests.filter((request) => request.path === HABILITAR)).toHaveLength(1);
		} finally {
			await other.close();
		}
	});

	it('codes Admintotal does not know fail the activation, naming them, and nothing is recorded', async () => {
		const [known] = switchedOff(1);
		const trigger = await enablingTrigger(`${known}, NO-EXISTE-1, NO-EXISTE-2`);

		await expect(trigger.activate()).rejects.toThrow('Admintotal has no products with the codes NO-EXISTE-1, NO-EXISTE-2');

		expect(enableCalls()).toHaveLength(1);
		expect(trigger.nodeStaticData.enabledWebhooks).toBeUndefined();
	});

	it('an API refusal fails the activation with the API message, and nothing is recorded', async () => {
		fixture.sandbox.faults.add({ method: 'POST', path: '/productos/habilitar_webhook/', status: 403, body: { detail: 'No tiene permiso para realizar esta acción.' } });
		const trigger = await enablingTrigger(switchedOff(1)[0]);

		const failure = await trigger.activate().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);

		expect(failure?.message).toContain('The Admintotal user is not allowed to do this');
		expect(failure?.description).toContain('No tiene permiso para realizar esta acción.');
		expect(trigger.nodeStaticData.enabledWebhooks).toBeUndefined();
	});

	it('"Enable Webhooks" on with an empty list fails the activation before any request', async () => {
		const trigger = await enablingTrigger(' ,\n ');

		await expect(trigger.activate()).rejects.toThrow('No product codes to enable webhooks for');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('without "Enable Webhooks" activation calls nothing (no API credential needed)', async () => {
		const trigger = await pool.start({ parameters: { event: 'priceStockChanged', authentication: 'none', productCodes: 'HER-00001' } });

		expect(await trigger.activate()).toEqual({ existed: true, created: false });
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('Product Created never enables product webhooks, even with the option left on', async () => {
		const trigger = await pool.start({
			parameters: { event: 'productCreated', authentication: 'none', enableProductWebhooks: true, productCodes: 'HER-00001' },
			credentials: [apiCredential(fixture.sandbox)],
		});

		expect(await trigger.activate()).toEqual({ existed: true, created: false });
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it.each([
		['headerToken', { username: 'a', password: 'b' }, 'The Admintotal Webhook Delivery credential has no Token'],
		['basicAuth', { username: 'a' }, 'The Admintotal Webhook Delivery credential has no Password'],
		['basicAuth', { token: DELIVERY_TOKEN }, 'The Admintotal Webhook Delivery credential has no Username or Password'],
	])('%s with a credential holding only %j fails the activation, saying what is missing', async (authentication, data, message) => {
		const trigger = await pool.start({
			parameters: { event: 'priceStockChanged', authentication },
			credentials: [deliveryCredential(data)],
		});

		await expect(trigger.activate()).rejects.toThrow(message);
	});

	it('Header Token and product codes together: activation enables, then authenticated deliveries start the workflow', async () => {
		const codes = switchedOff(2);
		const trigger = await pool.start({
			parameters: { event: 'priceStockChanged', authentication: 'headerToken', enableProductWebhooks: true, productCodes: codes.join(',') },
			credentials: [apiCredential(fixture.sandbox), deliveryCredential({ token: DELIVERY_TOKEN })],
		});
		await trigger.activate();

		const [result] = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, auth: { type: 'header', token: DELIVERY_TOKEN } });

		expect(result.status).toBe(200);
		expect(trigger.startedItems.map((item) => item.sku)).toEqual(expect.arrayContaining(codes));
	});
});
