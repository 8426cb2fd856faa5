// SAT's check digit of an RFC (the homoclave's last character): some RFCs SAT itself issued fail it, so a mismatch is reported, never refused.

/** Each character's value is its position here: 0-9, A-N, &, O-Z, space, Ñ. */
const VALUES = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** RFCs SAT defines for unnamed counterparties; they are fixed codes, not computed ones. */
export const GENERIC_RFCS: Readonly<Record<string, string>> = {
	XAXX010101000: 'the public in general (público en general)',
	XEXX010101000: 'foreign residents (residentes en el extranjero)',
};

export function isGenericRfc(rfc: string): boolean {
	return Object.prototype.hasOwnProperty.call(GENERIC_RFCS, rfc);
}

/** The check digit SAT's algorithm gives for a well-formed, normalized RFC of 12 or 13 characters. */
export function expectedCheckDigit(rfc: string): string | undefined {
	// A company's 12-character RFC is weighed as if it had a leading space.
	const padded = rfc.length === 12 ? ` ${rfc}` : rfc;
	if (padded.length !== 13) return undefined;
	let sum = 0;
	for (let position = 0; position < 12; position++) {
		const value = VALUES.indexOf(padded[position]);
		if (value === -1) return undefined;
		sum += value * (13 - position);
	}
	const digit = 11 - (sum % 11);
	return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

/** true or false for a taxpayer's RFC; null for the generic RFCs, which carry no computed digit. */
export function checkDigitValid(rfc: string): boolean | null {
	if (isGenericRfc(rfc)) return null;
	return expectedCheckDigit(rfc) === rfc.slice(-1);
}
