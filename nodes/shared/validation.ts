/**
 * Checks that run before any request, so bad data never leaves n8n. Each returns a problem in
 * plain words (or undefined); the caller names the field and the item.
 */

/** SAT RFC: 3 letters (company) or 4 (person), birth/incorporation date YYMMDD, 3-character homoclave. */
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z0-9]{3})$/;

export function normalizeRfc(value: unknown): string {
	return String(value ?? '')
		.trim()
		.toUpperCase()
		.replace(/[\s-]/g, '');
}

export function rfcProblem(value: unknown): string | undefined {
	const rfc = normalizeRfc(value);
	if (rfc === '') return 'is empty';
	const match = RFC_PATTERN.exec(rfc);
	if (!match) {
		return `"${rfc}" is not an RFC: expected 3 letters (company) or 4 (person), 6 digits of date (YYMMDD) and 3 characters, e.g. ABC680524P76`;
	}
	const month = Number(match[3]);
	const day = Number(match[4]);
	if (month < 1 || month > 12 || day < 1 || day > 31) return `"${rfc}" has an impossible date (${match[2]}${match[3]}${match[4]})`;
	return undefined;
}
