import type { Catalog } from '../shared/records';

export const DISTRIBUTION_MEDIUM: Catalog<number> = [
	{ code: 1, label: 'Tienda', english: 'Store' },
	{ code: 2, label: 'Web', english: 'Web' },
	{ code: 3, label: 'Ambos', english: 'Both' },
];
