import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ENABLE_WEBHOOKS_PATH, PRODUCTS_PATH } from '../shared/products';
import { sendRequest } from '../shared/tenant/request';
import { Tenant } from '../shared/tenant/tenant';
import { parseCodeList, sameCodes } from './codes';
import type { DeliveryAuthentication } from './deliveryAuthentication';
import { WEBHOOK_CREDENTIAL_TYPE, missingFields } from './deliveryAuthentication';

/**
 * The webhook lifecycle n8n runs on activation (checkExists, then create if needed) and on
 * deactivation (delete). Admintotal has no API to register a delivery URL: the user pastes it in
 * Admintotal's settings. What the API can do is switch on the price/stock webhook of products
 * (`POST productos/habilitar_webhook/`), so that is what activation does when asked to. The API
 * cannot list which products are switched on, so what was enabled is recorded in the node's
 * static data, per tenant, and a second activation with the same codes sends nothing.
 */

/** Kept in `getWorkflowStaticData('node')` under ENABLED_KEY. */
export interface EnabledWebhooks {
	/** API base of the tenant the codes were enabled on. */
	tenant: string;
	codes: string[];
	/** ISO time of the request, for a person reading the static data. */
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
			description:
				'The other codes were enabled. Correct or remove these in "Enable Webhooks for Product Codes" and activate the workflow again.',
		});
	}
	const record: EnabledWebhooks = { tenant: tenant.apiBase, codes, enabledAt: new Date().toISOString() };
	this.getWorkflowStaticData('node')[ENABLED_KEY] = record as unknown as IDataObject;
	return true;
}

export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	// Nothing is sent to Admintotal: its API has no call to disable a product's webhook or to
	// remove a delivery URL, and the per-product switch is shared by every webhook configuration
	// of the tenant, so turning it off could silence another integration. Forgetting the record
	// makes the next activation enable the codes again.
	delete this.getWorkflowStaticData('node')[ENABLED_KEY];
	return true;
}

/** Codes the API reported as unknown (`no_encontrados`), when it reports them. */
function notFoundCodes(body: unknown): string[] {
	const list = (body as IDataObject | undefined)?.no_encontrados;
	return Array.isArray(list) ? list.map(String) : [];
}
