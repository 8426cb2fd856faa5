import { DEMO } from '../demo';
import { PROSPECTO_STATUS } from '../schemas/catalogs';
import type { Store } from '../store/store';
import { rfcMoral } from './identity';
import { direccion, empresa, persona } from './personas';
import { Random } from './random';
import { satUpper } from './vocabulary';

/** Prospects (sales leads); some with quotations once they showed interest. */
export function seedProspectos(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'prospectos');
	for (let i = 1; i <= count; i++) {
		const contacto = persona(random);
		const nombreEmpresa = empresa(random);
		const status = (i === 1 ? 2 : random.weighted([[1, 4], [2, 3], [3, 2], [4, 1], [5, 1]] as const)) as keyof typeof PROSPECTO_STATUS;
		const conRfc = random.chance(0.5);
		store.prospectos.push({
			id: i,
			codigo: i === 1 ? DEMO.prospecto.codigo : `PRO-${String(i).padStart(4, '0')}`,
			empresa: nombreEmpresa,
			nombre: contacto.completo,
			recomendo: random.chance(0.4) ? persona(random).completo : '',
			comentarios: random.pick(['', 'Pidió catálogo de herramienta', 'Interesado en crédito', 'Llamar la próxima semana']),
			nombre_comercial: random.chance(0.6) ? nombreEmpresa : null,
			sucursal: random.chance(0.3) ? random.pick(['Centro', 'Norte', 'Sur']) : null,
			rfc: conRfc ? rfcMoral(random, satUpper(nombreEmpresa)) : null,
			status,
			stats_display: PROSPECTO_STATUS[status],
			cotizaciones: status >= 3 && status <= 4 ? Array.from({ length: random.int(1, 3) }, () => random.int(100, 900)) : [],
		});
		if (random.chance(0.5)) store.direccionesProspectos.set(i, direccion(store, random));
	}
}
