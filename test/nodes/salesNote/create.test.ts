import { DEMO } from '../../sandbox';
import { notaVentaSchema } from '../../sandbox/schemas/movimientos';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Sales Note: Create', () => {
	const fixture = sandboxPerFile();
	const posts = () => fixture.requestsTo('/movimientos/notas_venta/').filter((request) => request.method === 'POST');
	const create = (parameters: Record<string, unknown>, input?: Array<Record<string, unknown>>) =>
		fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, ...parameters }, { input });
	const oneLine = { lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50' }] } };

	it('sends every field of the spec with its API name, money and quantities exactly as written', async () => {
		const run = await create({
			clientBy: 'id',
			clientId: DEMO.cliente.id,
			lines: {
				line: [
					{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50' },
					{ productBy: 'id', product: String(DEMO.productoParte.id), quantity: '3', unitPrice: '' },
					{ productBy: 'supplierCode', product: DEMO.producto.codigoProveedor, quantity: '1', unitPrice: '0.10' },
				],
			},
			deliveryAddress: { street: 'Av. Juárez', exteriorNumber: '120', postalCode: '44100', latitude: '20.6736', email: 'cliente@example.com' },
			additionalFields: {
				date: '2026-03-14T10:30:00-06:00',
				warehouse: 2,
				comments: 'Pedido web 1001',
				cashAmount: '100.10',
				cardAmount: '850.00',
				cardType: 2,
				cardLastDigits: '0421',
				externalId: 'SHOP-1001',
				billingKey: 'K7P2QX',
				customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: 'OC-77' }] },
				currency: 'MXN',
				exchangeRate: '1.0000',
			},
		});
		expect(run.error).toBeUndefined();
		expect(posts()).toHaveLength(1);
		expect(posts()[0].body).toEqual({
			cliente: DEMO.cliente.id,
			detalles: [
				{ producto_codigo: DEMO.producto.codigo, cantidad: '2', precio_unitario: '189.50' },
				{ producto: DEMO.productoParte.id, cantidad: '3' },
				{ producto_codigo_proveedor: DEMO.producto.codigoProveedor, cantidad: '1', precio_unitario: '0.10' },
			],
			fecha: '2026-03-14T10:30:00-06:00',
			almacen: 2,
			comentarios: 'Pedido web 1001',
			monto_efectivo: 100.1,
			monto_tarjeta: 850,
			tipo_tarjeta: 2,
			numero_tarjeta: 421,
			direccion_entgrega: { calle: 'Av. Juárez', numero_e: '120', cp: '44100', latitud: '20.6736', email: 'cliente@example.com' },
			id_externo: 'SHOP-1001',
			clave_facturacion: 'K7P2QX',
			campos_personalizados: [{ key: DEMO.camposPersonalizadosVenta[0], valor: 'OC-77' }],
			moneda: 'MXN',
			tipo_cambio: '1.0000',
		});
		expect(notaVentaSchema.parse(run.json[0])).toBeTruthy();
		expect(run.json[0]).toMatchObject({ id: expect.any(Number), cliente: expect.objectContaining({ id: DEMO.cliente.id }) });
		const listed = await fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', returnAll: true, simplify: false, filters: { cancelled: 'all' } });
		expect(listed.json.map((note) => note.id)).toContain(run.json[0].id);
	});

	it('takes lines from JSON mapped from a shop order, one note per input item', async () => {
		const shopOrders = [
			{ number: 'W-1', items: [{ sku: DEMO.producto.codigo, qty: 2, price: '199.90' }] },
			{ number: 'W-2', items: [{ sku: DEMO.producto.codigo, qty: 1, price: 149.9 }, { sku: 'HER-00002', qty: '4', price: '10' }] },
		];
		const run = await create(
			{
				linesInput: 'json',
				linesJson: '={{ $json.items.map(item => ({ productCode: item.sku, quantity: item.qty, unitPrice: item.price })) }}',
				additionalFields: { externalId: '={{ $json.number }}' },
			},
			shopOrders,
		);
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2);
		const bodies = posts().map((request) => request.body as Record<string, unknown>);
		const byExternalId = Object.fromEntries(bodies.map((body) => [body.id_externo, body.detalles]));
		expect(byExternalId).toEqual({
			'W-1': [{ producto_codigo: DEMO.producto.codigo, cantidad: '2', precio_unitario: '199.90' }],
			'W-2': [
				{ producto_codigo: DEMO.producto.codigo, cantidad: '1', precio_unitario: '149.9' },
				{ producto_codigo: 'HER-00002', cantidad: '4', precio_unitario: '10' },
			],
		});
	});

	it.each([
		['no lines', { lines: { line: [] } }, /'Lines' has no lines \[item 0\]/],
		['a line without product', { lines: { line: [{ productBy: 'code', product: '', quantity: '1' }] } }, /'Lines' line 1: has no product \[item 0\]/],
		[
			'a JSON line with two identifiers',
			{ linesInput: 'json', linesJson: JSON.stringify([{ productCode: 'A', productId: 4, quantity: 1 }]) },
			/'Lines \(JSON\)' line 1: identifies the product more than once \(productId and productCode\) \[item 0\]/,
		],
		['a zero quantity', { lines: { line: [{ productBy: 'code', product: 'A', quantity: '0' }] } }, /'Lines' line 1: quantity must be greater than 0, got "0" \[item 0\]/],
		['a negative price', { lines: { line: [{ productBy: 'code', product: 'A', quantity: '1', unitPrice: '-5' }] } }, /line 1: unit price must not be negative/],
		['a JSON line that is a list', { linesInput: 'json', linesJson: JSON.stringify([['A', 1]]) }, /'Lines \(JSON\)' line 1: is not an object \[item 0\]/],
		['a JSON line that is null', { linesInput: 'json', linesJson: '[{"productCode": "A", "quantity": 1}, null]' }, /'Lines \(JSON\)' line 2: is not an object \[item 0\]/],
		[
			'a JSON line with `price` instead of `unitPrice`, rather than selling at Admintotal\'s price',
			{ linesInput: 'json', linesJson: JSON.stringify([{ productCode: 'A', quantity: 1, price: '99.00' }]) },
			/'Lines \(JSON\)' line 1: has a key a line does not know: "price" \[item 0\]/,
		],
		[
			'a JSON line giving the price under both names, rather than sending one of them',
			{ linesInput: 'json', linesJson: JSON.stringify([{ productCode: 'A', quantity: 1, unitPrice: '99.00', precio_unitario: '89.00' }]) },
			/'Lines \(JSON\)' line 1: gives the unit price twice \(unitPrice and precio_unitario\) \[item 0\]/,
		],
		[
			'a JSON line giving the quantity under both names',
			{ linesInput: 'json', linesJson: JSON.stringify([{ productCode: 'A', quantity: 1, cantidad: 10 }]) },
			/'Lines \(JSON\)' line 1: gives the quantity twice \(quantity and cantidad\) \[item 0\]/,
		],
		['broken JSON', { linesInput: 'json', linesJson: '[{"productCode": "A", ' }, /'Lines \(JSON\)' is not valid JSON/],
		['JSON that is not an array', { linesInput: 'json', linesJson: '{"productCode": "A"}' }, /'Lines \(JSON\)' must be an array of lines/],
		['a negative cash amount', { ...oneLine, additionalFields: { cashAmount: '-1.00' } }, /'Cash Amount' must not be negative/],
		['card digits that are not four', { ...oneLine, additionalFields: { cardLastDigits: '42' } }, /'Card Last 4 Digits' must be exactly 4 digits/],
		['a malformed client RFC', { ...oneLine, clientRfc: 'NOT AN RFC' }, /'Client RFC' is not a valid RFC \[item 0\]/],
		['a date whose offset is beyond ±14:00', { ...oneLine, additionalFields: { date: '2026-03-14T10:30:00+14:30' } }, /'Date' must be a date, got "2026-03-14T10:30:00\+14:30"/],
		['a date that is not a date', { ...oneLine, additionalFields: { date: '14/03/2026' } }, /'Date' must be a date, got "14\/03\/2026"/],
		['an amount with a thousands separator', { ...oneLine, additionalFields: { cardAmount: '1,250.00' } }, /'Card Amount' must be a plain decimal number/],
		['an amount too precise for a JSON number, instead of rounding it', { ...oneLine, additionalFields: { cardAmount: '1234567890123456.78' } }, /'Card Amount' has more digits than can be sent exactly/],
	])('refuses %s with no request sent', async (_case, parameters, message) => {
		const run = await create(parameters);
		expect(run.error?.message).toMatch(message);
		expect(posts()).toHaveLength(0);
	});

	it('a mapped line with a key it does not know stops the run naming the key, the line and the item, and no note of the run is sent', async () => {
		const shopOrders = [
			{ number: 'W-1', items: [{ sku: DEMO.producto.codigo, qty: 2, price: '199.90' }] },
			{ number: 'W-2', items: [{ sku: DEMO.producto.codigo, qty: 1, price: '149.90' }, { sku: 'HER-00002', qty: 4, price: '10.00' }] },
		];
		const run = await create(
			{
				linesInput: 'json',
				// The second order's second line maps the price under the shop's own name.
				linesJson: '={{ $json.items.map((item, index) => $json.number === "W-2" && index === 1 ? { productCode: item.sku, quantity: item.qty, price: item.price } : { productCode: item.sku, quantity: item.qty, unitPrice: item.price, discount: undefined }) }}',
				additionalFields: { externalId: '={{ $json.number }}' },
			},
			shopOrders,
		);
		expect(run.error?.message).toBe(`'Lines (JSON)' line 2: has a key a line does not know: "price" [item 1]`);
		expect(run.error?.description).toBe('The keys a line takes: productId, producto, productCode, producto_codigo, supplierCode, producto_codigo_proveedor, quantity, cantidad, unitPrice, precio_unitario. Nothing was sent to Admintotal.');
		expect(posts()).toHaveLength(0);
	});

	it('a product Admintotal does not know comes back as a clear 400 with the line path', async () => {
		const run = await create({ lines: { line: [{ productBy: 'code', product: 'NO-SUCH-CODE', quantity: '1', unitPrice: '1' }] } });
		expect(posts()).toHaveLength(1);
		expect(run.error?.message).toBe('Admintotal rejected the data sent: detalles[0].producto_codigo: No existe un producto con el código "NO-SUCH-CODE".');
		expect(run.error?.description).toMatch(/detalles\[0\]\.producto_codigo: .+/);
	});
});
