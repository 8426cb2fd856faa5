import type { z } from 'zod';
import { M, pythonTypeName } from './messages';

/**
 * DRF error bodies, nested like the serializer: `{"field": ["msg"]}`, an object for a nested serializer, one entry
 * per item (`{}` when valid) for a list of them, object-level rules under `non_field_errors`.
 */

/** An HTTP answer that stops the handler: thrown by routes, rendered by the error handler. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(`HTTP ${status}`);
	}
}

export const notFound = () => new ApiError(404, { detail: M.notFound });

type ErrorTree = { [key: string]: string[] | ErrorTree | ErrorTree[] };
type Path = readonly (string | number)[];

const NON_FIELD = 'non_field_errors';

/** Collects errors at paths of the request body and renders them in DRF's nesting. */
export class ValidationErrors {
	private readonly tree: ErrorTree = {};

	constructor(private readonly input: unknown) {}

	get empty(): boolean {
		return Object.keys(this.tree).length === 0;
	}

	add(path: Path, message: string): this {
		insert(this.tree, path, message, this.input);
		return this;
	}

	addZodIssues(error: z.ZodError): this {
		for (const issue of error.issues) this.add(issue.path, issue.message);
		return this;
	}

	/** Throws a 400 with the collected errors, if any. */
	throwIfAny(): void {
		if (!this.empty) throw new ApiError(400, this.tree);
	}

	toJSON(): ErrorTree {
		return this.tree;
	}
}

function childOf(input: unknown, key: string | number): unknown {
	if (input !== null && typeof input === 'object') return (input as Record<string | number, unknown>)[key];
	return undefined;
}

function insert(tree: ErrorTree, path: Path, message: string, input: unknown): void {
	if (path.length === 0) {
		const list = (tree[NON_FIELD] ??= []) as string[];
		if (!list.includes(message)) list.push(message);
		return;
	}
	const [key, ...rest] = path;
	const name = String(key);
	if (rest.length === 0) {
		const existing = tree[name];
		const list = Array.isArray(existing) && existing.every((m) => typeof m === 'string') ? (existing as string[]) : [];
		if (!list.includes(message)) list.push(message);
		tree[name] = list;
		return;
	}
	const value = childOf(input, key);
	const [index, ...afterIndex] = rest;
	if (typeof index === 'number' && Array.isArray(value)) {
		const itemIsObject = value[index] !== null && typeof value[index] === 'object' && !Array.isArray(value[index]);
		if (afterIndex.length === 0 && !itemIsObject && typeof value[index] !== 'undefined' && !isDictError(message)) {
			// A ListField of plain values reports by index: {"codigos": {"1": ["msg"]}}.
			const byIndex = (isTree(tree[name]) ? tree[name] : (tree[name] = {})) as ErrorTree;
			insert(byIndex, [String(index)], message, undefined);
			return;
		}
		// A list of nested serializers: one entry per item, {} for items without errors.
		const items = (Array.isArray(tree[name]) && tree[name].every((e) => typeof e === 'object')
			? tree[name]
			: (tree[name] = value.map(() => ({})))) as ErrorTree[];
		insert(items[index], afterIndex, message, value[index]);
		return;
	}
	const nested = (isTree(tree[name]) ? tree[name] : (tree[name] = {})) as ErrorTree;
	insert(nested, rest, message, value);
}

function isTree(value: unknown): value is ErrorTree {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isDictError(message: string): boolean {
	return message.startsWith('Datos inválidos.');
}

/** Parses `body` with `schema`, throwing DRF's 400 on failure. Non-object bodies fail as DRF does. */
export function validateBody<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
	// DRF reads an empty body as an empty QueryDict: every required field is then "required".
	const input = body === undefined ? {} : body;
	if (input === null || typeof input !== 'object' || Array.isArray(input)) {
		throw new ApiError(400, { [NON_FIELD]: [M.dict(pythonTypeName(input))] });
	}
	const result = schema.safeParse(input);
	if (!result.success) new ValidationErrors(input).addZodIssues(result.error).throwIfAny();
	return result.data;
}
