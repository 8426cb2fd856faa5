import { list } from '../shared/fields/grammars';

/** Product codes one per line or separated by commas (codes may hold spaces), or an array: the nodes' list grammar. */
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
