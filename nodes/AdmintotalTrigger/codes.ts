import { list } from '../shared/fields/grammars';

/**
 * Product codes typed by a user: one per line or separated by commas (codes may hold spaces), or an
 * array from an expression; read by the same list grammar as the nodes' fields.
 */
export function parseCodeList(raw: unknown, label: string): string[] {
	const fail = (problem: string): never => {
		throw new Error(`'${label}' ${problem}`);
	};
	return (list()(raw, { fail, timezone: 'UTC' }) ?? []).map(String);
}

/** The same set of codes whatever the order they were typed in. */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
	if (a.length !== b.length) return false;
	const sortedB = [...b].sort();
	return [...a].sort().every((code, index) => code === sortedB[index]);
}
