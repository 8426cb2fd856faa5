import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * What a server said, made safe to show: the credential's secrets masked, markup stripped, one line.
 *
 * The credential's secrets, so anything taken from a server's answer (an error body that echoes the
 * key, a token or the password) can be masked before it reaches a message, a log or an item.
 */
const SECRET_FIELDS = ['apiKey', 'password', 'sessionToken', 'refreshToken'] as const;

/** Shorter values (a placeholder such as "api-key") would mask ordinary words. */
const MIN_SECRET_LENGTH = 6;

const MASK = '••••••';

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	return SECRET_FIELDS.map((field) => credentials[field]).filter(
		(value): value is string => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH,
	);
}

export function maskSecrets(text: string, secrets: readonly string[]): string {
	let masked = text;
	// Longest first, so a secret that contains another is masked whole.
	for (const secret of [...secrets].sort((a, b) => b.length - a.length)) masked = masked.split(secret).join(MASK);
	return masked;
}

/** Markup removed, for a server's HTML page shown as text. */
export function withoutTags(text: string): string {
	return text.replace(/<[^>]*>/g, ' ');
}

/** One line of at most `length` characters: white space folded, the rest cut with an ellipsis. */
export function textLine(text: string, length: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > length ? `${line.slice(0, length)}…` : line;
}

/** The first bytes of an answer that is not what was asked for, as is (markup included), masked. */
export function firstBytes(body: unknown, secrets: readonly string[], length = 200): string {
	if (body === undefined || body === '') return '(an empty body)';
	const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
	return textLine(maskSecrets(text, secrets), length);
}
