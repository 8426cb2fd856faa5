import { z } from 'zod';
import { id } from './common';
import { rolesSchema } from '../resources/usuarios';

/** The answers of the three authentication endpoints (the user records are `resources/usuarios.ts`). */

/** `usuario` of `POST usuarios/login_usuario/`: the spec names id, api_key, username, nombre. */
const usuarioLoginSchema = z.strictObject({
	id,
	api_key: z.string().regex(/^[A-Z0-9]{35}$/),
	username: z.string(),
	nombre: z.string(),
	email: z.string(),
	is_superuser: z.boolean(),
	is_staff: z.boolean(),
	roles: rolesSchema,
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
