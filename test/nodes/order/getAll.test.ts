import { STATUS_CANCELADO } from '../../sandbox/schemas/catalogs';
import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';
import { itFiltersSalesDocuments } from '../salesDocumentFilters';

const PAGE_MAX = 15;
const SIMPLIFIED = ['id', 'folio', 'folio_completo', 'fecha', 'cliente', 'subtotal', 'iva', 'total', 'status', 'status_display'];

describe('Admintotal Order: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const orders = () => fixture.sandbox.store.pedidos;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalOrder',
		resource: 'order',
		path: '/movimientos/pedidos/',
		records: orders,
		pageMax: PAGE_MAX,
		noun: 'orders',
	});

	itFiltersSalesDocuments({
		fixture,
		node: 'admintotalOrder',
		resource: 'order',
		path: '/movimientos/pedidos/',
		records: orders,
		// Orders show no `cancelado`; the sandbox counts an order with the cancelled status as cancelled.
		isCancelled: (order) => (order as unknown as { status: number }).status === STATUS_CANCELADO.pedido,
		noun: 'orders',
	});

	it('Simplify (on by default) keeps the summary fields and reduces the client to id, name and RFC', async () => {
		const run = await fixture.run('admintotalOrder', { resource: 'order', operation: 'getAll', limit: 2 });

		expect(run.error).toBeUndefined();
		const [order] = orders();
		expect(Object.keys(run.json[0])).toEqual(SIMPLIFIED);
		expect(run.json[0].cliente).toEqual({ id: order.cliente.id, razon_social: order.cliente.razon_social, rfc: order.cliente.rfc });
		expect(run.json[0].total).toBe(order.total);
	});

	it('with Simplify off every field comes as the API sends it', async () => {
		const run = await fixture.run('admintotalOrder', { resource: 'order', operation: 'getAll', limit: 2, simplify: false });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(orders().slice(0, 2)));
	});
});
