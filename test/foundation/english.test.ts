import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import * as advanceCatalogs from '../../nodes/AdmintotalCustomerAdvance/catalogs';
import * as blacklistTypes from '../../nodes/shared/blacklist/blacklistType';
import * as productCatalogs from '../../nodes/AdmintotalProduct/catalogs';
import * as salesNoteCatalogs from '../../nodes/AdmintotalSalesNote/catalogs';
import * as workOrderCatalogs from '../../nodes/AdmintotalWorkOrder/catalogs';
import { loadPackage } from '../harness/package';

/**
 * n8n Cloud verification wants the UI in English. Official SAT labels stay (users recognise and
 * search for them), so an option that shows one is named in English first, the Spanish only in
 * the parentheses after it: "G03 - General expenses (Gastos en general)"; every field label is English.
 */
const SPANISH = /[áéíóúñÁÉÍÓÚÑ¿¡]/;
const CATALOG_LABELS = new Set(
	([advanceCatalogs, blacklistTypes, productCatalogs, salesNoteCatalogs, workOrderCatalogs].flatMap((module) => Object.values(module)) as unknown[])
		.filter((value): value is Array<{ label: string; english: string }> => Array.isArray(value))
		// Official Spanish names ("Web" is the same word in both languages).
		.flatMap((catalog) => catalog.filter((entry) => entry.label !== entry.english).map((entry) => entry.label)),
);

interface Shown {
	node: string;
	field: string;
	option?: INodePropertyOptions;
	label: string;
	notice?: boolean;
}

function shownIn(node: string, properties: readonly INodeProperties[]): Shown[] {
	return properties.flatMap((property) => {
		const field: Shown = { node, field: property.name, label: property.displayName, notice: property.type === 'notice' };
		const options = (property.options ?? []) as Array<INodePropertyOptions | INodeProperties | INodePropertyCollection>;
		const nested = options.flatMap((option): Shown[] => {
			if ('values' in option && Array.isArray(option.values)) return shownIn(node, option.values);
			if ('displayName' in option && 'type' in option) return shownIn(node, [option]);
			const choice = option as INodePropertyOptions;
			return [{ node, field: property.name, option: choice, label: choice.name }];
		});
		return [field, ...nested];
	});
}

describe('the UI is English, with official SAT labels kept beside the English', () => {
	let shown: Shown[] = [];
	beforeAll(async () => {
		const pkg = await loadPackage();
		shown = pkg.nodeNames.flatMap((name) => shownIn(name, pkg.node(name).description.properties));
	});

	it('reads every field and option of every node', () => {
		expect(shown.length).toBeGreaterThan(300);
	});

	it('every field label is English (notices may quote Admintotal\'s own menu names, e.g. "Configuración → Webhooks")', () => {
		expect(shown.filter((entry) => !entry.option && !entry.notice && SPANISH.test(entry.label)).map((entry) => `${entry.node}.${entry.field}: ${entry.label}`)).toEqual([]);
	});

	it('every option with a Spanish label is named in English first, the Spanish in parentheses after it', () => {
		const spanish = shown.filter((entry) => entry.option && (SPANISH.test(entry.label) || [...CATALOG_LABELS].some((label) => entry.label.includes(label))));
		expect(spanish.length).toBeGreaterThan(50);
		const notEnglishFirst = spanish.filter((entry) => {
			const english = entry.label.replace(/^\S+ - /, '').split(' (')[0];
			return english === entry.label || SPANISH.test(english) || [...CATALOG_LABELS].includes(english) || SPANISH.test(entry.option?.description ?? '');
		});
		expect(notEnglishFirst.map((entry) => `${entry.node}.${entry.field}: ${entry.label}`)).toEqual([]);
	});
});
