import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Catalog } from './catalogs';
import { catalogEntry } from './catalogs';
import { toApiDate } from './filters';
import { normalizeRfc, rfcProblem } from './validation';

/**
 * Write operations build their JSON body in one pre-send step through a FieldReader: every value is
 * read, checked and converted before anything is sent, and a wrong one stops the item with an error
 * naming the field (as the user sees it) and the item. Money stays the text the user wrote.
 */
export class FieldReader {
	constructor(readonly context: IExecuteSingleFunctions) {}

	get itemIndex() {
		return this.context.getItemIndex();
	}

	/** Stops the item: "'Total' must be ... [item 2]", and says that nothing was sent. */
	fail(label: string, problem: string, fix?: string): never {
		throw new NodeOperationError(this.context.getNode(), `'${label}' ${problem} [item ${this.itemIndex}]`, {
			itemIndex: this.itemIndex,
			description: [fix, 'Nothing was sent to Admintotal.'].filter(Boolean).join(' '),
		});
	}

	raw(parameter: string, fallback?: unknown): unknown {
		return this.context.getNodeParameter(parameter, fallback as never, { extractValue: true });
	}

	/** Trimmed text; undefined when empty, unless required. */
	text(parameter: string, label: string, { required = false } = {}): string | undefined {
		const value = this.raw(parameter, '');
		if (value !== null && typeof value === 'object') this.fail(label, `must be text, got ${JSON.stringify(value).slice(0, 60)}`);
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (text === '') return required ? this.fail(label, 'is required') : undefined;
		return text;
	}

	/** IDs, folios, warehouses: whole numbers above zero; 0, blank or empty means "not given". */
	wholeNumber(parameter: string, label: string, { required = false } = {}): number | undefined {
		const value = this.raw(parameter, '');
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (text === '' || value === 0) {
			return required ? this.fail(label, 'is required', 'Enter the numeric ID as Admintotal shows it, e.g. 42.') : undefined;
		}
		if (!/^\d+$/.test(text) || Number(text) === 0) {
			this.fail(label, `must be a whole number greater than 0, got "${text.slice(0, 40)}"`, 'Enter the numeric ID as Admintotal shows it, e.g. 42.');
		}
		return Number(text);
	}

	/**
	 * An amount exactly as written, as a decimal string ("1250.50" stays "1250.50").
	 * Numbers from expressions are taken as JavaScript prints them, which is exact for what they hold.
	 */
	decimal(parameter: string, label: string, rules: DecimalRules = {}): string | undefined {
		return decimalFrom(this.raw(parameter, ''), (problem, fix) => this.fail(label, problem, fix), rules);
	}

	/** A decimal the API types as a JSON number, sent only when the number is exactly the text written. */
	exactNumber(parameter: string, label: string, rules: DecimalRules = {}): number | undefined {
		const text = this.decimal(parameter, label, rules);
		if (text === undefined) return undefined;
		const number = Number(text);
		if (canonicalDecimal(String(number)) !== canonicalDecimal(text)) {
			this.fail(label, `has more digits than can be sent exactly ("${text}")`, 'Round it to at most 15 significant digits.');
		}
		return number;
	}

	/** A day as YYYY-MM-DD; pickers, ISO strings, Date and Luxon values are accepted. */
	date(parameter: string, label: string, { required = false } = {}): string | undefined {
		const value = this.raw(parameter, '');
		if (value === undefined || value === null || value === '') return required ? this.fail(label, 'is required') : undefined;
		const date = toApiDate(value, this.context.getTimezone());
		if (date === undefined) {
			this.fail(label, `must be a date, got "${String(value).slice(0, 40)}"`, 'Use a date such as 2024-05-31 or an expression like {{ $today }}.');
		}
		return date;
	}

	/**
	 * A moment in ISO 8601 for fields the spec types so: a written date-time keeps its time and offset,
	 * a plain date stays a date, a Date or Luxon value is written in the workflow's timezone.
	 */
	dateTime(parameter: string, label: string, { required = false } = {}): string | undefined {
		const value = this.raw(parameter, '');
		if (value === undefined || value === null || value === '') return required ? this.fail(label, 'is required') : undefined;
		const day = toApiDate(value, this.context.getTimezone());
		if (day === undefined) {
			this.fail(label, `must be a date, got "${String(value).slice(0, 40)}"`, 'Use a date such as 2024-05-31T10:00:00 or an expression like {{ $now }}.');
		}
		if (typeof value === 'string') return value.trim();
		const luxon = value as { toISO?: () => string | null };
		if (typeof luxon.toISO === 'function') return luxon.toISO() ?? day;
		return day;
	}

