import { z } from 'zod';
import { id } from './common';

/** Users (`/usuarios/`) and the login answers of the three authentication endpoints. */

export const usuarioSchema = z
	.object({
		id,
		username: z.string(),
		email: z.string(),
		is_superuser: z.boolean(),
		is_staff: z.boolean(),
		perfil: z
			.object({
				usuario_id: id,
				seleccionar_almacen_iniciar_sesion: z.boolean(),
				timezone: z.string().nullable(),
				es_repartidor: z.boolean(),
				menu_app: z.array(z.unknown()),
			})
			.strict(),
		roles: z.array(z.object({ id, nombre: z.string() }).strict()),
	})
	.strict();
export type Usuario = z.infer<typeof usuarioSchema>;

/** `usuario` of `POST usuarios/login_usuario/`: the spec names id, api_key, username, nombre. */
export const usuarioLoginSchema = z
	.object({
		id,
		api_key: z.string().regex(/^[A-Z0-9]{35}$/),
		username: z.string(),
		nombre: z.string(),
		email: z.string(),
		is_superuser: z.boolean(),
		is_staff: z.boolean(),
		roles: z.array(z.object({ id, nombre: z.string() }).strict()),
	})
	.strict();
export const loginUsuarioResponseSchema = z.object({ ok: z.literal(true), usuario: usuarioLoginSchema }).strict();
export type LoginUsuarioResponse = z.infer<typeof loginUsuarioResponseSchema>;

const jwt = z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'JWT');
export const tokenPairSchema = z.object({ refresh: jwt, access: jwt }).strict();
export const accessTokenSchema = z.object({ access: jwt }).strict();

/** SimpleJWT's answer to a bad, expired or revoked token. */
export const tokenNotValidSchema = z
	.object({
		detail: z.string(),
		code: z.literal('token_not_valid'),
		messages: z
			.array(z.object({ token_class: z.string(), token_type: z.string(), message: z.string() }).strict())
			.optional(),
	})
	.strict();
