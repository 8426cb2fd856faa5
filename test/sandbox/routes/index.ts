import { API_PREFIX } from '../server/routeTable';
import { registerAuth } from './auth';
import { originOf, type RouteContext } from './context';
import { registerListaNegra } from './listaNegra';
import { registerAnticiposClientes } from './movimientos/anticiposClientes';
import { registerConsumoInterno } from './movimientos/consumoInterno';
import { registerNotasCredito } from './movimientos/notasCredito';
import { registerNotasVenta } from './movimientos/notasVenta';
import { registerPedidos } from './movimientos/pedidos';
import { registerOrdenesServicio } from './ordenesServicio';
import { registerProductos } from './productos';
import { registerProspectos } from './prospectos';
import { registerReadOnly } from './readOnly';

/** Every endpoint of the spec, under /api/v2. */
export function registerApi(context: RouteContext): void {
	registerAuth(context);
	registerNotasCredito(context);
	registerNotasVenta(context);
	registerPedidos(context);
	registerConsumoInterno(context);
	registerAnticiposClientes(context);
	registerOrdenesServicio(context);
	registerProspectos(context);
	registerProductos(context);
	registerReadOnly(context);
	registerListaNegra(context);

	// DRF DefaultRouter's API root: the list endpoints by name.
	context.routes.get('/', (request) => {
		const origin = originOf(context, request);
		return Object.fromEntries(
			context.routes
				.listPaths()
				.filter((path) => path !== `${API_PREFIX}/`)
				.map((path) => [path.slice(API_PREFIX.length + 1, -1), `${origin}${path}`]),
		);
	});
}
