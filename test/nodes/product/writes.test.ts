import { DEMO } from '../../sandbox';
import { byId, fromList, sandboxPerFile } from '../fixture';

describe('Admintotal Product: Edit Assemblies and Enable Webhooks', () => {
	const fixture = sandboxPerFile();
	const editAssemblies = (parameters: Record<string, unknown>) =>
		fixture.run('admintotalProduct', { resource: 'product', operation: 'editAssemblies', productId: fromList(DEMO.producto.id), componentProductId: byId(DEMO.productoParte.id), ...parameters });

	it('Edit Assemblies posts the part to the product path with the spec fields, factor 1 by default', async () => {
		const run = await editAssemblies({ quantity: '2.5', additionalFields: { unitId: DEMO.unidadMedida.id, unitName: DEMO.unidadMedida.nombre } });
		expect(run.error).toBeUndefined();
		const [request] = fixture.requestsTo(`/productos/${DEMO.producto.id}/editar_ensambles/`);
		expect(request.method).toBe('POST');
		expect(request.body).toEqual({ producto_id: DEMO.productoParte.id, cantidad: 2.5, factor: 1, um_id: DEMO.unidadMedida.id, um_nombre: DEMO.unidadMedida.nombre });
		expect(run.json[0]).toMatchObject({ id: DEMO.producto.id });
	});

	it('Edit Assemblies refuses a quantity of zero before sending', async () => {
		const run = await editAssemblies({ productId: byId(DEMO.producto.id), quantity: '0' });
		expect(run.error?.message).toMatch(/'Quantity' must be greater than 0/);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('Enable Webhooks sends the codes as a list, from text or from an expression array', async () => {
		const third = fixture.sandbox.store.productos[2].codigo as string;
		const typed = await fixture.run('admintotalProduct', { resource: 'product', operation: 'enableWebhooks', codes: `${DEMO.producto.codigo},\n ${DEMO.productoParte.codigo} , ${DEMO.producto.codigo}` });
		expect(typed.error).toBeUndefined();
		const fromArray = await fixture.run(
			'admintotalProduct',
			{ resource: 'product', operation: 'enableWebhooks', codes: '={{ $json.skus }}' },
			{ input: [{ skus: [third, 'NO-EXISTE'] }] },
		);
		const bodies = fixture.requestsTo('/productos/habilitar_webhook/').map((request) => request.body);
		expect(bodies).toEqual([{ codigos: [DEMO.producto.codigo, DEMO.productoParte.codigo] }, { codigos: [third, 'NO-EXISTE'] }]);
		expect(fromArray.json[0]).toMatchObject({ no_encontrados: ['NO-EXISTE'] });
		expect(fixture.sandbox.store.productos[2].habilitar_webhook).toBe(true);
	});

	it('Enable Webhooks refuses an empty list', async () => {
		const run = await fixture.run('admintotalProduct', { resource: 'product', operation: 'enableWebhooks', codes: ' , ' });
		expect(run.error?.message).toMatch(/'Product Codes' is required \[item 0\]/);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
