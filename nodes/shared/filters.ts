import type {
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkedWithAllItems } from './itemWave';

/**
 * Query parameters of Get Many operations. Each filter reads its node parameter in a pre-send
 * step, checks it, and adds it to the query only when it has a value, so an empty field never
 * becomes `?serie=` and a wrong value is refused before any request, naming the field and item.
 */

/** What a filter value becomes on the wire: a value to send, nothing, or why it cannot be sent. */
export type Converted = { value: string | number | undefined } | { problem: string; fix: string };

export type Converter = (raw: unknown, context: IExecuteSingleFunctions) => Converted;

const SKIP: Converted = { value: undefined };

function isEmpty(raw: unknown): boolean {
	return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function shown(raw: unknown): string {
	let text: string;
	if (typeof raw === 'string') text = raw;
	else if (raw instanceof Date) text = Number.isNaN(raw.getTime()) ? 'Invalid Date' : raw.toISOString();
	else {
		try {
			text = JSON.stringify(raw) ?? String(raw);
		} catch {
			text = String(raw);
		}
	}
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

// ---------------------------------------------------------------- dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function isCalendarDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}

function isLuxonDateTime(value: unknown): value is { isValid: boolean; toISODate(): string | null } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toISODate?: unknown }).toISODate === 'function' &&
		typeof (value as { isValid?: unknown }).isValid === 'boolean'
	);
}

function calendarDayIn(date: Date, timezone: string | undefined): string | undefined {
	if (Number.isNaN(date.getTime())) return undefined;
	try {
		// en-CA writes dates as YYYY-MM-DD.
		return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
	} catch {
		return date.toISOString().slice(0, 10);
	}
}

/**
 * A date picker value or expression result as the API's `YYYY-MM-DD`, or undefined when it is not
 * a date. A written date keeps its own day ("2024-05-31T23:30:00-06:00" is the 31st, whatever the
 * server's zone); a JavaScript Date is an instant, so its day is taken in the workflow's timezone.
 */
export function toApiDate(value: unknown, timezone?: string): string | undefined {
	if (value instanceof Date) return calendarDayIn(value, timezone);
	if (isLuxonDateTime(value)) return value.isValid ? (value.toISODate() ?? undefined) : undefined;
	if (typeof value !== 'string') return undefined;
	const match = ISO_DATE.exec(value.trim());
	if (!match) return undefined;
	const [, year, month, day, hours, minutes, seconds] = match;
	if (!isCalendarDate(Number(year), Number(month), Number(day))) return undefined;
	if (hours !== undefined && (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59)) return undefined;
	return `${year}-${month}-${day}`;
}

export const asDate: Converter = (raw, context) => {
	if (isEmpty(raw)) return SKIP;
	const date = toApiDate(raw, context.getTimezone());
	if (date !== undefined) return { value: date };
	return {
		problem: `must be a date, got "${shown(raw)}"`,
		fix: 'Pick a date, or use an expression that gives one, such as 2024-05-31, 2024-05-31T10:00:00 or {{ $today }}. It is sent as YYYY-MM-DD.',
	};
};

// ---------------------------------------------------------------- numbers, text, lists

function wholeNumberOf(raw: unknown): number | undefined {
	if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
	if (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) return Number(raw);
	return undefined;
}

/** IDs and folios: whole numbers above zero (a 0 left in an added filter would silently match nothing). */
export const asWholeNumber: Converter = (raw) => {
	if (isEmpty(raw)) return SKIP;
	const number = wholeNumberOf(raw);
	if (number !== undefined && number > 0) return { value: number };
	return { problem: `must be a whole number greater than 0, got "${shown(raw)}"`, fix: 'Enter the numeric ID as Admintotal shows it, e.g. 42.' };
};

