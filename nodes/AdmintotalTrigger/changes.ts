import type { IDataObject } from 'n8n-workflow';

import type { PriceStockRow } from './payload';
import { isJsonObject } from '../shared/records';

/**
 * "Only Changed Since Last Delivery": Admintotal resends the same products every four minutes, so each SKU's numbers are
 * remembered as "price|cost|stock" ("42.000" is "42"). Bounded, as n8n rewrites the static data whole on every change: a
 * forgotten SKU is reported as new when delivered again, so forgetting can repeat a report, never hide a change.
 */
export const FORGET_AFTER_DAYS = 30;
export const MAX_REMEMBERED_SKUS = 10_000;

const DAY_MS = 86_400_000;

/** `day`: days since 1970-01-01 (UTC) of the last delivery that included the SKU. */
interface Remembered {
	fingerprint: string;
	day: number;
}

/** SKU → what it last looked like; kept in order of last delivery, longest ago first. */
export type DeliveryMemory = Map<string, Remembered>;

export function today(now = Date.now()): number {
	return Math.floor(now / DAY_MS);
}

export function fingerprint(row: PriceStockRow): string {
	return `${row.price}|${row.cost}|${row.stock}`;
}

/** The memory saved as day → SKU → fingerprint, so a reader sees what ages out; version 1's SKU → fingerprint reads as today's. */
export function readMemory(saved: unknown, day: number): DeliveryMemory {
	const entries: Array<[string, Remembered]> = [];
	// Object.entries and Map never read a SKU such as "__proto__" as anything but a SKU.
	for (const [key, value] of Object.entries(isJsonObject(saved) ? saved : {})) {
		if (typeof value === 'string') entries.push([key, { fingerprint: value, day }]);
		else if (isJsonObject(value) && /^\d+$/.test(key)) {
			for (const [sku, print] of Object.entries(value)) if (typeof print === 'string') entries.push([sku, { fingerprint: print, day: Number(key) }]);
		}
	}
	return new Map(entries.sort((a, b) => a[1].day - b[1].day));
}

export function saveMemory(memory: DeliveryMemory): IDataObject {
	const saved: Record<string, Record<string, string>> = {};
	for (const [sku, { fingerprint: print, day }] of memory) {
		// Without a prototype, a SKU named "__proto__" is stored as a key like any other.
		saved[day] ??= Object.create(null) as Record<string, string>;
		saved[day][sku] = print;
	}
	return saved;
}

/** This process's memory merged with the saved one (maybe another process's): the later day wins, this process on a tie. */
export function mergeMemories(saved: DeliveryMemory, kept: DeliveryMemory): DeliveryMemory {
	const merged = new Map(saved);
	for (const [sku, entry] of kept) {
		const other = merged.get(sku);
		if (other === undefined || entry.day >= other.day) merged.set(sku, entry);
	}
	return new Map([...merged].sort((a, b) => a[1].day - b[1].day));
}

/** Applies a delivery in place: the rows that differ, and whether the memory changed (a delivered SKU moves to the end, dated today). */
export function applyDelivery(rows: readonly PriceStockRow[], memory: DeliveryMemory, day: number): { changed: PriceStockRow[]; memoryChanged: boolean } {
	const changed: PriceStockRow[] = [];
	// Forgotten before comparing, so a SKU back after too long is reported as new.
	let memoryChanged = forget(memory, day);
	for (const row of rows) {
		const seen = fingerprint(row);
		const before = memory.get(row.sku);
		if (before?.fingerprint !== seen) changed.push(row);
		if (before?.fingerprint === seen && before.day === day) continue;
		memory.delete(row.sku);
		memory.set(row.sku, { fingerprint: seen, day });
		memoryChanged = true;
	}
	return { changed, memoryChanged: forget(memory, day) || memoryChanged };
}

/** Drops SKUs past FORGET_AFTER_DAYS, then the oldest beyond MAX_REMEMBERED_SKUS; whether any went. */
function forget(memory: DeliveryMemory, day: number): boolean {
	const sizeBefore = memory.size;
	for (const [sku, { day: delivered }] of memory) {
		if (day - delivered <= FORGET_AFTER_DAYS && memory.size <= MAX_REMEMBERED_SKUS) break;
		memory.delete(sku);
	}
	return memory.size !== sizeBefore;
}
