import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEMO } from '../demo';
import { ApiError } from '../drf/errors';
import { M } from '../drf/messages';
import { Random, UPPER_ALNUM } from '../seed/random';
import type { Credencial, Store } from '../store/store';

/**
 * A user's API key in `Api-key`, or a SimpleJWT access token in `Authorization: Bearer`: real HS256 JWTs signed with
 * this run's secret, remembered by `jti` so tests can expire or revoke them all at once.
 */

/** DRF answers 401 (not 403) because JWT, the first authenticator, names a challenge. */
export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="api"' };

type TokenType = 'access' | 'refresh';

interface TokenPayload {
	token_type: TokenType;
	exp: number;
	iat: number;
	jti: string;
	user_id: number;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function unauthorized(body: Record<string, unknown>): ApiError {
	return new ApiError(401, body, WWW_AUTHENTICATE);
}

function accessTokenRejected(message: string): ApiError {
	return unauthorized({
		detail: M.tokenNotValidForAnyType,
		code: 'token_not_valid',
		messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
	});
}

export class Authenticator {
	private readonly secret = randomBytes(32);
	/** jti → expiry in epoch ms (the `exp` claim has whole seconds only). */
	private readonly liveAccess = new Map<string, number>();
	private readonly liveRefresh = new Map<string, number>();
	private readonly revokedRefresh = new Set<string>();
	private readonly keyRandom = new Random(Date.now() % 2147483647, 'apiKeys');

	constructor(
		private readonly store: Store,
		private readonly lifetimes: { accessSeconds: number; refreshSeconds: number },
	) {}

	/** The user with these credentials, if any and active. */
	login(username: string, password: string): Credencial | undefined {
		const user = this.store.credenciales.find((c) => c.username === username);
		return user && user.activo && user.password === password ? user : undefined;
	}

	issuePair(user: Credencial): { refresh: string; access: string } {
		return { refresh: this.issue(user.usuarioId, 'refresh'), access: this.issue(user.usuarioId, 'access') };
	}

	/** `POST refresh/`: a new access token for a valid, unrevoked refresh token. */
	refresh(token: string): string {
		const payload = this.decode(token);
		if (!payload) throw unauthorized({ detail: M.tokenInvalidOrExpired, code: 'token_not_valid' });
		if (payload.token_type !== 'refresh') throw unauthorized({ detail: M.tokenWrongType, code: 'token_not_valid' });
		if (this.revokedRefresh.has(payload.jti)) throw unauthorized({ detail: M.tokenBlacklisted, code: 'token_not_valid' });
		if (!isLive(this.liveRefresh, payload.jti)) throw unauthorized({ detail: M.tokenInvalidOrExpired, code: 'token_not_valid' });
		return this.issue(payload.user_id, 'access');
	}

	/**
	 * Authenticates a request by its headers, or throws DRF's 401. `Authorization` is read first
	 * (JWT is the first authentication class); a scheme other than `Bearer` is ignored there.
	 */
	authenticate(headers: Record<string, string | string[] | undefined>): Credencial {
		const authorization = headerValue(headers.authorization);
		if (authorization) {
			const parts = authorization.split(/\s+/).filter(Boolean);
			if (parts[0] === 'Bearer') {
				if (parts.length !== 2) throw unauthorized({ detail: M.badAuthorizationHeader, code: 'bad_authorization_header' });
				return this.userOfAccessToken(parts[1]);
			}
		}
		const apiKey = headerValue(headers['api-key']);
		if (apiKey) {
			const user = this.store.credenciales.find((c) => c.apiKey === apiKey.trim());
			if (!user || !user.activo) throw unauthorized({ detail: M.badApiKey });
			return user;
		}
		throw unauthorized({ detail: M.notAuthenticated });
	}

	/** Makes every access token issued so far invalid (as if expired). */
	expireAccessTokens(): void {
		this.liveAccess.clear();
	}

	/** Makes every refresh token issued so far invalid (blacklisted). */
	revokeRefreshTokens(): void {
		for (const jti of this.liveRefresh.keys()) this.revokedRefresh.add(jti);
		this.liveRefresh.clear();
	}

	/** A token pair without a request (default the demo user). */
	issueTokens(username: string = DEMO.username): { refresh: string; access: string } {
		return this.issuePair(this.userByName(username));
	}

	/** Gives a user a new API key; the old one answers 401 from now on. */
	rotateApiKey(username = DEMO.username): string {
		const user = this.userByName(username);
		user.apiKey = this.keyRandom.chars(35, UPPER_ALNUM);
		return user.apiKey;
	}

	private userByName(username: string): Credencial {
		const user = this.store.credenciales.find((c) => c.username === username);
		if (!user) throw new Error(`no user ${username}`);
		return user;
	}

	private userOfAccessToken(token: string): Credencial {
		const payload = this.decode(token);
		if (!payload) throw accessTokenRejected(M.tokenInvalidOrExpired);
		if (payload.token_type !== 'access') throw accessTokenRejected(M.tokenWrongType);
		if (!isLive(this.liveAccess, payload.jti)) throw accessTokenRejected(M.tokenInvalidOrExpired);
		const user = this.store.credenciales.find((c) => c.usuarioId === payload.user_id);
		if (!user || !user.activo) throw accessTokenRejected(M.tokenInvalidOrExpired);
		return user;
	}

	private issue(userId: number, type: TokenType): string {
		const now = Date.now();
		const expiresAt = now + 1000 * (type === 'access' ? this.lifetimes.accessSeconds : this.lifetimes.refreshSeconds);
		const payload: TokenPayload = {
			token_type: type,
			exp: Math.ceil(expiresAt / 1000),
			iat: Math.floor(now / 1000),
			jti: randomBytes(16).toString('hex'),
			user_id: userId,
		};
		(type === 'access' ? this.liveAccess : this.liveRefresh).set(payload.jti, expiresAt);
		const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
		return `${unsigned}.${this.sign(unsigned)}`;
	}

	private sign(unsigned: string): string {
		return createHmac('sha256', this.secret).update(unsigned).digest('base64url');
	}

	/** The payload of a well-signed, unexpired token; null otherwise. */
	private decode(token: string): TokenPayload | null {
		const parts = token.split('.');
		if (parts.length !== 3) return null;
		const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
		const given = Buffer.from(parts[2]);
		if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
		try {
			const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenPayload;
			return typeof payload.jti === 'string' ? payload : null;
		} catch {
			return null;
		}
	}
}

/** Issued by this run, not expired (to the millisecond), not expired by a test. */
function isLive(tokens: Map<string, number>, jti: string): boolean {
	const expiresAt = tokens.get(jti);
	return expiresAt !== undefined && expiresAt > Date.now();
}

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[value.length - 1] : value;
}
