import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ENABLE_WEBHOOKS_PATH, PRODUCTS_PATH } from '../shared/products';
import { sendRequest } from '../shared/tenant/request';
import { Tenant } from '../shared/tenant/tenant';
import { parseCodeList, sameCodes } from './codes';
import type { DeliveryAuthentication } from './deliveryAuthentication';
import { WEBHOOK_CREDENTIAL_TYPE, missingFields } from './deliveryAuthentication';

/**
 * n8n's webhook lifecycle. Admintotal has no API to register a delivery URL (the user pastes it); activation can only switch on
 * products' price/stock webhook, and as the API cannot list them, what was enabled is kept in static data, per tenant.
 */

/** Kept in the node's static data under ENABLED_KEY: the tenant's API base, the codes, and when (for a person reading it). */
export interface EnabledWebhooks {
	tenant: string;
	codes: string[];
	enabledAt: string;
}

export const ENABLED_KEY = 'enabledWebhooks';

/** Codes to enable, or none when the node is not asked to enable anything. */
function requestedCodes(context: IHookFunctions): string[] {
	if (context.getNodeParameter('event') !== 'priceStockChanged') return [];
	if (context.getNodeParameter('enableProductWebhooks', false) !== true) return [];
	const codes = parseCodeList(context.getNodeParameter('productCodes', ''), 'Enable Webhooks for Product Codes');
	if (codes.length === 0) {
		throw new NodeOperationError(context.getNode(), 'No product codes to enable webhooks for', {
			description: 'Fill "Enable Webhooks for Product Codes" (codes separated by commas or line breaks) or turn the option off.',
		});
	}
	return codes;
}

/** Activation fails early when deliveries could never be accepted. */
async function assertDeliveryCredentialComplete(context: IHookFunctions): Promise<void> {
	const mode = context.getNodeParameter('authentication') as DeliveryAuthentication;
	if (mode === 'none') return;
	const credential = await context.getCredentials(WEBHOOK_CREDENTIAL_TYPE);
	const missing = missingFields(mode, credential);
	if (missing.length > 0) {
		const label = mode === 'headerToken' ? 'Header Token' : 'Basic Auth';
		throw new NodeOperationError(context.getNode(), `The Admintotal Webhook Delivery credential has no ${missing.join(' or ')}`, {
			description: `Delivery Authentication is "${label}", which needs the ${missing.join(' and ')} in the credential; until then every delivery is refused with 401.`,
		});
	}
}

function recordOf(context: IHookFunctions): EnabledWebhooks | undefined {
	const record = context.getWorkflowStaticData('node')[ENABLED_KEY] as EnabledWebhooks | undefined;
	return record && Array.isArray(record.codes) ? record : undefined;
}

export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	await assertDeliveryCredentialComplete(this);
	const codes = requestedCodes(this);
	// Nothing to switch on: the URL pasted in Admintotal is all a delivery needs.
	if (codes.length === 0) return true;
	const record = recordOf(this);
	if (!record) return false;
	return record.tenant === (await Tenant.open(this)).apiBase && sameCodes(record.codes, codes);
}

export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const codes = requestedCodes(this);
	if (codes.length === 0) return true;
	const tenant = await Tenant.open(this);
	const response = await sendRequest(tenant, { method: 'POST', url: PRODUCTS_PATH + ENABLE_WEBHOOKS_PATH, body: { codigos: codes } });
	const notFound = notFoundCodes(response.body);
	if (notFound.length > 0) {
		throw new NodeOperationError(this.getNode(), `Admintotal has no products with the codes ${notFound.join(', ')}`, {
			description: 'The other codes were enabled. Correct or remove these in "Enable Webhooks for Product Codes" and activate the workflow again.',
		});
	}
	const record: EnabledWebhooks = { tenant: tenant.apiBase, codes, enabledAt: new Date().toISOString() };
	this.getWorkflowStaticData('node')[ENABLED_KEY] = record as unknown as IDataObject;
	return true;
}

export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	// Nothing is sent: the API cannot disable a product's webhook, a switch shared with the tenant's other integrations anyway.
	delete this.getWorkflowStaticData('node')[ENABLED_KEY];
	return true;
}

/** Codes the API reported as unknown (`no_encontrados`), when it reports them. */
function notFoundCodes(body: unknown): string[] {
	const list = (body as IDataObject | undefined)?.no_encontrados;
	return Array.isArray(list) ? list.map(String) : [];
}
