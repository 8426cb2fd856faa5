import { Store } from '../store/store';
import { seedClientes } from './clientes';
import { seedCuentasBancarias, seedCuentasContables } from './cuentas';
import { seedConsumoInterno, seedNotasCredito, seedNotasVenta, seedPedidos } from './documentos';
import { seedListaNegra } from './listaNegra';
import { seedOrdenesServicio } from './ordenesServicio';
import { seedProductos } from './productos';
import { seedProspectos } from './prospectos';
import { seedUsuarios } from './usuarios';
import { CATALOGO_CUENTAS } from './catalogos';

/** Seeders in order (documents need users, clients, products) and default volumes (a start well under a second). */
const SEEDERS = {
	usuarios: [12, seedUsuarios],
	clientes: [80, seedClientes],
	productos: [260, seedProductos],
	cuentas: [CATALOGO_CUENTAS.length, seedCuentasContables],
	cuentasBancarias: [8, seedCuentasBancarias],
	notasVenta: [120, seedNotasVenta],
	pedidos: [80, seedPedidos],
	notasCredito: [40, seedNotasCredito],
	consumoInterno: [30, seedConsumoInterno],
	ordenesServicio: [45, seedOrdenesServicio],
	prospectos: [60, seedProspectos],
	listaNegra: [300, seedListaNegra],
} satisfies Record<string, [number, (store: Store, seed: number, count: number) => void]>;

/** Resources whose number of records `volume` sets. */
export type ResourceName = keyof typeof SEEDERS;

export const DEFAULT_VOLUME = Object.fromEntries(Object.entries(SEEDERS).map(([name, [count]]) => [name, count])) as Record<ResourceName, number>;

/** Builds the whole tenant from a seed. */
export function seedStore(seed: number, volume: Partial<Record<ResourceName, number>> = {}): Store {
	const counts = { ...DEFAULT_VOLUME, ...volume };
	const store = new Store();
	for (const [name, [, seedResource]] of Object.entries(SEEDERS)) seedResource(store, seed, counts[name as ResourceName]);
	return store;
}
