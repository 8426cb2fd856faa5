import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * What a server said, made safe to show: the credential's secrets masked, markup stripped, one line,
 * cut to a length. Masking comes first, so a secret is never cut into a piece left unmasked.
 *
 * The credential's secrets, so anything taken from a server's answer (an error body that echoes the
 * key, a token or the password) can be masked before it reaches a message, a log or an item.
 */
const SECRET_FIELDS = ['apiKey', 'password', 'sessionToken', 'refreshToken'] as const;

/**
 * A shorter secret is not masked but withheld: masked, the words around it would give it away
 * ("Cr••••••d••••••ntials"), so what the server said is left out whole when it holds one.
 */
const MASKABLE_LENGTH = 6;

const MASK = '••••••';

export const WITHHELD = '(not shown: it contains a secret of the credential too short to mask)';

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	return SECRET_FIELDS.map((field) => credentials[field]).filter((value): value is string => typeof value === 'string' && value !== '');
}

/** The text with every secret masked, as written and as JSON escapes it; WITHHELD when it holds a short one. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
	return secretMasker(secrets)(text);
}

/** maskSecrets for many texts: the secrets sorted and their forms written once. */
function secretMasker(secrets: readonly string[]): (text: string) => string {
	// Longest first, so a secret that contains another is masked whole.
	const sought = [...new Set(secrets)]
		.sort((a, b) => b.length - a.length)
		.map((secret) => ({ short: secret.length < MASKABLE_LENGTH, forms: [...new Set([secret, JSON.stringify(secret).slice(1, -1)])] }));
	return (text) => {
		let masked = text;
		for (const { short, forms } of sought) {
			for (const form of forms) {
				if (!masked.includes(form)) continue;
				if (short) return WITHHELD;
				masked = masked.split(form).join(MASK);
			}
		}
		return masked;
	};
}

/** Whether masking changed this text: a secret was masked in it, or it was withheld. */
export function holdsMaskedSecret(text: string): boolean {
	return text === WITHHELD || text.includes(MASK);
}

/**
 * A parsed JSON answer with every text in it, values and keys, masked as maskSecrets masks a
 * message: a short secret withholds only the text that holds it. Walked with a list rather than
 * recursion, since an answer may be nested deeper than the call stack; changed in place (it is the
 * request's own parse, up to 8 MB, not copied) and returned.
 */
export function maskSecretsInJson(value: unknown, secrets: readonly string[]): unknown {
	if (secrets.length === 0) return value;
	const mask = secretMasker(secrets);
	if (typeof value === 'string') return mask(value);
	const pending: object[] = typeof value === 'object' && value !== null ? [value] : [];
	while (pending.length > 0) {
		const container = pending.pop()!;
		const fields = container as Record<string, unknown>;
		const keys = Object.keys(fields);
		for (const key of keys) {
			const entry = fields[key];
			if (typeof entry === 'string') fields[key] = mask(entry);
			else if (typeof entry === 'object' && entry !== null) pending.push(entry);
		}
		if (Array.isArray(container) || keys.every((key) => mask(key) === key)) continue;
		// A name that holds a secret: the fields are written again in their order, under masked names.
		const entries = keys.map((key) => [mask(key), fields[key]] as const);
		for (const key of keys) delete fields[key];
		// defineProperty, so a field named __proto__ stays a field.
		for (const [key, entry] of entries) Object.defineProperty(fields, key, { value: entry, writable: true, enumerable: true, configurable: true });
	}
	return value;
}

/** Markup removed, for a server's HTML page shown as text. One pass: a page of unclosed `<` costs no more than its length. */
export function withoutTags(text: string): string {
	let kept = '';
	let from = 0;
	for (;;) {
		const open = text.indexOf('<', from);
		const close = open === -1 ? -1 : text.indexOf('>', open + 1);
		// With no `>` after this `<`, nothing further is a tag.
		if (close === -1) return kept + text.slice(from);
		kept += `${text.slice(from, open)} `;
		from = close + 1;
	}
}

/** One line of at most `length` characters: white space folded, the rest cut with an ellipsis. */
export function textLine(text: string, length: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > length ? `${line.slice(0, length)}…` : line;
}

/** What a server said, as one safe line: masked (before and after cleaning, since folding could join a secret), then cut. */
export function serverLine(text: string, secrets: readonly string[], length: number, { html = false } = {}): string {
	const masked = maskSecrets(text, secrets);
	return textLine(maskSecrets(html ? withoutTags(masked) : masked, secrets), length);
}

/** The first bytes of an answer that is not what was asked for, as is (markup included), masked. */
export function firstBytes(body: unknown, secrets: readonly string[], length = 200): string {
	if (body === undefined || body === '') return '(an empty body)';
	const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
	return serverLine(text, secrets, length);
}
