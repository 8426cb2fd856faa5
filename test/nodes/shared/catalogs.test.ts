import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { FORMAS_PAGO, USOS_CFDI } from '../../sandbox/schemas/catalogs';
import * as advanceCatalogs from '../../../nodes/AdmintotalCustomerAdvance/catalogs';
import * as blacklistTypes from '../../../nodes/shared/blacklist/blacklistType';
import * as productCatalogs from '../../../nodes/AdmintotalProduct/catalogs';
import * as salesNoteCatalogs from '../../../nodes/AdmintotalSalesNote/catalogs';
import * as workOrderCatalogs from '../../../nodes/AdmintotalWorkOrder/catalogs';
import type { Catalog } from '../../../nodes/shared/records';
import { loadPackage } from '../../harness/package';

const { FORMA_PAGO, USO_CFDI } = advanceCatalogs;

/** The node catalogs against the spec's code lists (kept independently by the sandbox). */
describe('SAT catalogs', () => {
	it('CFDI use has exactly the 25 codes the API accepts, each with a label', () => {
		expect(USO_CFDI.map((entry) => entry.code)).toEqual([...USOS_CFDI]);
		for (const entry of USO_CFDI) expect(entry.label.length).toBeGreaterThan(3);
	});

	it('payment form has exactly the 22 codes the API accepts, each with a label', () => {
		expect(FORMA_PAGO.map((entry) => entry.code)).toEqual([...FORMAS_PAGO]);
	});
});

/** Every catalog the nodes use, by the name it is exported under. */
const CATALOGS: Record<string, Catalog<string | number>> = Object.fromEntries(
	(Object.entries({ ...advanceCatalogs, ...blacklistTypes, ...productCatalogs, ...salesNoteCatalogs, ...workOrderCatalogs }) as Array<[string, unknown]>).filter(
		(entry): entry is [string, Catalog<string | number>] => Array.isArray(entry[1]),
	),
);

interface Dropdown {
	where: string;
	catalog: string;
	options: INodePropertyOptions[];
}

/** Every dropdown of every node (fields inside collections included) whose values are a catalog's codes. */
function catalogDropdowns(node: string, properties: readonly INodeProperties[]): Dropdown[] {
	return properties.flatMap((property) => {
		const options = (property.options ?? []) as Array<INodePropertyOptions | INodeProperties | INodePropertyCollection>;
		const nested = options.flatMap((option): Dropdown[] => {
			if ('values' in option && Array.isArray(option.values)) return catalogDropdowns(node, option.values);
			if ('displayName' in option && 'type' in option) return catalogDropdowns(node, [option]);
			return [];
		});
		// Several catalogs have the codes 1, 2, 3: the one whose official names the options show is it.
		const values = JSON.stringify(options.map((option) => ('value' in option ? option.value : undefined)));
		const names = options.map((option) => ('value' in option ? option.name : ''));
		const catalog = Object.keys(CATALOGS).find(
			(name) => JSON.stringify(CATALOGS[name].map((entry) => entry.code)) === values && CATALOGS[name].every((entry, index) => names[index].includes(entry.label)),
		);
		const own = property.type === 'options' && catalog ? [{ where: `${node}.${property.name}`, catalog, options: options as INodePropertyOptions[] }] : [];
		return [...own, ...nested];
	});
}

/** What n8n's dropdown does with typed text: keep the options whose name contains it, in any case. */
const search = (options: INodePropertyOptions[], typed: string) => options.filter((option) => option.name.toLowerCase().includes(typed.toLowerCase())).map((option) => option.name);

