import { DEMO } from '../demo';
import type { ListaNegra } from '../schemas/listaNegra';
import type { Store } from '../store/store';
import { rfcFisica, rfcMoral } from './identity';
import { empresa, persona } from './personas';
import { Random } from './random';
import { REGIMEN_SOCIETARIO, satUpper } from './vocabulary';

/** An entry of the type the spec does not list (4, "Sentencia Favorable"), with a right check digit (DEMO's are not). */
export const SENTENCIA_FAVORABLE: ListaNegra = { rfc: 'TUN150610KP3', nombre: 'TRANSPORTES UNIDOS DEL NORTE, S.A. DE C.V.', tipo: 4 };

/**
 * SAT's 69-B list: presumed (3), confirmed (1) or cleared (2) issuers of invoices for simulated operations, named as
 * SAT publishes them. DEMO.listaNegra and SENTENCIA_FAVORABLE come first; DEMO.rfcNoListado is never generated.
 */
export function seedListaNegra(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'listaNegra');
	const fixtures: ListaNegra[] = [DEMO.listaNegra.definitivo, DEMO.listaNegra.desvirtuado, DEMO.listaNegra.presunto, SENTENCIA_FAVORABLE].map(
		({ rfc, nombre, tipo }) => ({ rfc, nombre, tipo }),
	);
	const usados = new Set<string>([DEMO.rfcNoListado, ...store.clientes.map((c) => c.rfc), ...fixtures.map((f) => f.rfc)]);
	for (let i = 0; i < count; i++) {
		if (i < fixtures.length) {
			store.listaNegra.push(fixtures[i]);
			continue;
		}
		let rfc: string;
		let nombre: string;
		if (random.chance(0.75)) {
			const razon = satUpper(empresa(random));
			nombre = `${razon}, ${satUpper(random.pick(REGIMEN_SOCIETARIO))}`;
			do rfc = rfcMoral(random, razon);
			while (usados.has(rfc));
		} else {
			const p = persona(random);
			nombre = satUpper(p.completo);
			do rfc = rfcFisica(random, p.nombre, p.apellidoPaterno, p.apellidoMaterno);
			while (usados.has(rfc));
		}
		usados.add(rfc);
		store.listaNegra.push({ rfc, nombre, tipo: random.weighted([[1, 6], [2, 1], [3, 3]] as const) });
	}
}
