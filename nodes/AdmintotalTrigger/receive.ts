import { randomUUID } from 'node:crypto';
import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { applyDelivery, mergeMemories, readMemory, saveMemory, today, type DeliveryMemory } from './changes';
import { parseCodeList } from './codes';
import type { DeliveryAuthentication } from './deliveryAuthentication';
import { BASIC_REALM, WEBHOOK_CREDENTIAL_TYPE, isAuthorized } from './deliveryAuthentication';
import { createdProduct, priceStockItem, priceStockRows, readJsonDocument, type PriceStockRow } from './payload';

// Every delivery is answered here, at once, even one that starts a workflow: n8n saves the static data when the answer is sent,
// and n8n 2.41's own answer comes after the run cleared its change flag, so Only Changed would forget every later delivery.

export type TriggerEvent = 'priceStockChanged' | 'productCreated';

/** Node static data key of the per-SKU memory for "Only Changed Since Last Delivery". */
export const MEMORY_KEY = 'lastDelivered';
/** Node static data key naming the save of the memory: this process and which of its saves. */
export const MEMORY_SAVED_BY_KEY = 'lastDeliveredBy';

/**
 * Overlapping deliveries each save their own copy of the static data, in any order: this memory per trigger sees every delivery
 * of the process, merges other saves in, and saves again on finding another save than its last, so a stale copy does not stay.
 */
const memories = new Map<string, { memory: DeliveryMemory; savedAs: string }>();
const PROCESS = randomUUID();
let saves = 0;

interface PriceStockOptions {
	onlySkus?: string;
	onlyChanged?: boolean;
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	// No fallback: n8n fills in the default of the node's version (None in version 1, Header Token after).
	const mode = this.getNodeParameter('authentication') as DeliveryAuthentication;
	const credential = mode === 'none' ? {} : await this.getCredentials(WEBHOOK_CREDENTIAL_TYPE);
	if (!isAuthorized(mode, this.getHeaderData(), credential)) {
		if (mode === 'basicAuth') this.getResponseObject().setHeader('WWW-Authenticate', `Basic realm="${BASIC_REALM}"`);
		return answer(this, 401, 'Unauthorized');
	}

	const request = this.getRequestObject();
	// From version 2 on, n8n reads only JSON, text, form and XML bodies itself; the rest is read on request.
	if (request.rawBody === undefined) await request.readRawBody();
	const read = readJsonDocument({ contentType: mediaType(this.getHeaderData()['content-type']), body: request.body as unknown, rawBody: request.rawBody });
	if (!read.ok) return answer(this, 400, read.reason);
	const document = read.value;

	const event = this.getNodeParameter('event') as TriggerEvent;
	if (event === 'productCreated') {
		const product = createdProduct(document.value);
		if (!product.ok) return answer(this, 400, product.reason);
		return start(this, [{ json: product.value }]);
	}

	const rows = priceStockRows(document);
	if (!rows.ok) return answer(this, 400, rows.reason);
	const options = this.getNodeParameter('options', {}) as PriceStockOptions;
	const reported = selectRows(this, rows.value, options);
	if (reported.length === 0) return answer(this, 200, 'Received; no product to report, no workflow started');
	// Items are built directly: returnJsonArray would take a delivered field named `json` as the item.
	return start(this, reported.map((row) => ({ json: priceStockItem(row) })));
}

function selectRows(context: IWebhookFunctions, rows: PriceStockRow[], options: PriceStockOptions): PriceStockRow[] {
	const onlySkus = parseCodeList(options.onlySkus ?? '', 'Only These SKUs');
	const wanted = onlySkus.length === 0 ? rows : rows.filter((row) => onlySkus.includes(row.sku));
	if (options.onlyChanged !== true) return wanted;
	return changedRows(context, wanted);
}

function changedRows(context: IWebhookFunctions, rows: PriceStockRow[]): PriceStockRow[] {
	const staticData = context.getWorkflowStaticData('node');
	const key = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	const day = today();
	const kept = memories.get(key);
	const savedBy = staticData[MEMORY_SAVED_BY_KEY];
	// What this process saved is already in the memory it keeps; anything else is merged in.
	const ownSave = kept !== undefined && typeof savedBy === 'string' && savedBy.startsWith(`${PROCESS}:`);
	const saved = ownSave ? kept.memory : readMemory(staticData[MEMORY_KEY], day);
	let memory = kept === undefined || ownSave ? saved : mergeMemories(saved, kept.memory);
	// A test event compares with the production memory but must not change it (n8n does not save it either).
	const isTest = context.getMode() === 'manual';
	if (isTest) memory = new Map(memory);
	const { changed, memoryChanged } = applyDelivery(rows, memory, day);
	if (isTest) return changed;
	if (!memoryChanged && kept !== undefined && savedBy === kept.savedAs) {
		memories.set(key, { memory, savedAs: kept.savedAs });
		return changed;
	}
	const savedAs = `${PROCESS}:${++saves}`;
	memories.set(key, { memory, savedAs });
	// Assigned whole, so n8n sees the static data changed and saves it when the delivery is answered.
	staticData[MEMORY_KEY] = saveMemory(memory);
	staticData[MEMORY_SAVED_BY_KEY] = savedAs;
	return changed;
}

/** Writes the answer itself, so n8n sends nothing more and starts no workflow. */
function answer(context: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

/** Answers 200 with n8n's own words for a started workflow, then hands n8n the items to run. */
function start(context: IWebhookFunctions, items: INodeExecutionData[]): IWebhookResponseData {
	return { ...answer(context, 200, 'Workflow was started'), workflowData: [items] };
}

function mediaType(header: string | string[] | undefined): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	return value?.split(';')[0].trim().toLowerCase() || undefined;
}
