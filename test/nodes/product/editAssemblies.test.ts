import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Product: Edit Assemblies', () => {
	const fixture = sandboxPerFile();

	it('Edit Assemblies posts the part to the product path with the spec fields, factor 1 by default', async () => {
		const run = await fixture.run('admintotalProduct', {
			resource: 'product',
			operation: 'editAssemblies',
			productId: { __rl: true, mode: 'list', value: String(DEMO.producto.id) },
			componentProductId: { __rl: true, mode: 'id', value: String(DEMO.productoParte.id) },
			quantity: '2.5',
			additionalFields: { unitId: DEMO.unidadMedida.id, unitName: DEMO.unidadMedida.nombre },
		});
		expect(run.error).toBeUndefined();
		const [request] = fixture.requestsTo(`/productos/${DEMO.producto.id}/editar_ensambles/`);
		expect(request.method).toBe('POST');
		expect(request.body).toEqual({ producto_id: DEMO.productoParte.id, cantidad: 2.5, factor: 1, um_id: DEMO.unidadMedida.id, um_nombre: DEMO.unidadMedida.nombre });
		expect(run.json[0]).toMatchObject({ id: DEMO.producto.id });
	});

	it('Edit Assemblies refuses a quantity of zero before sending', async () => {
		const run = await fixture.run('admintotalProduct', {
			resource: 'product',
			operation: 'editAssemblies',
			productId: { __rl: true, mode: 'id', value: String(DEMO.producto.id) },
			componentProductId: { __rl: true, mode: 'id', value: String(DEMO.productoParte.id) },
			quantity: '0',
		});
		expect(run.error?.message).toMatch(/'Quantity' must be greater than 0/);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
