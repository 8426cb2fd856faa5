import type { PriceStockRow } from './payload';

/**
 * "Only Changed Since Last Delivery": Admintotal resends the same products every four minutes,
 * so the trigger remembers what each SKU last looked like and lets through only rows that differ.
 * The memory is kept per SKU as one short text ("price|cost|stock" of the numbers), so "42.000"
 * and "42" are the same stock and the workflow's static data stays small.
 */
export type DeliveryMemory = Record<string, string>;

export function fingerprint(row: PriceStockRow): string {
	return `${row.price}|${row.cost}|${row.stock}`;
}

/**
 * The rows that differ from the memory, and the memory after this delivery. Within one delivery
 * the last row of a SKU is the one remembered.
 */
export function changedSince(rows: readonly PriceStockRow[], memory: DeliveryMemory): { changed: PriceStockRow[]; memory: DeliveryMemory } {
	const next: DeliveryMemory = { ...memory };
	const changed: PriceStockRow[] = [];
	for (const row of rows) {
		const seen = fingerprint(row);
		if (next[row.sku] === seen) continue;
		next[row.sku] = seen;
		changed.push(row);
	}
	return { changed, memory: next };
}
