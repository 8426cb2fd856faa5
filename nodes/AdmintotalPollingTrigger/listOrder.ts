import type { IDataObject } from 'n8n-workflow';

/** A list's order as a whole read shows it (the spec names none): by ID or date, either way, or `unnamed`; it only picks the cheap read. */
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

/** The order the records come in; `previous` when fewer than two (any order fits). */
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
