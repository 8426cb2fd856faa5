import { READ_ONLY_RESOURCES, type ReadOnlyName } from '../resources/index';
import { Store } from '../store/store';
import { seedClientes } from './clientes';
import { seedConsumoInterno, seedNotasCredito, seedNotasVenta, seedPedidos } from './documentos';
import { seedListaNegra } from './listaNegra';
import { seedOrdenesServicio } from './ordenesServicio';
import { seedProductos } from './productos';
import { seedProspectos } from './prospectos';

/**
 * Seeders of the resources with routes of their own, in order (documents need users, clients, products), after
 * those of READ_ONLY_RESOURCES; default volumes (a start well under a second).
 */
const SEEDERS = {
	clientes: [80, seedClientes],
	productos: [260, seedProductos],
	notasVenta: [120, seedNotasVenta],
	pedidos: [80, seedPedidos],
	notasCredito: [40, seedNotasCredito],
	consumoInterno: [30, seedConsumoInterno],
	ordenesServicio: [45, seedOrdenesServicio],
	prospectos: [60, seedProspectos],
	listaNegra: [300, seedListaNegra],
} satisfies Record<string, [number, (store: Store, seed: number, count: number) => void]>;

/** Resources whose number of records `volume` sets. */
export type ResourceName = ReadOnlyName | keyof typeof SEEDERS;

export const DEFAULT_VOLUME = {
	...Object.fromEntries(Object.entries(READ_ONLY_RESOURCES).map(([name, resource]) => [name, resource.count])),
	...Object.fromEntries(Object.entries(SEEDERS).map(([name, [count]]) => [name, count])),
} as Record<ResourceName, number>;

/** Builds the whole tenant from a seed. */
export function seedStore(seed: number, volume: Partial<Record<ResourceName, number>> = {}): Store {
	const counts = { ...DEFAULT_VOLUME, ...volume };
	const store = new Store();
	for (const [name, resource] of Object.entries(READ_ONLY_RESOURCES)) {
		Object.assign(store, { [name]: resource.seed(store, seed, counts[name as ReadOnlyName]) });
	}
	for (const [name, [, seedResource]] of Object.entries(SEEDERS)) seedResource(store, seed, counts[name as ResourceName]);
	return store;
}
