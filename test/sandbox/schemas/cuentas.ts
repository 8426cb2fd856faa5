import { z } from 'zod';
import { campos, decimalString, id } from './common';

/** Bank accounts (`/cuentas_bancarias/`) and ledger accounts (`/cuentas/`). */

export const cuentaBancariaSchema = z.strictObject({
	id,
	activo: z.boolean(),
	banco: z.string(),
	clabe: z.string().regex(/^\d{18}$/, 'CLABE of 18 digits'),
	...campos(['descripcion', 'moneda', 'cuenta_contable', 'tipo_cuenta'], z.string()),
	saldo_inicial: decimalString(2),
});
export type CuentaBancaria = z.infer<typeof cuentaBancariaSchema>;

/** Ledger account; `padre` is null on the top-level accounts (Activo, Pasivo, ...). */
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
