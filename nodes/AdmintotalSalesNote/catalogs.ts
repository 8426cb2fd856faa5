import type { Catalog } from '../shared/records';

export const CARD_TYPE: Catalog<number> = [
	{ code: 1, label: 'Crédito', english: 'Credit card' },
	{ code: 2, label: 'Débito', english: 'Debit card' },
];