	/** Several codes typed with commas or new lines, or an array from an expression. */
	list(parameter: string, label: string, { required = false } = {}): string[] | undefined {
		const value = this.raw(parameter, '');
		const entries = (Array.isArray(value) ? value : String(value ?? '').split(/[,\n]/)).map((entry) => String(entry ?? '').trim()).filter(Boolean);
		const unique = [...new Set(entries)];
		if (unique.length === 0) return required ? this.fail(label, 'needs at least one value') : undefined;
		return unique;
	}

	rfc(parameter: string, label: string, { required = false } = {}): string | undefined {
		const value = this.text(parameter, label, { required });
		if (value === undefined) return undefined;
		const problem = rfcProblem(value);
		if (problem) this.fail(label, problem, 'Check the RFC on the customer\'s Constancia de Situación Fiscal.');
		return normalizeRfc(value);
	}

	/** A catalog code from a dropdown or an expression, checked against the catalog. */
	catalog<Code extends string | number>(parameter: string, label: string, catalog: Catalog<Code>, { required = false } = {}): Code | undefined {
		const value = this.raw(parameter, '');
		if (value === undefined || value === null || value === '') return required ? this.fail(label, 'is required') : undefined;
		const entry = catalogEntry(catalog, value);
		if (!entry) {
			const codes = catalog.map((item) => item.code).join(', ');
			this.fail(label, `"${String(value).slice(0, 20)}" is not in the catalog`, `Use one of: ${codes}.`);
		}
		return entry.code;
	}

	/** `[{ key, value }]` rows of a fixed collection as the API's `campos_personalizados`. */
	customFields(parameter: string, label: string): IDataObject[] | undefined {
		const rows = (this.raw(parameter, {}) as { field?: Array<{ key?: unknown; value?: unknown }> }).field ?? [];
		const fields = rows.map((row, index) => {
			const key = String(row.key ?? '').trim();
			if (key === '') this.fail(label, `row ${index + 1} has no key`);
			return { key, valor: String(row.value ?? '') };
		});
		return fields.length ? fields : undefined;
	}
}

export interface DecimalRules {
	required?: boolean;
	/** Default: amounts must be 0 or more. */
	allowNegative?: boolean;
	/** Quantities must be above zero. */
	positive?: boolean;
}

type Failure = (problem: string, fix?: string) => never;

/** Shared by amounts in fields and in lines: one definition of what a money text may look like. */
export function decimalFrom(value: unknown, fail: Failure, { required = false, allowNegative = false, positive = false }: DecimalRules): string | undefined {
	if (value === undefined || value === null || value === '') return required ? fail('is required') : undefined;
	if (typeof value === 'number' && !Number.isFinite(value)) fail(`must be a number, got ${value}`);
	const text = String(value).trim().replace(/^\+/, '');
	if (!/^-?\d+(\.\d+)?$/.test(text)) {
		fail(`must be a plain decimal number, got "${text.slice(0, 40)}"`, 'Write it like 1250.50: digits, one dot for decimals, no currency sign or thousands separator.');
	}
	if (!allowNegative && text.startsWith('-')) fail(`must not be negative, got "${text}"`);
	if (positive && Number(text) <= 0) fail(`must be greater than 0, got "${text}"`);
	return text;
}

function canonicalDecimal(text: string): string {
	const negative = text.startsWith('-');
	const [whole, fraction = ''] = text.replace('-', '').split('.');
	const canonical = `${whole.replace(/^0+(?=\d)/, '')}${fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : ''}`;
	return negative && canonical !== '0' ? `-${canonical}` : canonical;
}

/** Drops keys whose value is undefined, so optional fields the user left empty are not sent. */
export function compact(body: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A pre-send step that replaces the request body with what `build` returns. */
export function bodyFrom(build: (read: FieldReader) => IDataObject | Promise<IDataObject>) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const body = await build(new FieldReader(this));
		return { ...requestOptions, body: compact(body) };
	};
}
