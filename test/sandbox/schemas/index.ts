/**
 * Zod schemas of the resources with routes of their own, of request bodies and login answers, and the catalogs; the
 * read-only resources' are in their files of `../resources/`.
 */
export * from './catalogs';
export * from './common';
export * from './movimientos';
export * from './ordenesServicio';
export * from './prospectos';
export * from './productos';
export * from './listaNegra';
export * from './login';
export * from './requests';
