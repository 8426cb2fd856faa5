import { z } from 'zod';
import { DEMO } from '../demo';
import { id } from '../schemas/common';
import { ROLES } from '../seed/catalogos';
import { persona } from '../seed/personas';
import { Random, UPPER_ALNUM } from '../seed/random';
import { slug } from '../seed/vocabulary';
import type { Store } from '../store/store';

/** Users (`/usuarios/`, a list only): 1 is the demo login; the others log in with "<username>-password". */

/** Also in the login answer of `usuarios/login_usuario/`. */
export const rolesSchema = z.array(z.strictObject({ id, nombre: z.string() }));

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
	roles: rolesSchema,
});
export type Usuario = z.infer<typeof usuarioSchema>;

/** Each user's password and API key go to `store.credenciales`, which the three logins read. */
export function seedUsuarios(store: Store, seed: number, count: number): Usuario[] {
	const random = new Random(seed, 'usuarios');
	const usuarios: Usuario[] = [];
	const usernames = new Set<string>();
	for (let id = 1; id <= count; id++) {
		const demo = id === 1;
		const p = persona(random);
		let username: string = demo ? DEMO.username : `${slug(p.nombre)[0]}${slug(p.apellidoPaterno)}`;
		while (usernames.has(username)) username = `${username}${random.int(1, 9)}`;
		usernames.add(username);
		const repartidor = !demo && random.chance(0.2);
		const roles = demo ? [ROLES[0], ROLES[1]] : repartidor ? [ROLES[3]] : random.sample(ROLES.slice(1), random.int(1, 2));
		usuarios.push({
			id,
			username,
			email: demo ? DEMO.usuario.email : `${username}@ferreteriaesperanza.com.mx`,
			is_superuser: demo,
			is_staff: demo || random.chance(0.2),
			perfil: {
				usuario_id: id,
				seleccionar_almacen_iniciar_sesion: random.chance(0.3),
				timezone: random.chance(0.7) ? 'America/Mexico_City' : null,
				es_repartidor: repartidor,
				menu_app: repartidor ? ['entregas', 'cobranza'] : [],
			},
			roles: roles.map((r) => ({ ...r })),
		});
		store.credenciales.push({
			usuarioId: id,
			username,
			password: demo ? DEMO.password : `${username}-password`,
			apiKey: demo ? DEMO.apiKey : random.chars(35, UPPER_ALNUM),
			nombre: demo ? DEMO.usuario.nombre : p.completo,
			activo: true,
		});
	}
	return usuarios;
}
