/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import { Agent, request } from 'undici';
import type { PrecioExistencia, ProductoWebhook } from '../schemas/productos';
import { existencia, precioVenta } from '../store/precios';
import type { Store } from '../store/store';

/**
 * Admintotal's outbound webhooks, played against a URL of the test's choosing: the periodic
 * "Cambios de precios y existencias" (a JSON array of at most 50 {sku, precio, costo, stock},
 * all strings) and "Creación de productos" (one product object). Auth is optional: a token in
 * header `Api-key`, or HTTP Basic. No signature, as the documentation describes none.
 */

export type WebhookAuth =
	| { type: 'none' }
	| { type: 'header'; token: string }
	| { type: 'basic'; username: string; password: string };

export interface WebhookDelivery {
	url: string;
	auth?: WebhookAuth;
}

export interface PriceStockOptions extends WebhookDelivery {
	/** Product codes to send; default every product with `habilitar_webhook`. */
	codes?: string[];
	/** Warehouses whose stock is summed ("Almacén(es)"); default all. */
	warehouseIds?: number[];
	/** Warehouse whose price is sent ("Almacén de precios"); default the catalog price. */
	priceWarehouseId?: number;
	/** Send only products whose values changed since the last delivery to this URL. */
	onlyChanged?: boolean;
}

export interface ScheduleOptions extends PriceStockOptions {
	/** Default 240000 (every 4 minutes, as documented). */
	intervalMs?: number;
}

export type DeliveryResult = Pick<DeliveryRecord, 'status' | 'body'>;

export interface DeliveryRecord {
	kind: 'price-stock' | 'product-created' | 'raw';
	url: string;
	payload: unknown;
	status: number;
	body: string;
	/** Set when the request failed without an answer (refused, timed out). */
	error?: string;
	at: number;
}

/** Most products per price/stock request, as documented. */
export const PRICE_STOCK_BATCH_SIZE = 50;

export class WebhookSender {
	/** Every delivery attempted, in order, including scheduled ones. */
	readonly deliveries: DeliveryRecord[] = [];
	private readonly agent = new Agent({ keepAliveTimeout: 1000, connect: { timeout: 5000 } });
	private readonly schedules = new Set<NodeJS.Timeout>();
	private readonly lastSent = new Map<string, Map<string, string>>();

	constructor(private readonly store: Store) {}

	/** The price/stock rows that a delivery with these options would send now. */
	priceStockRows(options: Omit<PriceStockOptions, 'url' | 'auth'> = {}): PrecioExistencia[] {
		const productos = options.codes
			? options.codes.map((codigo) => {
					const producto = this.store.producto(codigo);
					if (!producto) throw new Error(`sendPriceStock: no product with codigo ${codigo}`);
					return producto;
				})
			: this.store.productos.filter((p) => p.habilitar_webhook);
		const almacenes = options.warehouseIds ?? this.store.almacenes.map((a) => a.id);
		return productos.map((p) => ({
			sku: p.codigo,
			precio: precioVenta(p, { almacen: options.priceWarehouseId }).toFixed(2),
			costo: p.costo.toFixed(2),
			stock: String(existencia(p, almacenes)),
		}));
	}

	/** POSTs the rows in batches of at most 50, one request per batch, in order. */
	async sendPriceStock(options: PriceStockOptions): Promise<(DeliveryResult & { batch: number })[]> {
		let rows = this.priceStockRows(options);
		if (options.onlyChanged) rows = this.changedSinceLastDelivery(options.url, rows);
		const results: (DeliveryResult & { batch: number })[] = [];
		for (let start = 0; start < rows.length; start += PRICE_STOCK_BATCH_SIZE) {
			const batch = rows.slice(start, start + PRICE_STOCK_BATCH_SIZE);
			const result = await this.post('price-stock', options, JSON.stringify(batch), 'application/json', batch);
			results.push({ ...result, batch: results.length + 1 });
		}
		return results;
	}

	/** POSTs one full product (default the newest), with the full unit objects of this webhook. */
	async sendProductCreated(options: WebhookDelivery & { productId?: number }): Promise<DeliveryResult> {
		const producto = options.productId !== undefined ? this.store.producto(options.productId) : this.store.productos[this.store.productos.length - 1];
		if (!producto) throw new Error(`sendProductCreated: no product ${options.productId ?? ''}`);
		const payload: ProductoWebhook = {
			...producto,
			info_almacenes: producto.info_almacenes.map((i) => ({ ...i })),
			unidades: producto.unidades.map((u) => ({
				...producto.unidad,
				id: u.id,
				factor: u.factor.toFixed(6),
				nombre: u.nombre,
				seleccionado: u.id === producto.unidad.id,
				seleccionado_compra: u.id === producto.unidad.id,
			})),
		};
		return this.post('product-created', options, JSON.stringify(payload), 'application/json', payload);
	}

	/** POSTs any body as is, for tests of malformed deliveries. */
	sendRaw(options: WebhookDelivery & { body: string; contentType?: string }): Promise<DeliveryResult> {
		return this.post('raw', options, options.body, options.contentType ?? 'application/json', options.body);
	}

	/** Delivers price/stock every `intervalMs` until stopped (or the sandbox closes); `stop` settles once a delivery under way has ended. */
	schedule(options: ScheduleOptions): { stop(): Promise<void> } {
		let running: Promise<void> | undefined;
		const timer = setInterval(() => {
			if (running) return;
			running = this.sendPriceStock(options)
				.then(() => undefined, () => undefined) // failures are in `deliveries`
				.finally(() => (running = undefined));
		}, options.intervalMs ?? 240000);
		timer.unref();
		this.schedules.add(timer);
		return {
			stop: async () => {
				clearInterval(timer);
				this.schedules.delete(timer);
				await running;
			},
		};
	}

	/** Stops every schedule and drops the outgoing connections (a delivery in flight fails). */
	async close(): Promise<void> {
		for (const timer of this.schedules) clearInterval(timer);
		this.schedules.clear();
		await this.agent.destroy();
	}

	private changedSinceLastDelivery(url: string, rows: PrecioExistencia[]): PrecioExistencia[] {
		const sent = this.lastSent.get(url) ?? new Map<string, string>();
		this.lastSent.set(url, sent);
		return rows.filter((row) => {
			const key = JSON.stringify(row);
			if (sent.get(row.sku) === key) return false;
			sent.set(row.sku, key);
			return true;
		});
	}

	private async post(kind: DeliveryRecord['kind'], delivery: WebhookDelivery, body: string, contentType: string, payload: unknown): Promise<DeliveryResult> {
		const headers: Record<string, string> = { 'content-type': contentType, 'user-agent': 'python-requests/2.31.0', accept: '*/*' };
		const auth = delivery.auth ?? { type: 'none' };
		if (auth.type === 'header') headers['Api-key'] = auth.token;
		if (auth.type === 'basic') headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
		const record: DeliveryRecord = { kind, url: delivery.url, payload, status: 0, body: '', at: Date.now() };
		this.deliveries.push(record);
		const sent = request(delivery.url, { method: 'POST', headers, body, dispatcher: this.agent, headersTimeout: 10000, bodyTimeout: 10000 });
		// A failed delivery is kept in `deliveries` and still rejects for the caller.
		sent.catch((error: Error) => (record.error = error.message));
		const response = await sent;
		record.status = response.statusCode;
		record.body = await response.body.text();
		return { status: record.status, body: record.body };
	}
}
