import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { loadPackage } from '../harness/package';

/** What n8n reads from the description: a POST webhook trigger, and credentials shown only when needed. */
describe('Admintotal Trigger: description', () => {
	const trigger = async () => (await loadPackage()).node('admintotalTrigger');

	it('is a trigger with no input, one POST webhook answered on receipt, and not usable as a tool', async () => {
		const { description } = await trigger();

		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' }]);
		expect(Object.keys((await trigger()).webhookMethods?.default ?? {}).sort()).toEqual(['checkExists', 'create', 'delete']);
	});

	it('the delivery credential is registered in the package', async () => {
		const pkg = await loadPackage();
		expect(pkg.credential('admintotalWebhookApi').properties.map((property) => property.name)).toEqual(['notice', 'token', 'username', 'password']);
	});

	it('has version 2, the version a new trigger gets; version 1 stays for saved workflows', async () => {
		const { description } = await trigger();

		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
	});

	it.each([
		[2, { event: 'priceStockChanged' }, ['admintotalWebhookApi'], ['headerTokenNotice']],
		[1, { event: 'priceStockChanged' }, [], ['noAuthenticationNotice']],
		[2, { event: 'productCreated', authentication: 'basicAuth' }, ['admintotalWebhookApi'], ['basicAuthNotice']],
		[2, { event: 'priceStockChanged', authentication: 'none' }, [], ['noAuthenticationNotice']],
		[1, { event: 'priceStockChanged', authentication: 'headerToken' }, ['admintotalWebhookApi'], ['headerTokenNotice']],
		[2, { event: 'priceStockChanged', authentication: 'basicAuth', enableProductWebhooks: true }, ['admintotalApi', 'admintotalWebhookApi'], ['basicAuthNotice']],
		[2, { event: 'priceStockChanged', authentication: 'none', enableProductWebhooks: true }, ['admintotalApi'], ['noAuthenticationNotice']],
		[2, { event: 'productCreated', authentication: 'none', enableProductWebhooks: true }, [], ['noAuthenticationNotice']],
	])('version %d with %j asks for %j and explains %j', async (typeVersion, parameters, credentials, notices) => {
		const { description } = await trigger();
		const node = { typeVersion, parameters } as unknown as INode;
		const values = NodeHelpers.getNodeParameters(description.properties, parameters as INodeParameters, true, false, node, description)!;
		const shown = <T extends { name: string; displayOptions?: unknown }>(entries: T[]) =>
			entries.filter((entry) => NodeHelpers.displayParameter(values, entry as never, node, description, values)).map((entry) => entry.name);

		expect(shown(description.credentials ?? [])).toEqual(credentials);
		expect(shown(description.properties.filter((property) => property.type === 'notice' && property.name !== 'setupNotice'))).toEqual(notices);
	});
});
