import { FORMAS_PAGO, USOS_CFDI } from '../../sandbox/schemas/catalogs';
import { FORMA_PAGO, USO_CFDI } from '../../../nodes/AdmintotalCustomerAdvance/catalogs';
import { catalogOptions } from '../../../nodes/shared/records';
import { loadPackage } from '../../harness/package';

/** The node catalogs against the spec's code lists (kept independently by the sandbox). */
describe('SAT catalogs', () => {
	it('CFDI use has exactly the 25 codes the API accepts, each with a label', () => {
		expect(USO_CFDI.map((entry) => entry.code)).toEqual([...USOS_CFDI]);
		for (const entry of USO_CFDI) expect(entry.label.length).toBeGreaterThan(3);
	});

	it('payment form has exactly the 22 codes the API accepts, each with a label', () => {
		expect(FORMA_PAGO.map((entry) => entry.code)).toEqual([...FORMAS_PAGO]);
		expect(catalogOptions(FORMA_PAGO)).toContainEqual({ name: '03 - Transferencia electrónica de fondos', value: '03', description: 'Electronic funds transfer' });
	});

	it('the Customer Advance panel offers both catalogs as dropdowns', async () => {
		const node = (await loadPackage()).node('admintotalCustomerAdvance');
		const usoCfdi = node.description.properties.find((property) => property.name === 'usoCfdi');
		expect(usoCfdi?.options).toHaveLength(25);
		expect(usoCfdi?.options).toContainEqual(expect.objectContaining({ name: 'S01 - Sin efectos fiscales', value: 'S01' }));
		const extra = node.description.properties.find((property) => property.name === 'additionalFields');
		const paymentForm = (extra?.options as Array<{ name: string; options?: unknown[] }>).find((option) => option.name === 'paymentForm');
		expect(paymentForm?.options).toHaveLength(22);
	});
});
