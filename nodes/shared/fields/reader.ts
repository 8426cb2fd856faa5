import type { IExecuteSingleFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Grammar } from './grammars';

/** What values are read from: an item of a node's run, or a polling trigger's poll (no item). */
export type ValueSource = IExecuteSingleFunctions | IPollFunctions;

/**
 * The one way an operation reads an item's parameter values (and a poll its parameters): each
 * through its grammar, and a wrong one stops with "'Label' problem [item N]" before anything is
 * sent. `within` reads the fields of a collection (e.g. `filters.fromDate`).
 */
export class ValueReader<Source extends ValueSource = ValueSource> {
	constructor(
		readonly context: Source,
		private readonly prefix = '',
		private readonly labelPrefix = '',
	) {}

	/** The item read, or undefined for a poll. */
	get itemIndex(): number | undefined {
		return 'getItemIndex' in this.context ? this.context.getItemIndex() : undefined;
	}

	within(collection: string, labelPrefix = ''): ValueReader<Source> {
		return new ValueReader(this.context, `${this.prefix}${collection}.`, labelPrefix ? `${this.labelPrefix}${labelPrefix}: ` : this.labelPrefix);
	}

	fail(label: string, problem: string, fix?: string): never {
		const item = this.itemIndex === undefined ? '' : ` [item ${this.itemIndex}]`;
		throw new NodeOperationError(this.context.getNode(), `'${this.labelPrefix}${label}' ${problem}${item}`, {
			itemIndex: this.itemIndex,
			description: [fix, 'Nothing was sent to Admintotal.'].filter(Boolean).join(' '),
		});
	}

	/** The value as n8n resolved it (expressions evaluated, a picked record reduced to its ID). */
	raw(parameter: string, fallback?: unknown): unknown {
		return (this.context as IExecuteSingleFunctions).getNodeParameter(`${this.prefix}${parameter}`, fallback as never, { extractValue: true });
	}

	read<T>(parameter: string, label: string, grammar: Grammar<T>, { required = false } = {}): T | undefined {
		return this.check(this.raw(parameter, ''), label, grammar, { required });
	}

	/** A value that is not a parameter of its own, such as a line's quantity. */
	check<T>(raw: unknown, label: string, grammar: Grammar<T>, { required = false } = {}): T | undefined {
		const fail = (problem: string, fix?: string): never => this.fail(label, problem, fix);
		const value = grammar(raw, { fail, timezone: this.context.getTimezone() });
		if (value === undefined && required) fail('is required');
		return value;
	}
}
