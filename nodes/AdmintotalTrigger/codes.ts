/**
 * Product codes typed by a user: one per line or separated by commas. Codes may hold spaces
 * (Admintotal does not forbid them), so only commas and line breaks separate them.
 */
export function parseCodeList(raw: unknown): string[] {
	const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
	const codes: string[] = [];
	for (const part of text.split(/[,\r\n]+/)) {
		const code = part.trim();
		if (code !== '' && !codes.includes(code)) codes.push(code);
	}
	return codes;
}

/** The same set of codes whatever the order they were typed in. */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
	if (a.length !== b.length) return false;
	const sortedB = [...b].sort();
	return [...a].sort().every((code, index) => code === sortedB[index]);
}
