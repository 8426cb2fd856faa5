import type { ResourceName } from '../types';
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

/** Records per resource when `volume` does not say: small enough to start in well under a second. */
export const DEFAULT_VOLUME: Record<ResourceName, number> = {
	usuarios: 12,
	clientes: 80,
	productos: 260,
	notasVenta: 120,
	notasCredito: 40,
	pedidos: 80,
	consumoInterno: 30,
	ordenesServicio: 45,
	prospectos: 60,
	cuentasBancarias: 8,
	cuentas: CATALOGO_CUENTAS.length,
	listaNegra: 300,
};

/** Builds the whole tenant from a seed. Order matters: documents need users, clients, products. */
export function seedStore(seed: number, volume: Partial<Record<ResourceName, number>> = {}): Store {
	const n = { ...DEFAULT_VOLUME, ...volume };
	const store = new Store();
	seedUsuarios(store, seed, n.usuarios);
	seedClientes(store, seed, n.clientes);
	seedProductos(store, seed, n.productos);
	seedCuentasContables(store, seed, n.cuentas);
	seedCuentasBancarias(store, seed, n.cuentasBancarias);
	seedNotasVenta(store, seed, n.notasVenta);
	seedPedidos(store, seed, n.pedidos);
	seedNotasCredito(store, seed, n.notasCredito);
	seedConsumoInterno(store, seed, n.consumoInterno);
	seedOrdenesServicio(store, seed, n.ordenesServicio);
	seedProspectos(store, seed, n.prospectos);
	seedListaNegra(store, seed, n.listaNegra);
	return store;
}