/** Prices: any number from 0 up. */
export const asAmount: Converter = (raw) => {
	if (isEmpty(raw)) return SKIP;
	const number = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
	if (Number.isFinite(number) && number >= 0) return { value: number };
	return { problem: `must be a number of 0 or more, got "${shown(raw)}"`, fix: 'Enter an amount such as 150 or 99.90, without currency signs.' };
};

export const asText: Converter = (raw) => {
	if (isEmpty(raw)) return SKIP;
	if (typeof raw === 'string' || typeof raw === 'number') return { value: String(raw).trim() };
	return { problem: `must be text, got "${shown(raw)}"`, fix: 'Enter the text to filter on, or an expression that gives text.' };
};

/** Several values (text with commas or new lines, or an array from an expression) as `a,b,c`. */
export function asList({ wholeNumbers = false } = {}): Converter {
	return (raw) => {
		if (isEmpty(raw)) return SKIP;
		const entries = (Array.isArray(raw) ? raw.map((entry) => String(entry ?? '')) : String(raw).split(/[,\n]/))
			.map((entry) => entry.trim())
			.filter((entry) => entry !== '');
		const unique = [...new Set(entries)];
		if (unique.length === 0) return SKIP;
		if (wholeNumbers) {
			const wrong = unique.filter((entry) => !/^\d+$/.test(entry) || Number(entry) === 0);
			if (wrong.length > 0) {
				return { problem: `must list whole-number IDs, got "${shown(wrong.join(', '))}"`, fix: 'Separate the IDs with commas, e.g. 1, 4, 7.' };
			}
		}
		return { value: unique.join(',') };
	};
}

/** A dropdown whose choices map to query values; a choice mapped to undefined sends nothing. */
export function asChoice(mapping: Record<string, string | number | undefined>): Converter {
	return (raw) => {
		if (isEmpty(raw)) return SKIP;
		const key = String(raw);
		if (key in mapping) return { value: mapping[key] };
		return { problem: `has an unknown choice "${shown(raw)}"`, fix: `Use one of: ${Object.keys(mapping).join(', ')}.` };
	};
}

// ---------------------------------------------------------------- pre-send steps and parameters

/**
 * Pre-send step: reads `parameter` (a path such as `filters.fromDate`), converts it and sets the
 * query parameter `property`; refuses a wrong value naming `label` and the item.
 */
export function sendAsQuery(parameter: string, property: string, label: string, convert: Converter) {
	return checkedWithAllItems(async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const raw = this.getNodeParameter(parameter, undefined);
		const converted = convert(raw, this);
		if ('problem' in converted) {
			const itemIndex = this.getItemIndex();
			throw new NodeOperationError(this.getNode(), `'${label}' ${converted.problem} [item ${itemIndex}]`, {
				itemIndex,
				description: `${converted.fix} Nothing was sent to Admintotal.`,
			});
		}
		if (converted.value === undefined) return requestOptions;
		return { ...requestOptions, qs: { ...(requestOptions.qs ?? {}), [property]: converted.value } };
	});
}

export interface QueryField {
	/** Parameter name inside the collection, e.g. `fromDate`. */
	name: string;
	displayName: string;
	/** Query parameter the API reads, e.g. `desde`. */
	property: string;
	description: string;
	placeholder?: string;
}

/** A field of the collection `collection` (e.g. `filters`) sent as the query parameter `property`. */
function queryField(collection: string, field: QueryField, convert: Converter, shape: Partial<INodeProperties>): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		default: '',
		description: field.description,
		...(field.placeholder ? { placeholder: field.placeholder } : {}),
		...shape,
		routing: { send: { preSend: [sendAsQuery(`${collection}.${field.name}`, field.property, field.displayName, convert)] } },
	} as INodeProperties;
}

export function dateQueryField(collection: string, field: QueryField): INodeProperties {
	return queryField(collection, field, asDate, { type: 'dateTime' });
}

export function wholeNumberQueryField(collection: string, field: QueryField): INodeProperties {
	return queryField(collection, field, asWholeNumber, { type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 0 } });
}

