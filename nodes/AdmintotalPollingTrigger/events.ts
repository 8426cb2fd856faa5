import type { SimplifiedShape } from '../shared/records';
import { collection } from '../shared/fields/field';
import type { CfdiSource } from '../shared/cfdi';
import { ORDERS_PATH, SALES_NOTES_PATH, SALES_NOTE_CFDI, SIMPLIFIED_SALES_DOCUMENT, SIMPLIFIED_SALES_NOTE, clientIdFilter, seriesFilter } from '../shared/salesDocuments';

export type EventName = 'newSalesNote' | 'newOrder' | 'salesNoteCancelled' | 'blacklistChanged';

/** A list event: which list, which of its records, and how many days before today each poll reads again. */
export interface DocumentEvent {
	name: Exclude<EventName, 'blacklistChanged'>;
	/** "sales note", for messages. */
	record: string;
	path: string;
	/** Only cancelled records (`cancelado=1`). */
	cancelledOnly: boolean;
	/** Days before today each poll reads again; undefined: the Look Back (Days) option. */
	daysBack: number | undefined;
	simplify: SimplifiedShape;
	/** Where its records carry a stamped CFDI (CFDI XML as a File). */
	cfdi?: CfdiSource;
}

export const DOCUMENT_EVENTS: Record<DocumentEvent['name'], DocumentEvent> = {
	newSalesNote: {
		name: 'newSalesNote',
		record: 'sales note',
		path: SALES_NOTES_PATH,
		cancelledOnly: false,
		// Yesterday again: a note dated around midnight, or entered later with yesterday's date, is not missed.
		daysBack: 1,
		// Sales Note's own Simplify shape, which keeps the PDF link a message sends the customer.
		simplify: SIMPLIFIED_SALES_NOTE,
		cfdi: SALES_NOTE_CFDI,
	},
	newOrder: {
		name: 'newOrder',
		record: 'order',
		path: ORDERS_PATH,
		cancelledOnly: false,
		daysBack: 1,
		// Order's own shape, plus the PDF link a message sends the customer.
		simplify: { ...SIMPLIFIED_SALES_DOCUMENT, url_pdf: true },
	},
	salesNoteCancelled: {
		name: 'salesNoteCancelled',
		record: 'cancelled sales note',
		path: SALES_NOTES_PATH,
		cancelledOnly: true,
		daysBack: undefined,
		simplify: { ...SIMPLIFIED_SALES_NOTE, fecha_cancelacion: true, motivo_cancelacion: true },
	},
};

/** The list events' filters, declared and read as Get Many's (the rest of its filters would fight the poll's own `desde` and `cancelado`). */
export const DOCUMENT_FILTERS = collection({ displayName: 'Filters', name: 'filters', placeholder: 'Add Filter' }, [clientIdFilter('records'), seriesFilter]);

export const DEFAULT_LOOK_BACK_DAYS = 30;
export const MAX_LOOK_BACK_DAYS = 366;
