import { DEMO } from '../../sandbox';
import { pedidoSchema } from '../../sandbox/schemas/movimientos';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Order: Create', () => {
	const fixture = sandboxPerFile();
	const posts = () => fixture.requestsTo('/movimientos/pedidos/').filter((request) => request.method === 'POST');
	const line = { lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '3', unitPrice: '180.00' }] } };
	const create = (parameters: Record<string, unknown>) =>
		fixture.run('admintotalOrder', { resource: 'order', operation: 'create', ...line, ...parameters });

	it('sends contact, lines, delivery address, date, warehouse and the client by code with the API names', async () => {
		const run = await create({
			clientBy: 'code',
			clientCode: DEMO.cliente.codigo,
			contact: { name: 'Laura Méndez', phone: '3312345678', email: 'laura@example.com' },
			deliveryAddress: { street: 'Calle 5', neighborhood: 'Centro', municipality: 'Zapopan', state: 'Jalisco' },
			additionalFields: { date: '2026-04-02T00:00:00', warehouse: 3, comments: 'Entregar por la tarde' },
		});
		expect(run.error).toBeUndefined();
		expect(posts()[0].body).toEqual({
			codigo_cliente: DEMO.cliente.codigo,
			detalles: [{ producto_codigo: DEMO.producto.codigo, cantidad: '3', precio_unitario: '180.00' }],
			contacto: { nombre: 'Laura Méndez', telefono: '3312345678', email: 'laura@example.com' },
			direccion_entrega: { calle: 'Calle 5', colonia: 'Centro', municipio: 'Zapopan', estado: 'Jalisco' },
			fecha: '2026-04-02',
			almacen: 3,
			comentarios: 'Entregar por la tarde',
		});
		expect(pedidoSchema.parse(run.json[0])).toBeTruthy();
	});

	it.each([
		['id', { clientBy: 'id', clientId: DEMO.cliente.id }, { id_cliente: DEMO.cliente.id }],
		['rfc', { clientBy: 'rfc', clientRfc: DEMO.cliente.rfc }, { rfc_cliente: DEMO.cliente.rfc }],
	])('names the client by %s with the order field names', async (_way, parameters, expected) => {
		expect((await create(parameters)).error).toBeUndefined();
		expect(posts()[0].body).toMatchObject(expected);
	});

	it('refuses a contact email that is not an email, before sending', async () => {
		const run = await create({ clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, contact: { email: 'laura.example.com' } });
		expect(run.error?.message).toMatch(/'Contact: Email' is not an email address \("laura.example.com"\) \[item 0\]/);
		expect(posts()).toHaveLength(0);
	});

	it('a client code Admintotal does not know is the API message, with the field', async () => {
		const run = await create({ clientBy: 'code', clientCode: 'NO-EXISTE' });
		expect(posts()[0].status).toBe(400);
		expect(run.error?.description).toMatch(/codigo_cliente: .+/);
	});
});
