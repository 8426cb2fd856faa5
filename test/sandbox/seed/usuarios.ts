import { DEMO } from '../demo';
import type { Store } from '../store/store';
import { ROLES } from './catalogos';
import { persona } from './personas';
import { Random, UPPER_ALNUM } from './random';
import { slug } from './vocabulary';

/** Users: 1 is the demo login; the others have password "<username>-password" and a generated API key. */
export function seedUsuarios(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'usuarios');
	const usernames = new Set<string>();
	for (let id = 1; id <= count; id++) {
		const demo = id === 1;
		const p = persona(random);
		let username: string = demo ? DEMO.username : `${slug(p.nombre)[0]}${slug(p.apellidoPaterno)}`;
		while (usernames.has(username)) username = `${username}${random.int(1, 9)}`;
		usernames.add(username);
		const repartidor = !demo && random.chance(0.2);
		const roles = demo ? [ROLES[0], ROLES[1]] : repartidor ? [ROLES[3]] : random.sample(ROLES.slice(1), random.int(1, 2));
		store.usuarios.push({
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
}
