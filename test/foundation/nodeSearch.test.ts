/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import type { INodeTypeDescription } from 'n8n-workflow';
// n8n's own search code, as the editor's node panel and the AI workflow tools run it (both arrive with
// @n8n/node-cli): the words users type are checked against what n8n really does, not a copy of it.
import { NodeSearchEngine } from '@n8n/ai-utilities/node-catalog';
import { sublimeSearch } from '@n8n/utils/search/sublime-search';

import { PACKAGE_NAME, loadPackage } from '../harness/package';

/**
 * Findable by the words users type (issue 49). n8n matches a search against a node's display name
 * and its codex aliases (the editor: `sublimeSearch` on displayName and codex.alias; the AI tools'
 * NodeSearchEngine adds the type name and, after those, the description), so each node's codex
 * (`*.node.json`) names its records in English and Spanish.
 */

type Described = INodeTypeDescription & { codex?: { alias?: string[] } };

/** The words each node must answer to, in English and Spanish. */
const DOMAIN_WORDS: Record<string, string[]> = {
	admintotalBankAccount: ['bank account', 'cuenta bancaria'],
	admintotalLedgerAccount: ['ledger account', 'cuenta contable'],
	admintotalCreditNote: ['credit note', 'nota de crédito', 'nota de credito', 'CFDI'],
	admintotalSalesNote: ['sales note', 'invoice', 'nota de venta', 'factura', 'facturas', 'CFDI'],
	admintotalOrder: ['order', 'pedido'],
	admintotalInternalConsumption: ['internal consumption', 'consumo interno', 'CFDI'],
	admintotalWorkOrder: ['work order', 'orden de trabajo'],
	admintotalProspect: ['prospect', 'prospecto', 'lead'],
	admintotalProduct: ['product', 'producto', 'inventory', 'inventario', 'stock', 'existencias', 'price', 'precio'],
	admintotalBlacklist: ['blacklist', 'lista negra', 'RFC', '69-B', 'SAT'],
	admintotalUser: ['user', 'usuario'],
	admintotalCustomerAdvance: ['customer advance', 'anticipo', 'CFDI'],
	admintotalTrigger: ['webhook', 'precio', 'existencias'],
	admintotalPollingTrigger: ['new sales note', 'nueva nota de venta', 'nuevo pedido', 'nueva factura', 'lista negra'],
};

/** A search, and the nodes that must come first (in any order among themselves). */
const SEARCHES: Array<[string, string[]]> = [
	['invoice', ['admintotalSalesNote']],
	['CFDI', ['admintotalSalesNote', 'admintotalCreditNote', 'admintotalCustomerAdvance', 'admintotalInternalConsumption']],
	['facturas', ['admintotalSalesNote']],
	['RFC', ['admintotalBlacklist']],
	['lista negra', ['admintotalBlacklist']],
	['69-B', ['admintotalBlacklist']],
	['nota de venta', ['admintotalSalesNote']],
	['pedido', ['admintotalOrder']],
	['anticipo', ['admintotalCustomerAdvance']],
	['existencias', ['admintotalProduct', 'admintotalTrigger']],
	['prospecto', ['admintotalProspect']],
	['orden de trabajo', ['admintotalWorkOrder']],
	['nota de credito', ['admintotalCreditNote']],
];
/** Triggers are no AI tools: only the editor's panel lists them. */
const TRIGGER_SEARCHES: Array<[string, string[]]> = [['nueva factura', ['admintotalPollingTrigger']]];

let nodes: Described[] = [];

beforeAll(async () => {
	const { loader } = await loadPackage();
	nodes = loader.types.nodes as Described[];
});

const shortName = (name: string) => name.replace(`${PACKAGE_NAME}.`, '');

describe("every node's codex", () => {
	it('is loaded for every node', () => {
		expect(nodes.length).toBeGreaterThanOrEqual(Object.keys(DOMAIN_WORDS).length);
		expect(nodes.filter((node) => node.codex === undefined).map((node) => node.name)).toEqual([]);
	});

	it.each(Object.entries(DOMAIN_WORDS))('%s answers to its words in English and Spanish', (name, words) => {
		const node = nodes.find((candidate) => candidate.name === name);
		const names = [node?.displayName ?? '', ...(node?.codex?.alias ?? [])].map((alias) => alias.toLowerCase());
		expect(words.filter((word) => !names.includes(word.toLowerCase()))).toEqual([]);
	});
});

describe("n8n's search finds the right nodes for the words users type", () => {
	it.each(SEARCHES)("the AI tools' search_nodes (top 5) for %p starts with %p", (query, expected) => {
		const engine = new NodeSearchEngine(nodes.map((node) => ({ ...node, name: `${PACKAGE_NAME}.${node.name}` })) as never);
		const found = engine.searchByName(query, 5).map((result) => shortName(result.name));
		expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
	});

	it.each([...SEARCHES, ...TRIGGER_SEARCHES])("the editor's node panel for %p shows %p", (query, expected) => {
		const found = sublimeSearch(query, nodes.map((node) => ({ properties: node })), [
			{ key: 'properties.displayName', weight: 1.3 },
			{ key: 'properties.codex.alias', weight: 1 },
		]).map((result) => result.item.properties.name);
		expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
	});

	it('"admintotal" finds every node in the editor, and only ours fill the AI tools\' five', () => {
		const found = sublimeSearch('admintotal', nodes.map((node) => ({ properties: node })), [{ key: 'properties.displayName', weight: 1.3 }]);
		expect(found).toHaveLength(nodes.length);
		const engine = new NodeSearchEngine(nodes.map((node) => ({ ...node, name: `${PACKAGE_NAME}.${node.name}` })) as never);
		expect(engine.searchByName('admintotal', 5)).toHaveLength(5);
	});
});
