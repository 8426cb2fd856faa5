import type { FastifyInstance } from 'fastify';

/** The shop the price/stock example workflow posts to: it records what n8n sends, to show the sync. No auth. */
export const SHOP_PREFIX = '/__shop';

export class DemoShop {
	readonly updates: { sku: string; price?: unknown; stock?: unknown; at: number }[] = [];

	/** The latest price and stock per SKU, as the shop would show them. */
	inventory(): Record<string, DemoShop['updates'][number]> {
		return Object.fromEntries(this.updates.map((update) => [update.sku, update]));
	}

	register(app: FastifyInstance): void {
		app.post(`${SHOP_PREFIX}/inventory`, async (request, reply) => {
			const rows = Array.isArray(request.body) ? request.body : [request.body];
			const accepted = rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && typeof (row as { sku?: unknown }).sku === 'string');
			if (accepted.length !== rows.length) return reply.code(400).send({ detail: 'Each update needs a "sku" string.' });
			for (const row of accepted) this.updates.push({ sku: String(row.sku), price: row.price, stock: row.stock, at: Date.now() });
			return { ok: true, received: accepted.length };
		});
		app.get(`${SHOP_PREFIX}/inventory`, async () => ({ updates: this.updates.length, inventory: this.inventory() }));
		app.delete(`${SHOP_PREFIX}/inventory`, async (_request, reply) => {
			this.updates.length = 0;
			return reply.code(204).send();
		});
	}
}
