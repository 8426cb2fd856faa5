import type { IBinaryData, IExecuteFunctions, INode, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Grammar } from './grammars';

/** The one way an item's (or a poll's) parameters are read: each through its grammar; a wrong one stops with "'Label' problem [item N]" before anything is sent. */
export class ValueReader {
	private constructor(
		private readonly source: IExecuteFunctions | IPollFunctions,
		/** The item read, or undefined for a poll's parameters. */
		readonly itemIndex: number | undefined,
		/** The node's parameters as the workflow stores them (getNode copies the node: read once per reader). */
		private readonly stored: unknown = source.getNode().parameters,
		private readonly prefix = '',
		private readonly labelPrefix = '',
	) {}

	/** The parameters of one input item of a node's run. */
	static ofItem(context: IExecuteFunctions, itemIndex: number): ValueReader {
		return new ValueReader(context, itemIndex);
	}

	/** The parameters of a polling trigger (no item). */
	static ofPoll(context: IPollFunctions): ValueReader {
		return new ValueReader(context, undefined);
	}

	get node(): INode {
		return this.source.getNode();
	}

	within(collection: string, labelPrefix = ''): ValueReader {
		return new ValueReader(this.source, this.itemIndex, this.stored, `${this.prefix}${collection}.`, labelPrefix ? `${this.labelPrefix}${labelPrefix}: ` : this.labelPrefix);
	}

	fail(label: string, problem: string, fix?: string): never {
		const item = this.itemIndex === undefined ? '' : ` [item ${this.itemIndex}]`;
		throw new NodeOperationError(this.source.getNode(), `'${this.labelPrefix}${label}' ${problem}${item}`, {
			itemIndex: this.itemIndex,
			description: [fix, 'Nothing was sent to Admintotal.'].filter(Boolean).join(' '),
		});
	}

	/** The value as n8n resolved it (expressions evaluated, a picked record reduced to its ID). */
	raw(parameter: string, fallback?: unknown): unknown {
		const name = `${this.prefix}${parameter}`;
		// Answered here: n8n gives the same fallback after resolving it, a third of a Create's time before its first request (issue 40).
		if (!storedIn(this.stored, name)) return fallback;
		const options = { extractValue: true };
		if (this.itemIndex === undefined) return (this.source as IPollFunctions).getNodeParameter(name, fallback as never, options);
		return (this.source as IExecuteFunctions).getNodeParameter(name, this.itemIndex, fallback as never, options);
	}

	read<T>(parameter: string, label: string, grammar: Grammar<T>, { required = false } = {}): T | undefined {
		return this.check(this.raw(parameter, ''), label, grammar, { required });
	}

	/** A value that is not a parameter of its own, such as a line's quantity. */
	check<T>(raw: unknown, label: string, grammar: Grammar<T>, { required = false } = {}): T | undefined {
		const fail = (problem: string, fix?: string): never => this.fail(label, problem, fix);
		const value = grammar(raw, { fail, timezone: this.source.getTimezone() });
		if (value === undefined && required) fail('is required');
		return value;
	}

	/** The bytes of a binary field of the item; refused, naming the field, when the item has none (or this is a poll). */
	async binary(property: string, label: string): Promise<Buffer> {
		this.binaryData(property, label);
		return await (this.source as IExecuteFunctions).helpers.getBinaryDataBuffer(this.itemIndex as number, property);
	}

	/** The size and first bytes of a binary field, checked without holding it (a stored file is read through in chunks). */
	async binaryHead(property: string, label: string, headBytes: number): Promise<{ bytes: number; head: Buffer }> {
		const data = this.binaryData(property, label);
		if (!data.id) return { bytes: Buffer.byteLength(data.data, 'base64'), head: Buffer.from(data.data.slice(0, Math.ceil(headBytes / 3) * 4), 'base64') };
		const stream = await (this.source as IExecuteFunctions).helpers.getBinaryStream(data.id);
		const head: Buffer[] = [];
		let bytes = 0;
		for await (const chunk of stream as AsyncIterable<Buffer>) {
			if (bytes < headBytes) head.push(chunk.subarray(0, headBytes - bytes));
			bytes += chunk.length;
		}
		return { bytes, head: Buffer.concat(head) };
	}

	private binaryData(property: string, label: string): IBinaryData {
		if (this.itemIndex === undefined) return this.fail(label, 'can only be read from an input item');
		try {
			return (this.source as IExecuteFunctions).helpers.assertBinaryData(this.itemIndex, property);
		} catch {
			return this.fail(label, 'is not in the input item', 'Check the field name, e.g. "data" after an HTTP Request that downloads a file.');
		}
	}
}

/** Whether the workflow holds a value at `path` (`a.b.c`), as n8n looks it up before resolving it. */
function storedIn(parameters: unknown, path: string): boolean {
	let value = parameters;
	for (const key of path.split('.')) {
		if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, key)) return false;
		value = (value as Record<string, unknown>)[key];
	}
	return value !== undefined;
}
