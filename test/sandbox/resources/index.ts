import type { z } from 'zod';
import { CATALOGO_CUENTAS } from '../seed/catalogos';
import type { Store } from '../store/store';
import { cuentaContableSchema, seedCuentas } from './cuentas';
import { cuentaBancariaSchema, seedCuentasBancarias } from './cuentasBancarias';
import { seedUsuarios, usuarioSchema } from './usuarios';

/**
 * The read-only resources, each declared by its row: the store holds `seed`'s records under the row's name, `path`
 * lists them (`routes/readOnly.ts`) and `path{id}/` answers one, every record serialized by `schema` (only its
 * fields leave), and `test/sandbox/resources.test.ts` checks every row. A new one is a file in this folder (its schema
 * and its seeder) and a row here.
 */
export const READ_ONLY_RESOURCES = {
	cuentasBancarias: readOnly({ path: '/cuentas_bancarias/', schema: cuentaBancariaSchema, seed: seedCuentasBancarias, count: 8 }),
	cuentas: readOnly({ path: '/cuentas/', schema: cuentaContableSchema, seed: seedCuentas, count: CATALOGO_CUENTAS.length }),
	// The spec has no /usuarios/{id}/ (its /usuarios/ subpaths are the login).
	usuarios: readOnly({ path: '/usuarios/', schema: usuarioSchema, seed: seedUsuarios, count: 12, detail: false }),
};

export interface ReadOnlyResource<S extends z.AnyZodObject = z.AnyZodObject, R extends z.infer<S> = z.infer<S>> {
	/** The list's path under /api/v2, with the spec's trailing slash; also the order of the API root. */
	path: `/${string}/`;
	/** The record's fields, spelled as the API spells them: exactly what the routes answer of each record. */
	schema: S;
	/**
	 * The records, in id order; they may hold sandbox-only fields besides the schema's. Rows are seeded before every
	 * other resource, in table order, since documents refer to them.
	 */
	seed: (store: Store, seed: number, count: number) => R[];
	/** Default number of records; `volume` sets another under the row's name. */
	count: number;
	/** `path{id}/` answers one record, unless false. */
	detail?: boolean;
}

/** A row, typed so its records have every field of its schema. */
function readOnly<S extends z.AnyZodObject, R extends z.infer<S>>(resource: ReadOnlyResource<S, R>): ReadOnlyResource<S, R> {
	return resource;
}

export type ReadOnlyName = keyof typeof READ_ONLY_RESOURCES;

/** The store's arrays of the table: `store.cuentas` and the like, one per row. */
export type ReadOnlyRecords = { [K in ReadOnlyName]: ReturnType<(typeof READ_ONLY_RESOURCES)[K]['seed']> };

/** The base of `Store`: an empty array per row until `seedStore` fills it. */
export const ReadOnlyStore = class {
	constructor() {
		for (const name of Object.keys(READ_ONLY_RESOURCES)) Object.assign(this, { [name]: [] });
	}
} as new () => ReadOnlyRecords;
