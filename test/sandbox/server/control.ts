import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIST_ORDERS, isListOrder } from '../drf/ordering';
import type { FaultRule } from '../types';
import type { PriceStockOptions, ScheduleOptions, WebhookDelivery, WebhookSender } from '../webhooks/sender';
import type { ServerParts } from './app';
import { CONTROL_PREFIX } from './recording';

/** `Sandbox`'s controls over HTTP under /__sandbox/, for scripts and real n8n runs: no auth, never recorded or faulted. */

type ControlParts = Pick<ServerParts, 'store' | 'auth' | 'faults' | 'log' | 'pace' | 'listOrdering'> & {
	webhooks: WebhookSender;
	describe: () => { url: string; apiBase: string };
};

const HEALTH_COUNTS = [
	'productos', 'notasVenta', 'pedidos', 'notasCredito', 'consumoInterno', 'ordenesServicio', 'prospectos', 'listaNegra',
] as const;

/** A fault rule in JSON: `pathPattern` (+ `pathFlags`) stands for a RegExp `path`. */
type FaultRuleJson = Omit<FaultRule, 'path'> & { path?: string; pathPattern?: string; pathFlags?: string };

export function registerControl(app: FastifyInstance, parts: ControlParts): void {
	const { store, auth, faults, log, webhooks, pace, listOrdering } = parts;
	const schedules: { stop(): void }[] = [];
	const route = (path: string) => `${CONTROL_PREFIX}${path}`;

	app.get(route('/health'), async () => ({
		ok: true,
		...parts.describe(),
		requests: log.requests.length,
		faults: faults.rules.length,
		listOrder: listOrdering.order,
		counts: Object.fromEntries(HEALTH_COUNTS.map((name) => [name, store[name].length])),
	}));

	app.get(route('/requests'), async () => log.requests);
	app.delete(route('/requests'), noContent(() => log.clear()));

	app.get(route('/faults'), async () => faults.rules.map((r) => ({ ...r, path: r.path instanceof RegExp ? String(r.path) : r.path })));
	app.post(route('/faults'), async (request, reply) => {
		const { pathPattern, pathFlags, ...rule } = (request.body ?? {}) as FaultRuleJson;
		try {
			faults.add(pathPattern !== undefined ? { ...rule, path: new RegExp(pathPattern, pathFlags) } : rule);
		} catch (error) {
			return badRequest(reply, error);
		}
		return reply.code(201).send({ rules: faults.rules.length });
	});
	app.delete(route('/faults'), noContent(() => faults.clear()));

	// The tenant's pace (server/pace.ts): PUT replaces it whole, {} is as fast as this machine answers.
	app.get(route('/pace'), async () => pace);
	app.put(route('/pace'), async (request) => {
		for (const key of Object.keys(pace)) delete pace[key as keyof typeof pace];
		return Object.assign(pace, request.body as object);
	});

	// The order the lists come in: {"order": "id" | "-id" | "fecha" | "-fecha"}.
	app.get(route('/list-order'), async () => ({ order: listOrdering.order }));
	app.put(route('/list-order'), async (request, reply) => {
		const order = (request.body as { order?: unknown } | undefined)?.order;
		if (!isListOrder(order)) return badRequest(reply, new Error(`order must be one of ${LIST_ORDERS.join(', ')}`));
		listOrdering.order = order;
		return { order };
	});

	app.post(route('/auth/expire-access'), noContent(() => auth.expireAccessTokens()));
	app.post(route('/auth/revoke-refresh'), noContent(() => auth.revokeRefreshTokens()));

	app.post(route('/webhooks/price-stock'), async (request, reply) =>
		deliver(reply, () => webhooks.sendPriceStock(request.body as PriceStockOptions)),
	);
	app.post(route('/webhooks/product-created'), async (request, reply) =>
		deliver(reply, () => webhooks.sendProductCreated(request.body as WebhookDelivery & { productId?: number })),
	);
	app.post(route('/webhooks/schedule'), async (request, reply) => {
		const options = request.body as ScheduleOptions;
		if (!options?.url) return badRequest(reply, new Error('url is required'));
		schedules.push(webhooks.schedule(options));
		return reply.code(201).send({ schedules: schedules.length });
	});
	app.delete(route('/webhooks/schedule'), noContent(() => Promise.all(schedules.splice(0).map((schedule) => schedule.stop()))));
	app.get(route('/webhooks/deliveries'), async () => webhooks.deliveries);

	// Changes a product between price/stock deliveries: {codigo, precio?, costo?, almacen?, disponible?}.
	app.post(route('/store/producto'), async (request, reply) => {
		const body = (request.body ?? {}) as { codigo?: string; precio?: number; costo?: number; almacen?: number; disponible?: number };
		try {
			if (!body.codigo) throw new Error('codigo is required');
			if (body.precio !== undefined) store.setPrecio(body.codigo, body.precio, body.almacen);
			if (body.costo !== undefined) store.setCosto(body.codigo, body.costo);
			if (body.disponible !== undefined) store.setExistencia(body.codigo, body.almacen ?? 1, body.disponible);
			return store.producto(body.codigo);
		} catch (error) {
			return badRequest(reply, error);
		}
	});
}

function noContent(action: () => unknown) {
	return async (_request: unknown, reply: FastifyReply) => {
		await action();
		return reply.code(204).send();
	};
}

function badRequest(reply: FastifyReply, error: unknown) {
	return reply.code(400).send({ error: (error as Error).message });
}

async function deliver(reply: FastifyReply, send: () => Promise<unknown>) {
	try {
		return await send();
	} catch (error) {
		const message = (error as Error).message;
		return reply.code(message.startsWith('send') ? 400 : 502).send({ error: message });
	}
}
