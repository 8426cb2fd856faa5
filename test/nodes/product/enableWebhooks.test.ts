import { DEMO } from '../../sandbox';
import { sandboxPerFile } from '../fixture';

describe('Admintotal Product: Enable Webhooks', () => {
	const fixture = sandboxPerFile();

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
