import type { IHookFunctions, INodeProperties, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { changedInVersion } from '../shared/fields/field';
import { CREDENTIAL_TYPE } from '../shared/tenant/tenant';
import { createWebhook, deleteWebhook, webhookExists } from './activation';
import { testDeliveryCredential } from './deliveryCredentialCheck';
import { receiveDelivery } from './receive';

const priceStockOnly = { show: { event: ['priceStockChanged'] } };
// `hide` rather than a second `show` key: n8n 2.8's editor hides every boolean a credential is shown by, which made Event disappear.
const productWebhooksOn = { show: { event: ['priceStockChanged'] }, hide: { enableProductWebhooks: [false] } };

/** The first version whose Delivery Authentication starts at Header Token. */
const AUTHENTICATED_SINCE = 2;

const authenticationOptions = [
	{ name: 'Basic Auth', value: 'basicAuth', description: 'Admintotal sends a username and password (HTTP Basic)' },
	{ name: 'Header Token', value: 'headerToken', description: 'Admintotal sends a token in the Api-key header' },
	{ name: 'None', value: 'none', description: 'Anyone who knows the URL can start the workflow' },
];

/** Delivery Authentication: version 1 started at None, which let anyone who knew the URL deliver; later versions start at Header Token. */
const deliveryAuthentication: INodeProperties = {
	displayName: 'Delivery Authentication',
	name: 'authentication',
	type: 'options',
	noDataExpression: true,
	default: 'headerToken',
	description: 'How Admintotal proves a delivery comes from it; deliveries that fail the check get 401 and start nothing',
	options: authenticationOptions,
};
const authenticationProperties = changedInVersion(AUTHENTICATED_SINCE, { ...deliveryAuthentication, default: 'none' }, deliveryAuthentication);

/** What the Delivery Authentication chosen asks the user to set in Admintotal. */
function notice(name: string, authentication: string, displayName: string): INodeProperties {
	return { displayName, name, type: 'notice', default: '', displayOptions: { show: { authentication: [authentication] } } };
}

export class AdmintotalTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Admintotal Trigger',
		name: 'admintotalTrigger',
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		group: ['trigger'],
		version: [1, AUTHENTICATED_SINCE],
		defaultVersion: AUTHENTICATED_SINCE,
		subtitle: '={{ $parameter["event"] === "productCreated" ? "Product Created" : "Price and Stock Changed" }}',
		description: 'Starts the workflow when Admintotal sends product price and stock changes or a new product',
		defaults: { name: 'Admintotal Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: CREDENTIAL_TYPE, required: true, displayOptions: productWebhooksOn },
			{ name: 'admintotalWebhookApi', required: true, testedBy: 'admintotalWebhookDelivery', displayOptions: { show: { authentication: ['headerToken', 'basicAuth'] } } },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// The node answers every delivery itself, at once (receive.ts); the workflow runs afterwards.
				responseMode: 'onReceived',
				// Were n8n ever to answer, empty gives {"message":"Workflow was started"}, not the word "firstEntryJson".
				responseData: '',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					// No address here: the panel cannot wrap a long URL and would cut the text off (docs/trigger.md has it).
					'In Admintotal open Configuración → Webhooks, add one webhook configuration for the event chosen below and paste this URL into it: the Test URL while listening for a test event, the Production URL once the workflow is active. Each event needs its own configuration and its own trigger.',
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				required: true,
				default: 'priceStockChanged',
				options: [
					{ name: 'Price and Stock Changed', value: 'priceStockChanged', description: 'Admintotal "Actualización de precios y existencias de productos": every four minutes, up to 50 products; one item per product' },
					{ name: 'Product Created', value: 'productCreated', description: 'Admintotal "Creación de productos": one item with the new product' },
				],
			},
			...authenticationProperties,
			notice('headerTokenNotice', 'headerToken', "In Admintotal's webhook configuration, choose token authentication and paste the Token of the credential below"),
			notice('basicAuthNotice', 'basicAuth', "In Admintotal's webhook configuration, choose Basic authentication and enter the Username and Password of the credential below"),
			notice('noAuthenticationNotice', 'none', 'Anyone who knows the Production URL can start this workflow'),
			{
				displayName: 'Enable Webhooks in Admintotal on Activation',
				name: 'enableProductWebhooks',
				type: 'boolean',
				default: false,
				displayOptions: priceStockOnly,
				description:
					'Whether activating the workflow switches on the price and stock webhook of the products listed below (Admintotal only reports products whose webhook is on). Needs the Admintotal API credential.',
			},
			{
				displayName: 'Enable Webhooks for Product Codes',
				name: 'productCodes',
				type: 'string',
				typeOptions: { rows: 2 },
				required: true,
				default: '',
				placeholder: 'e.g. HER-00001, HER-00002',
				displayOptions: productWebhooksOn,
				description:
					'Product codes (codigo) separated by commas or line breaks. Sent to Admintotal once per activation; activating again with the same codes sends nothing.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				displayOptions: priceStockOnly,
				options: [
					{
						displayName: 'Only Changed Since Last Delivery',
						name: 'onlyChanged',
						type: 'boolean',
						default: false,
						description:
							'Whether to report only products whose price, cost or stock differs from the last delivery that included them (remembered in the workflow). A delivery without changes starts no workflow.',
					},
					{
						displayName: 'Only These SKUs',
						name: 'onlySkus',
						type: 'string',
						default: '',
						placeholder: 'e.g. HER-00001, HER-00002',
						description: 'Report only these products (sku, separated by commas or line breaks); other rows are ignored',
					},
				],
			},
		],
	};

	methods = { credentialTest: { admintotalWebhookDelivery: testDeliveryCredential } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhookExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createWebhook.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteWebhook.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
