import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
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
