/** Zod schemas of every resource of the API, of its request bodies, and its catalogs. */
export * from './catalogs';
export * from './common';
export * from './movimientos';
export * from './ordenesServicio';
export * from './prospectos';
export * from './productos';
export * from './cuentas';
export * from './listaNegra';
export * from './usuarios';
export * from './requests';
