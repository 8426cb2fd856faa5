import { z } from 'zod';
import { decimalString, id } from './common';

/** Bank accounts (`/cuentas_bancarias/`) and ledger accounts (`/cuentas/`). */

export const cuentaBancariaSchema = z
	.object({
		id,
		activo: z.boolean(),
		banco: z.string(),
		clabe: z.string().regex(/^\d{18}$/, 'CLABE of 18 digits'),
		descripcion: z.string(),
		moneda: z.string(),
		cuenta_contable: z.string(),
		tipo_cuenta: z.string(),
		saldo_inicial: decimalString(2),
	})
	.strict();
export type CuentaBancaria = z.infer<typeof cuentaBancariaSchema>;

/** Ledger account; `padre` is null on the top-level accounts (Activo, Pasivo, ...). */
export const cuentaContableSchema = z
	.object({
		id,
		padre: id.nullable(),
		numero_cuenta: z.string(),
		descripcion: z.string(),
		alias: z.string().nullable(),
		naturaleza: z.enum(['Deudora', 'Acreedora']),
		clasificacion: z.string(),
	})
	.strict();
export type CuentaContable = z.infer<typeof cuentaContableSchema>;
