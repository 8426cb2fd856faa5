import type { Direccion } from '../schemas/common';
import type { Store } from '../store/store';
import { formatDecimal, decimal } from '../util/decimal';
import type { Random } from './random';
import {
	APELLIDOS,
	CALLES,
	CIUDADES,
	COLONIAS,
	DOMINIOS_CORREO,
	EMPRESA_GIRO,
	EMPRESA_NOMBRE,
	NOMBRES,
	REFERENCIAS,
	slug,
} from './vocabulary';

/** People, companies and addresses shared by the seeds of several resources. */

export function persona(random: Random) {
	const nombre = random.pick(NOMBRES);
	const apellidoPaterno = random.pick(APELLIDOS);
	const apellidoMaterno = random.pick(APELLIDOS);
	return { nombre, apellidoPaterno, apellidoMaterno, completo: `${nombre} ${apellidoPaterno} ${apellidoMaterno}` };
}

/** A company name without its legal form, e.g. "Ferretería Los Altos". */
export function empresa(random: Random): string {
	return `${random.pick(EMPRESA_GIRO)} ${random.pick(EMPRESA_NOMBRE)}`;
}

export function telefono(random: Random, ciudad: (typeof CIUDADES)[number]): string {
	return `${ciudad.lada}${random.digits(10 - ciudad.lada.length)}`;
}

export function correo(random: Random, local: string, dominio?: string): string {
	return `${slug(local).slice(0, 20)}@${dominio ?? random.pick(DOMINIOS_CORREO)}`;
}

/** A full address with a new id; coordinates near the city centre, 8 places as the API gives. */
export function direccion(store: Store, random: Random, contacto?: { email?: string }): Direccion {
	const ciudad = random.pick(CIUDADES);
	const jitter = () => (random.next() - 0.5) * 0.08;
	const withCoordinates = random.chance(0.7);
	return {
		id: store.nextSequence('direccion'),
		municipio: ciudad.municipio,
		localidad: ciudad.municipio,
		estado: ciudad.estado,
		calle: random.pick(CALLES),
		colonia: random.pick(COLONIAS),
		cp: `${ciudad.cp}${random.digits(3)}`,
		telefono: telefono(random, ciudad),
		email: contacto?.email ?? '',
		numero_e: String(random.int(1, 4999)),
		numero_i: random.chance(0.25) ? String(random.pick(['A', 'B', '2', '101', 'Local 3'])) : '',
		pais_residencia: 'MEX',
		latitud: withCoordinates ? formatDecimal(decimal(ciudad.latitud + jitter()), 8) : null,
		longitud: withCoordinates ? formatDecimal(decimal(ciudad.longitud + jitter()), 8) : null,
		referencia: random.chance(0.4) ? random.pick(REFERENCIAS) : random.chance(0.5) ? '' : null,
	};
}
