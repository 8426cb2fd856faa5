import { ApiError, ValidationErrors, validateBody } from '../drf/errors';
import { M } from '../drf/messages';
import { refreshInputSchema, tokenInputSchema } from '../schemas/requests';
import type { LoginUsuarioResponse } from '../schemas/login';
import { readBody } from '../server/bodyParsing';
import { WWW_AUTHENTICATE } from '../server/authentication';
import type { RouteContext } from './context';

/** The three ways to log in; they need no credentials of their own. */
export function registerAuth(context: RouteContext): void {
	const { routes, auth, store } = context;

	// SimpleJWT TokenObtainPairView.
	routes.post(
		'/token/',
		(request) => {
			const body = validateBody(tokenInputSchema, readBody(request));
			const user = auth.login(body.username, body.password);
			if (!user) throw new ApiError(401, { detail: M.noActiveAccount }, WWW_AUTHENTICATE);
			return auth.issuePair(user);
		},
		{ public: true },
	);

	// SimpleJWT TokenRefreshView, without rotation: the answer has only `access`.
	routes.post(
		'/refresh/',
		(request) => {
			const body = validateBody(refreshInputSchema, readBody(request));
			return { access: auth.refresh(body.refresh) };
		},
		{ public: true },
	);

	// Admintotal's own login: errors carry `ok: false` beside DRF's field errors.
	routes.post(
		'/usuarios/login_usuario/',
		(request): LoginUsuarioResponse => {
			const input = readBody(request) ?? {};
			const parsed = tokenInputSchema.safeParse(input);
			if (!parsed.success) {
				throw new ApiError(400, { ok: false, ...new ValidationErrors(input).addZodIssues(parsed.error).toJSON() });
			}
			const body = parsed.data;
			const user = auth.login(body.username, body.password);
			if (!user) {
				throw new ApiError(400, { ok: false, ...new ValidationErrors(body).add([], M.loginFailed).toJSON() });
			}
			const usuario = store.usuarios.find((u) => u.id === user.usuarioId);
			return {
				ok: true,
				usuario: {
					id: user.usuarioId,
					api_key: user.apiKey,
					username: user.username,
					nombre: user.nombre,
					email: usuario?.email ?? '',
					is_superuser: usuario?.is_superuser ?? false,
					is_staff: usuario?.is_staff ?? false,
					roles: usuario?.roles.map((r) => ({ ...r })) ?? [],
				},
			};
		},
		{ public: true },
	);
}
