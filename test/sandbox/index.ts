import { DEMO } from './demo';
import { ListOrdering } from './drf/ordering';
import { seedStore } from './seed/index';
import { Authenticator } from './server/authentication';
import { buildServer } from './server/app';
import { registerControl } from './server/control';
import { DemoShop } from './server/demoShop';
import { FaultInjector } from './server/faults';
import { RequestLog } from './server/recording';
import type { Sandbox, SandboxOptions } from './types';
import { WebhookSender } from './webhooks/sender';

/**
 * The sandbox tenant (see README.md): seeded data, request recording, fault injection and the outbound webhooks.
 *   const sandbox = await startSandbox();
 *   await fetch(`${sandbox.apiBase}/productos/`, { headers: { 'Api-key': DEMO.apiKey } });
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const store = seedStore(options.seed ?? DEMO.seed, options.volume);
	const auth = new Authenticator(store, {
		accessSeconds: options.accessTokenTtlSeconds ?? 300,
		refreshSeconds: options.refreshTokenTtlSeconds ?? 86400,
	});
	const faults = new FaultInjector();
	const log = new RequestLog();
	const webhooks = new WebhookSender(store);
	// One object the server reads at each request, so `sandbox.pace` changes it while it runs.
	const pace = { ...options.pace };
	const listOrdering = new ListOrdering(options.listOrder);
	const { app } = buildServer({
		store,
		auth,
		faults,
		log,
		pageSize: options.pageSize ?? { default: 20, max: 200 },
		linkOrigin: options.linkOrigin,
		listOrdering,
		logger: options.log ?? false,
		pace,
	});
	let url = '';
	registerControl(app, { store, auth, faults, log, webhooks, pace, listOrdering, describe: () => ({ url, apiBase: `${url}/api/v2` }) });
	const shop = new DemoShop();
	shop.register(app);
	await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
	url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

	let closing: Promise<void> | undefined;
	return {
		url,
		apiBase: `${url}/api/v2`,
		requests: log.requests,
		clearRequests: () => log.clear(),
		faults,
		auth,
		store,
		webhooks,
		shop,
		pace,
		get listOrder() {
			return listOrdering.order;
		},
		set listOrder(order) {
			listOrdering.order = order;
		},
		close: () => (closing ??= webhooks.close().then(() => app.close())),
	};
}

export { DEMO } from './demo';
export * from './schemas';
export { READ_ONLY_RESOURCES, type ReadOnlyResource } from './resources/index';
export type { FaultRule, Pace, RecordedRequest, ResourceName, Sandbox, SandboxAuth, SandboxOptions } from './types';
export type { Store, ClienteInterno, Credencial, NotaVentaExtra } from './store/store';
export type { WebhookAuth, WebhookDelivery, WebhookSender, PriceStockOptions, ScheduleOptions, DeliveryRecord } from './webhooks/sender';
export { PRICE_STOCK_BATCH_SIZE } from './webhooks/sender';
export { DEFAULT_VOLUME } from './seed/index';
export { LIST_ORDERS, isListOrder, type ListOrder } from './drf/ordering';
