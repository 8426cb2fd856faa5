import type { ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import type { Sandbox } from '../sandbox';
import { sandboxPerFile } from '../nodes/fixture';
import { loadPackage } from '../harness/package';
import { sameSecret } from '../../nodes/AdmintotalTrigger/deliveryAuthentication';
import { DELIVERY_PASSWORD, DELIVERY_TOKEN, DELIVERY_USER, deliveryCredential, oneCharacterOff, parsed, productCodes, triggerPool } from './fixture';

/** Delivery authentication: a refused delivery gets 401 and never starts a workflow. */
describe('Admintotal Trigger: delivery authentication', () => {
	const fixture = sandboxPerFile();
	const pool = triggerPool();

	const send = (url: string, auth?: Parameters<Sandbox['webhooks']['sendPriceStock']>[0]['auth']) =>
		fixture.sandbox.webhooks.sendPriceStock({ url, auth, codes: productCodes(fixture.sandbox, 5) }).then(([result]) => result);

	describe('Header Token', () => {
		const tokenTrigger = () =>
			pool.start({
				parameters: { event: 'priceStockChanged', authentication: 'headerToken' },
				credentials: [deliveryCredential({ token: DELIVERY_TOKEN })],
			});

		it('the right token in Api-key starts the workflow', async () => {
			const trigger = await tokenTrigger();
			const result = await send(trigger.url, { type: 'header', token: DELIVERY_TOKEN });

			expect(result.status).toBe(200);
			expect(trigger.startedItems).toHaveLength(5);
			expect(trigger.deliveries[0].headers['api-key']).toBe(DELIVERY_TOKEN);
		});

		it.each([
			['a token one character off', { type: 'header' as const, token: oneCharacterOff(DELIVERY_TOKEN) }],
			['a prefix of the token', { type: 'header' as const, token: DELIVERY_TOKEN.slice(0, -1) }],
			['the token plus one character', { type: 'header' as const, token: `${DELIVERY_TOKEN}x` }],
			['no token', undefined],
			['Basic credentials instead', { type: 'basic' as const, username: DELIVERY_USER, password: DELIVERY_TOKEN }],
		])('%s gets 401 and starts nothing', async (_case, auth) => {
			const trigger = await tokenTrigger();
			const result = await send(trigger.url, auth);

			expect(result.status).toBe(401);
			expect(parsed(result.body)).toEqual({ message: 'Unauthorized' });
			expect(trigger.executions).toHaveLength(0);
			expect(trigger.staticDataSaves).toBe(0);
		});

		it('authentication is checked before the body: a malformed body with no token gets 401, not 400', async () => {
			const trigger = await tokenTrigger();
			const result = await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: '[{"sku":', contentType: 'text/plain' });

			expect(result.status).toBe(401);
		});
	});

	describe('Basic Auth', () => {
		const basicTrigger = (data = { username: DELIVERY_USER, password: DELIVERY_PASSWORD }) =>
			pool.start({
				parameters: { event: 'priceStockChanged', authentication: 'basicAuth' },
				credentials: [deliveryCredential(data)],
			});

		it('the right username and password start the workflow (a password may hold colons)', async () => {
			const trigger = await basicTrigger();
			const result = await send(trigger.url, { type: 'basic', username: DELIVERY_USER, password: DELIVERY_PASSWORD });

			expect(result.status).toBe(200);
			expect(trigger.startedItems).toHaveLength(5);
		});

		it.each([
			['a password one character off', { type: 'basic' as const, username: DELIVERY_USER, password: oneCharacterOff(DELIVERY_PASSWORD) }],
			['a wrong username', { type: 'basic' as const, username: 'admintotal', password: DELIVERY_PASSWORD }],
			['username and password swapped', { type: 'basic' as const, username: DELIVERY_PASSWORD, password: DELIVERY_USER }],
			['no credentials', undefined],
			['a header token instead', { type: 'header' as const, token: DELIVERY_PASSWORD }],
		])('%s gets 401 with a Basic challenge and starts nothing', async (_case, auth) => {
			const trigger = await basicTrigger();
			const result = await send(trigger.url, auth);

			expect(result.status).toBe(401);
			expect(trigger.executions).toHaveLength(0);
			expect(trigger.deliveries[0].responseHeaders['www-authenticate']).toBe('Basic realm="Admintotal Trigger"');
		});
	});

	describe('node versions: what Delivery Authentication starts at', () => {
		it('a new trigger (version 2) left at its default needs the Header Token: anonymous deliveries get 401', async () => {
			const trigger = await pool.start({
				typeVersion: 2,
				parameters: { event: 'priceStockChanged' },
				credentials: [deliveryCredential({ token: DELIVERY_TOKEN })],
			});

			const anonymous = await send(trigger.url);
			const withToken = await send(trigger.url, { type: 'header', token: DELIVERY_TOKEN });

			expect([anonymous.status, withToken.status]).toEqual([401, 200]);
			expect(trigger.executions).toHaveLength(1);
		});

		it('a version 2 trigger left at its default cannot be activated without a delivery credential', async () => {
			const trigger = await pool.start({ typeVersion: 2, parameters: { event: 'priceStockChanged' } });

			await expect(trigger.activate()).rejects.toThrow();
			expect((await send(trigger.url)).status).not.toBe(200);
			expect(trigger.executions).toHaveLength(0);
		});

		it('a version 1 trigger saved without Delivery Authentication keeps accepting anonymous deliveries, as it always did', async () => {
			const trigger = await pool.start({ typeVersion: 1, parameters: { event: 'priceStockChanged' } });
			const result = await send(trigger.url);

			expect(result.status).toBe(200);
			expect(trigger.startedItems).toHaveLength(5);
		});

		it('version 2 reads a delivery sent without a JSON Content-Type, which n8n leaves unread for it', async () => {
			const trigger = await pool.start({ typeVersion: 2, parameters: { event: 'priceStockChanged' }, credentials: [deliveryCredential({ token: DELIVERY_TOKEN })] });
			const body = JSON.stringify([{ sku: 'A-1', precio: '1', costo: '1', stock: '1' }]);

			const result = await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body, contentType: 'application/octet-stream', auth: { type: 'header', token: DELIVERY_TOKEN } });

			expect(result.status).toBe(200);
			expect(trigger.startedItems.map((item) => item.sku)).toEqual(['A-1']);
		});
	});

	it('a credential without the secret the mode needs admits nobody', async () => {
		const trigger = await pool.start({
			parameters: { event: 'priceStockChanged', authentication: 'headerToken' },
			credentials: [deliveryCredential({ username: DELIVERY_USER, password: DELIVERY_PASSWORD })],
		});
		const withEmptyToken = await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: '[]', auth: { type: 'header', token: '' } });
		const withBasic = await send(trigger.url, { type: 'basic', username: DELIVERY_USER, password: DELIVERY_PASSWORD });

		expect([withEmptyToken.status, withBasic.status]).toEqual([401, 401]);
		expect(trigger.executions).toHaveLength(0);
	});

	it('secrets are compared as equal-length digests, so any length can be compared safely', () => {
		expect(sameSecret(DELIVERY_TOKEN, DELIVERY_TOKEN)).toBe(true);
		expect(sameSecret(DELIVERY_TOKEN, '')).toBe(false);
		expect(sameSecret(DELIVERY_TOKEN, `${DELIVERY_TOKEN}${'x'.repeat(5000)}`)).toBe(false);
		expect(sameSecret('ñandú', 'ñandú')).toBe(true);
	});

	describe('the credential Test button', () => {
		const runTest = async (data: Record<string, string>): Promise<INodeCredentialTestResult> => {
			const trigger = (await loadPackage()).node('admintotalTrigger');
			const credentialTest = trigger.methods?.credentialTest?.admintotalWebhookDelivery;
			if (!credentialTest) throw new Error('the trigger has no credential test');
			return await credentialTest.call({} as ICredentialTestFunctions, { id: 'c', name: 'c', type: 'admintotalWebhookApi', data });
		};

		it('is declared on the trigger for the delivery credential (testedBy)', async () => {
			const trigger = (await loadPackage()).node('admintotalTrigger');
			const entry = trigger.description.credentials?.find((credential) => credential.name === 'admintotalWebhookApi');
			expect(entry?.testedBy).toBe('admintotalWebhookDelivery');
		});

		it.each([
			[{ token: DELIVERY_TOKEN }, 'OK'],
			[{ username: DELIVERY_USER, password: DELIVERY_PASSWORD }, 'OK'],
			[{}, 'Error'],
			[{ username: DELIVERY_USER }, 'Error'],
			[{ token: ` ${DELIVERY_TOKEN}` }, 'Error'],
			[{ token: 'contraseña' }, 'Error'],
			[{ username: 'user:name', password: 'x' }, 'Error'],
		])('%j → %s', async (data, status) => {
			const result = await runTest(data);
			expect(result.status).toBe(status);
			expect(result.message.length).toBeGreaterThan(10);
		});
	});
});
