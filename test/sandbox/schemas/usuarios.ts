import { z } from 'zod';
import { id } from './common';

/** Users (`/usuarios/`) and the login answers of the three authentication endpoints. */

const roles = z.array(z.strictObject({ id, nombre: z.string() }));

export const usuarioSchema = z.strictObject({
	id,
	username: z.string(),
	email: z.string(),
	is_superuser: z.boolean(),
	is_staff: z.boolean(),
	perfil: z.strictObject({
		usuario_id: id,
		seleccionar_almacen_iniciar_sesion: z.boolean(),
		timezone: z.string().nullable(),
		es_repartidor: z.boolean(),
		menu_app: z.array(z.unknown()),
	}),
	roles,
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** `usuario` of `POST usuarios/login_usuario/`: the spec names id, api_key, username, nombre. */
const usuarioLoginSchema = z.strictObject({
	id,
	api_key: z.string().regex(/^[A-Z0-9]{35}$/),
	username: z.string(),
	nombre: z.string(),
	email: z.string(),
	is_superuser: z.boolean(),
	is_staff: z.boolean(),
	roles,
});
export const loginUsuarioResponseSchema = z.strictObject({ ok: z.literal(true), usuario: usuarioLoginSchema });
export type LoginUsuarioResponse = z.infer<typeof loginUsuarioResponseSchema>;

const jwt = z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'JWT');
export const tokenPairSchema = z.strictObject({ refresh: jwt, access: jwt });
export const accessTokenSchema = z.strictObject({ access: jwt });

/** SimpleJWT's answer to a bad, expired or revoked token. */
export const tokenNotValidSchema = z.strictObject({
	detail: z.string(),
	code: z.literal('token_not_valid'),
	messages: z.array(z.strictObject({ token_class: z.string(), token_type: z.string(), message: z.string() })).optional(),
});
