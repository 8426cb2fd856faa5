import { z } from 'zod';
import { DEMO } from '../demo';
import { campos, decimalString, id } from '../schemas/common';
import { BANCOS } from '../seed/catalogos';
import { clabe } from '../seed/identity';
import { Random } from '../seed/random';
import type { Store } from '../store/store';
import { decimal, formatDecimal } from '../util/decimal';

/** Bank accounts (`/cuentas_bancarias/`): the tenant's accounts, one per bank in turn, in pesos or dollars. */

export const cuentaBancariaSchema = z.strictObject({
	id,
	activo: z.boolean(),
	banco: z.string(),
	clabe: z.string().regex(/^\d{18}$/, 'CLABE of 18 digits'),
	...campos(['descripcion', 'moneda', 'cuenta_contable', 'tipo_cuenta'], z.string()),
	saldo_inicial: decimalString(2),
});
export type CuentaBancaria = z.infer<typeof cuentaBancariaSchema>;

export function seedCuentasBancarias(_store: Store, seed: number, count: number): CuentaBancaria[] {
	const random = new Random(seed, 'cuentasBancarias');
	const cuentas: CuentaBancaria[] = [];
	for (let i = 1; i <= count; i++) {
		const banco = BANCOS[(i - 1) % BANCOS.length];
		const enDolares = i > 1 && random.chance(0.2);
		cuentas.push({
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
	return cuentas;
}
