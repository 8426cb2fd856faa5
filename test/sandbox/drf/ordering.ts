/**
 * The order a tenant's lists come in. The spec says nothing about it and DRF returns whatever the
 * view's queryset has, so the sandbox can list either way: by ID (ascending, the default), newest
 * first, or by date either way with the ID breaking ties (a model's `ordering = ['fecha', 'id']`).
 */
export const LIST_ORDERS = ['id', '-id', 'fecha', '-fecha'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export function isListOrder(value: unknown): value is ListOrder {
	return (LIST_ORDERS as readonly unknown[]).includes(value);
}

/** The switch every list route reads on each request, so a test or the control API can turn it between two reads. */
export class ListOrdering {
	constructor(public order: ListOrder = 'id') {}

	/** Documents (sales notes, orders) in the tenant's order. */
	documents<T extends { id: number; fecha: string }>(items: readonly T[]): T[] {
		// The store keeps its records in ID order already.
		if (this.order === 'id') return [...items];
		const byDate = this.order === 'fecha' || this.order === '-fecha';
		const sign = this.order.startsWith('-') ? -1 : 1;
		return [...items].sort((a, b) => sign * ((byDate ? compareText(a.fecha, b.fecha) : 0) || a.id - b.id));
	}

	/** Entries without ID or date (the 69-B list): kept as listed, newest listed first for a descending order. */
	entries<T>(items: readonly T[]): T[] {
		return this.order.startsWith('-') ? [...items].reverse() : [...items];
	}
}

function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
