import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import * as advanceCatalogs from '../../nodes/AdmintotalCustomerAdvance/catalogs';
import * as blacklistTypes from '../../nodes/shared/blacklist/blacklistType';
import * as productCatalogs from '../../nodes/AdmintotalProduct/catalogs';
import * as salesNoteCatalogs from '../../nodes/AdmintotalSalesNote/catalogs';
import * as workOrderCatalogs from '../../nodes/AdmintotalWorkOrder/catalogs';
import { loadPackage } from '../harness/package';

/**
 * n8n Cloud verification wants the UI in English. Official SAT labels stay (users recognise them),
 * so every option shown with a Spanish label must carry its English meaning as the option's
 * description, which n8n shows beneath it; every field label is English.
 */
const SPANISH = /[áéíóúñÁÉÍÓÚÑ¿¡]/;
const CATALOG_LABELS = new Set(
	([advanceCatalogs, blacklistTypes, productCatalogs, salesNoteCatalogs, workOrderCatalogs].flatMap((module) => Object.values(module)) as unknown[])
		.filter((value): value is Array<{ label: string }> => Array.isArray(value))
		.flatMap((catalog) => catalog.map((entry) => entry.label)),
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

describe('the UI is English, with official SAT labels explained in English', () => {
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

	it('every option with a Spanish label has an English description', () => {
		const spanish = shown.filter((entry) => entry.option && (SPANISH.test(entry.label) || [...CATALOG_LABELS].some((label) => entry.label.endsWith(label))));
		expect(spanish.length).toBeGreaterThan(50);
		const unexplained = spanish.filter((entry) => !entry.option?.description || SPANISH.test(entry.option.description));
		expect(unexplained.map((entry) => `${entry.node}.${entry.field}: ${entry.label}`)).toEqual([]);
	});
});