export function amountQueryField(collection: string, field: QueryField): INodeProperties {
	return queryField(collection, field, asAmount, { type: 'number', default: 0, typeOptions: { minValue: 0, numberPrecision: 2 } });
}

export function textQueryField(collection: string, field: QueryField): INodeProperties {
	return queryField(collection, field, asText, {});
}

/** Several values typed with commas (or given as an array by an expression), sent as `a,b,c`. */
export function listQueryField(collection: string, field: QueryField, { wholeNumbers = false } = {}): INodeProperties {
	return queryField(collection, field, asList({ wholeNumbers }), {});
}

/** A dropdown of codes (e.g. a catalog) sent as the chosen value. */
export function optionsQueryField(collection: string, field: QueryField, options: INodePropertyOptions[]): INodeProperties {
	const mapping = Object.fromEntries(options.map((option) => [String(option.value), option.value as string | number]));
	return queryField(collection, field, asChoice(mapping), { type: 'options', options, default: options[0].value });
}

// ---------------------------------------------------------------- the sales-document filter set

const CANCELLED_CHOICES: Array<INodePropertyOptions & { query: number | undefined }> = [
	{ name: 'Active Only', value: 'active', description: 'Only documents that are not cancelled (cancelado=0)', query: 0 },
	{ name: 'All', value: 'all', description: 'Active and cancelled documents alike (nothing is sent)', query: undefined },
	{ name: 'Cancelled Only', value: 'cancelled', description: 'Only cancelled documents (cancelado=1)', query: 1 },
];

/**
 * The filters sales notes and orders share in the spec: client, dates, folio, series, cancellation.
 * `documents` is the plural shown in descriptions, e.g. "sales notes".
 */
export function salesDocumentFilters(displayOptions: IDisplayOptions, documents: string): INodeProperties {
	const collection = 'filters';
	return {
		displayName: 'Filters',
		name: collection,
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Cancelled',
				name: 'cancelled',
				type: 'options',
				options: CANCELLED_CHOICES.map(({ name, value, description }) => ({ name, value, description })),
				default: 'active',
				description: `Whether to include cancelled ${documents} (cancelado)`,
				routing: {
					send: {
						preSend: [
							sendAsQuery(
								`${collection}.cancelled`,
								'cancelado',
								'Cancelled',
								asChoice(Object.fromEntries(CANCELLED_CHOICES.map((choice) => [choice.value, choice.query]))),
							),
						],
					},
				},
			},
			textQueryField(collection, {
				name: 'clientBusinessName',
				displayName: 'Client Business Name',
				property: 'cliente_razon_social',
				description: `Only ${documents} of clients with this business name (cliente_razon_social)`,
				placeholder: 'e.g. Abarrotes La Esperanza SA de CV',
			}),
			wholeNumberQueryField(collection, {
				name: 'clientId',
				displayName: 'Client ID',
				property: 'cliente',
				description: `Only ${documents} of the client with this ID (cliente)`,
			}),
			dateQueryField(collection, {
				name: 'date',
				displayName: 'Date',
				property: 'fecha',
				description: `Only ${documents} dated this day (fecha); the time of day is ignored`,
			}),
			wholeNumberQueryField(collection, {
				name: 'folio',
				displayName: 'Folio',
				property: 'folio',
				description: 'Only the document with this folio number (folio)',
			}),
			dateQueryField(collection, {
				name: 'fromDate',
				displayName: 'From Date',
				property: 'desde',
				description: `Only ${documents} dated on or after this day (desde); the time of day is ignored`,
			}),
			textQueryField(collection, {
				name: 'series',
				displayName: 'Series',
				property: 'serie',
				description: 'Only documents of this folio series (serie)',
				placeholder: 'e.g. A',
			}),
			dateQueryField(collection, {
				name: 'toDate',
				displayName: 'To Date',
				property: 'hasta',
				description: `Only ${documents} dated on or before this day (hasta); the time of day is ignored`,
			}),
		],
	};
}
