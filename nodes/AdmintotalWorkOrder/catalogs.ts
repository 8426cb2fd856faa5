import type { Catalog } from '../shared/records';

export const WORK_ORDER_STATUS: Catalog<number> = [
	{ code: 1, label: 'Abierta', english: 'Open' },
	{ code: 2, label: 'Proceso', english: 'In progress' },
	{ code: 3, label: 'Terminada', english: 'Finished' },
	{ code: 4, label: 'Cancelada', english: 'Cancelled' },
	{ code: 5, label: 'Confirmada', english: 'Confirmed' },
];

export const WORK_ORDER_PRIORITY: Catalog<number> = [
	{ code: 1, label: 'Alta', english: 'High' },
	{ code: 2, label: 'Media', english: 'Medium' },
	{ code: 3, label: 'Baja', english: 'Low' },
];
