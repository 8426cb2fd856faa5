import { DEMO } from '../demo';
import type { Store } from '../store/store';
import { decimal, formatDecimal } from '../util/decimal';
import { BANCOS, CATALOGO_CUENTAS } from './catalogos';
import { clabe } from './identity';
import { Random } from './random';

/** Ledger accounts (the fixed chart, then generated sub-accounts) and bank accounts. */

export function seedCuentasContables(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'cuentas');
	const idPorNumero = new Map<string, number>();
	const padreDe = (numero: string): number | null => {
		if (!numero.includes('-')) {
			// "101" hangs from "100": the group of the same hundred.
			const grupo = `${numero[0]}00`;
			return grupo === numero ? null : (idPorNumero.get(grupo) ?? null);
		}
		return idPorNumero.get(numero.slice(0, numero.lastIndexOf('-'))) ?? null;
	};
	const fijas = CATALOGO_CUENTAS.slice(0, count);
	for (const cuenta of fijas) {
		const id = store.cuentas.length + 1;
		store.cuentas.push({
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
	for (let n = 1; store.cuentas.length < count; n++) {
		const id = store.cuentas.length + 1;
		store.cuentas.push({
			id,
			padre: padre ?? null,
			numero_cuenta: `601-90-${String(n).padStart(3, '0')}`,
			descripcion: `Gastos diversos ${random.pick(['de sucursal', 'de reparto', 'de taller', 'de oficina'])} ${n}`,
			alias: null,
			naturaleza: 'Deudora',
			clasificacion: 'Gastos',
		});
	}
}

export function seedCuentasBancarias(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'cuentasBancarias');
	for (let i = 1; i <= count; i++) {
		const banco = BANCOS[(i - 1) % BANCOS.length];
		const enDolares = i > 1 && random.chance(0.2);
		store.cuentasBancarias.push({
			id: i,
			activo: i === 1 || random.chance(0.85),
			banco: banco.nombre,
			clabe: clabe(random, banco.codigo),
			descripcion: `${banco.nombre} ${enDolares ? 'dólares' : 'pesos'} ${random.pick(['operación', 'nómina', 'cobranza', 'inversión'])}`,
			moneda: enDolares ? 'USD' : 'MXN',
			cuenta_contable: i === 1 ? DEMO.cuentaBancaria.cuentaContable : `102-01-${String(i).padStart(3, '0')}`,
			tipo_cuenta: random.chance(0.8) ? 'Cheques' : 'Inversión',
			saldo_inicial: formatDecimal(decimal(random.int(0, 50000000) / 100), 2),
		});
	}
}
