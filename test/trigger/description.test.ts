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

	it.each([
		[{ event: 'priceStockChanged', authentication: 'none' }, []],
		[{ event: 'priceStockChanged', authentication: 'headerToken' }, ['admintotalWebhookApi']],
		[{ event: 'priceStockChanged', authentication: 'basicAuth', enableProductWebhooks: true }, ['admintotalApi', 'admintotalWebhookApi']],
		[{ event: 'priceStockChanged', authentication: 'none', enableProductWebhooks: true }, ['admintotalApi']],
		[{ event: 'productCreated', authentication: 'none', enableProductWebhooks: true }, []],
	])('with %j n8n asks for %j', async (parameters, expected) => {
		const { description } = await trigger();
		const node = { parameters } as unknown as INode;
		const values = NodeHelpers.getNodeParameters(description.properties, parameters as INodeParameters, true, false, node, description)!;
		const shown = (description.credentials ?? [])
			.filter((credential) => NodeHelpers.displayParameter(values, credential, node, description, values))
			.map((credential) => credential.name);
		expect(shown).toEqual(expected);
	});
});
