import type { IDataObject } from 'n8n-workflow';

/**
 * The order a list comes in, as the trigger recognises it from the records a whole read gave. The
 * spec names none and DRF serves whatever the view's queryset has, so nothing is assumed: by ID
 * either way, by date either way with the ID breaking ties, or `unnamed` (stable while read, but
 * neither). It only chooses the cheap way to find new records (windowReads.ts); any order is read right.
 */
export type ListOrder = 'id' | '-id' | 'fecha' | '-fecha' | 'unnamed';

export const LIST_ORDERS: readonly ListOrder[] = ['id', '-id', 'fecha', '-fecha', 'unnamed'];

/** Lists with new records first: the new ones are on the first page(s). Ascending lists have them last. */
export function newestFirst(order: ListOrder): boolean {
	return order === '-id' || order === '-fecha';
}

type Key = [number, number];

/** ID orders are tried before date orders, which they usually agree with. */
const NAMED: Array<[Exclude<ListOrder, 'unnamed'>, (record: IDataObject, id: number) => Key]> = [
	['id', (_record, id) => [id, 0]],
	['-id', (_record, id) => [-id, 0]],
	['fecha', (record, id) => [Date.parse(String(record.fecha)), id]],
	['-fecha', (record, id) => [-Date.parse(String(record.fecha)), -id]],
];

/**
 * The order the records come in; `previous` when they are too few to tell (none or one: any order
 * fits, so the one known before stands).
 */
export function recognise(records: IDataObject[], idOf: (record: IDataObject) => number, previous: ListOrder): ListOrder {
	if (records.length < 2) return previous;
	const ids = records.map(idOf);
	// The order known before is tried first: a list that fits several (by ID and by date alike) keeps its name.
	for (const [order, key] of [...NAMED.filter(([name]) => name === previous), ...NAMED]) {
		const keys = records.map((record, index) => key(record, ids[index]));
		if (keys.every(([major, minor], index) => !Number.isNaN(major) && (index === 0 || before(keys[index - 1], [major, minor])))) return order;
	}
	return 'unnamed';
}

function before([a1, a2]: Key, [b1, b2]: Key): boolean {
	return a1 < b1 || (a1 === b1 && a2 < b2);
}
