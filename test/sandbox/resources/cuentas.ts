import { z } from 'zod';
import { id } from '../schemas/common';
import { CATALOGO_CUENTAS } from '../seed/catalogos';
import { Random } from '../seed/random';
import type { Store } from '../store/store';

/** Ledger accounts (`/cuentas/`): the fixed chart of `CATALOGO_CUENTAS`, then generated sub-accounts. */

/** `padre` is null on the top-level accounts (Activo, Pasivo, ...). */
export const cuentaContableSchema = z.strictObject({
	id,
	padre: id.nullable(),
	numero_cuenta: z.string(),
	descripcion: z.string(),
	alias: z.string().nullable(),
	naturaleza: z.enum(['Deudora', 'Acreedora']),
	clasificacion: z.string(),
});
export type CuentaContable = z.infer<typeof cuentaContableSchema>;

export function seedCuentas(_store: Store, seed: number, count: number): CuentaContable[] {
	const random = new Random(seed, 'cuentas');
	const cuentas: CuentaContable[] = [];
	const idPorNumero = new Map<string, number>();
	const padreDe = (numero: string): number | null => {
		if (!numero.includes('-')) {
			// "101" hangs from "100": the group of the same hundred.
			const grupo = `${numero[0]}00`;
			return grupo === numero ? null : (idPorNumero.get(grupo) ?? null);
		}
		return idPorNumero.get(numero.slice(0, numero.lastIndexOf('-'))) ?? null;
	};
	for (const cuenta of CATALOGO_CUENTAS.slice(0, count)) {
		const id = cuentas.length + 1;
		cuentas.push({
			id,
			padre: padreDe(cuenta.numero),
			numero_cuenta: cuenta.numero,
			descripcion: cuenta.descripcion,
			alias: cuenta.alias ?? null,
			naturaleza: cuenta.naturaleza,
			clasificacion: cuenta.clasificacion,
		});
		idPorNumero.set(cuenta.numero, id);
	}
	// Beyond the fixed chart: detail accounts of general expenses, "601-90-001" and on.
	const padre = idPorNumero.get('601');
	for (let n = 1; cuentas.length < count; n++) {
		cuentas.push({
			id: cuentas.length + 1,
			padre: padre ?? null,
			numero_cuenta: `601-90-${String(n).padStart(3, '0')}`,
			descripcion: `Gastos diversos ${random.pick(['de sucursal', 'de reparto', 'de taller', 'de oficina'])} ${n}`,
			alias: null,
			naturaleza: 'Deudora',
			clasificacion: 'Gastos',
		});
	}
	return cuentas;
}
