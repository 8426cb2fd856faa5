import { isValidDate } from '../util/time';
import { ApiError } from './errors';
import { M } from './messages';

/**
 * Query filters read as django-filter reads them: an empty value is no filter, the last of repeated values wins,
 * a malformed value is a 400 `{"param": ["message"]}`, unknown parameters are never read.
 */
export class QueryParams {
	private readonly errors: Record<string, string[]> = {};

	constructor(private readonly query: URLSearchParams) {}

	/** Trimmed last value, or undefined when absent or empty. */
	string(name: string): string | undefined {
		const values = this.query.getAll(name);
		const value = values[values.length - 1]?.trim();
		return value ? value : undefined;
	}

	/** A NumberFilter: any decimal number. */
	number(name: string): number | undefined {
		const text = this.string(name);
		if (text === undefined) return undefined;
		if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return this.fail(name, M.filterNumber);
		return Number(text);
	}

	/** An id or other whole number. */
	integer(name: string): number | undefined {
		const text = this.string(name);
		if (text === undefined) return undefined;
		if (!/^[+-]?\d+$/.test(text)) return this.fail(name, M.filterInteger);
		return Number(text);
	}

	date(name: string): string | undefined {
		const text = this.string(name);
		if (text === undefined) return undefined;
		if (!isValidDate(text)) return this.fail(name, M.filterDate);
		return text;
	}

	/** A ChoiceFilter over integer values. */
	choice(name: string, values: readonly number[]): number | undefined {
		const text = this.string(name);
		if (text === undefined) return undefined;
		if (!/^\d+$/.test(text) || !values.includes(Number(text))) return this.fail(name, M.filterChoice(text));
		return Number(text);
	}

	/** A BooleanFilter: 1/0, true/false; anything else is no filter (NullBooleanSelect). */
	boolean(name: string): boolean | undefined {
		const text = this.string(name)?.toLowerCase();
		if (text === '1' || text === 'true') return true;
		if (text === '0' || text === 'false') return false;
		return undefined;
	}

	/** A comma-separated list, blanks dropped. */
	list(name: string): string[] | undefined {
		const text = this.string(name);
		if (text === undefined) return undefined;
		const items = text.split(',').map((s) => s.trim()).filter(Boolean);
		return items.length > 0 ? items : undefined;
	}

	/** A comma-separated list of ids. */
	integerList(name: string): number[] | undefined {
		const items = this.list(name);
		if (items === undefined) return undefined;
		if (!items.every((i) => /^\d+$/.test(i))) return this.fail(name, M.filterInteger);
		return items.map(Number);
	}

	fail(name: string, message: string): undefined {
		this.errors[name] = [message];
		return undefined;
	}

	/** Throws the collected errors as a 400, the way DjangoFilterBackend does. */
	throwIfInvalid(): void {
		if (Object.keys(this.errors).length > 0) throw new ApiError(400, this.errors);
	}
}