describe('catalog dropdowns: English names, the official Spanish name kept, values unchanged', () => {
	let dropdowns: Dropdown[] = [];
	beforeAll(async () => {
		const pkg = await loadPackage();
		dropdowns = pkg.nodeNames.flatMap((name) => catalogDropdowns(name, pkg.node(name).description.properties));
	});
	const dropdown = (where: string) => dropdowns.find((found) => found.where === where)!.options;

	it('finds every catalog dropdown of the nodes', () => {
		expect(dropdowns.map(({ where, catalog }) => `${where}: ${catalog}`).sort()).toEqual([
			'admintotalBlacklist.type: BLACKLIST_TYPE',
			'admintotalCustomerAdvance.paymentForm: FORMA_PAGO',
			'admintotalCustomerAdvance.usoCfdi: USO_CFDI',
			'admintotalProduct.distributionMedium: DISTRIBUTION_MEDIUM',
			'admintotalSalesNote.cardType: CARD_TYPE',
			'admintotalWorkOrder.priority: WORK_ORDER_PRIORITY',
			'admintotalWorkOrder.status: WORK_ORDER_STATUS',
			'admintotalWorkOrder.status: WORK_ORDER_STATUS',
		]);
	});

	it('names each option in English first, then the official Spanish name; SAT codes lead', () => {
		expect(dropdown('admintotalCustomerAdvance.usoCfdi')).toContainEqual({ name: 'G03 - General expenses (Gastos en general)', value: 'G03' });
		expect(dropdown('admintotalCustomerAdvance.paymentForm')).toContainEqual({ name: '03 - Electronic funds transfer (Transferencia electrónica de fondos)', value: '03' });
		expect(dropdown('admintotalWorkOrder.priority').map((option) => [option.name, option.value])).toEqual([['High (Alta)', 1], ['Medium (Media)', 2], ['Low (Baja)', 3]]);
		expect(dropdown('admintotalProduct.distributionMedium').map((option) => option.name)).toEqual(['Store (Tienda)', 'Web', 'Both (Ambos)']);
		expect(dropdown('admintotalSalesNote.cardType').map((option) => option.name)).toEqual(['Credit card (Crédito)', 'Debit card (Débito)']);
		expect(dropdown('admintotalBlacklist.type')).toContainEqual({ name: 'Definitive (Definitivo)', value: 1, description: 'SAT confirmed simulated operations' });
		for (const { where, catalog, options } of dropdowns) {
			const expected = CATALOGS[catalog].map((entry) => {
				const name = entry.english === entry.label ? entry.english : `${entry.english} (${entry.label})`;
				return typeof entry.code === 'string' ? `${entry.code} - ${name}` : name;
			});
			expect({ where, names: options.map((option) => option.name) }).toEqual({ where, names: expected });
		}
		// The English name holds no Spanish: the official name is only in the parentheses after it.
		for (const entry of Object.values(CATALOGS).flat()) expect(entry.english).not.toMatch(/[áéíóúñ¿¡()]/i);
	});

	it('a user typing the SAT code or the Spanish name finds the option', () => {
		const usoCfdi = dropdown('admintotalCustomerAdvance.usoCfdi');
		expect(search(usoCfdi, 'G03')).toEqual(['G03 - General expenses (Gastos en general)']);
		expect(search(usoCfdi, 'gastos')).toEqual([
			'G03 - General expenses (Gastos en general)',
			'D01 - Medical, dental and hospital fees (Honorarios médicos, dentales y gastos hospitalarios)',
			'D02 - Medical expenses for disability (Gastos médicos por incapacidad o discapacidad)',
			'D03 - Funeral expenses (Gastos funerales)',
			'D07 - Medical insurance premiums (Primas por seguros de gastos médicos)',
			'D08 - Mandatory school transport (Gastos de transportación escolar obligatoria)',
		]);
		const paymentForm = dropdown('admintotalCustomerAdvance.paymentForm');
		expect(search(paymentForm, 'efectivo')).toEqual(['01 - Cash (Efectivo)']);
		expect(search(paymentForm, 'transferencia')).toEqual(['03 - Electronic funds transfer (Transferencia electrónica de fondos)']);
		expect(search(dropdown('admintotalWorkOrder.priority'), 'alta')).toEqual(['High (Alta)']);
	});

	it('keeps every value a saved workflow holds: the catalog\'s codes, in order', () => {
		for (const { catalog, options } of dropdowns) expect(options.map((option) => option.value)).toEqual(CATALOGS[catalog].map((entry) => entry.code));
		expect(dropdown('admintotalCustomerAdvance.usoCfdi').map((option) => option.value)).toEqual([...USOS_CFDI]);
		expect(dropdown('admintotalWorkOrder.status').map((option) => option.value)).toEqual([1, 2, 3, 4, 5]);
	});
});
