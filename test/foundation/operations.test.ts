import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { PACKAGE_ROOT, loadPackage } from '../harness/package';

/**
 * Every operation is declared through defineOperation: the node's run reads and checks each item's
 * values through the operation's fields before anything is sent. This walks every node as n8n loads
 * it and fails on anything that would bypass that: a node n8n would run declaratively (its own
 * routing, not our run), or a field with routing of its own (ignored by our run, so never sent).
 */

const manifest = jest.requireActual(`${PACKAGE_ROOT}/package.json`) as { n8n: { nodes: string[] } };
const { defineOperation } = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/shared/operation/define`) as typeof import('../../nodes/shared/operation/define');
const { recordField } = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/shared/fields/field`) as typeof import('../../nodes/shared/fields/field');

type Shown = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every property, option and collection entry of a description, however deep. */
function everything(entries: readonly Shown[]): Shown[] {
	return entries.flatMap((entry) => {
		const nested = ('options' in entry && Array.isArray(entry.options) ? entry.options : []) as Shown[];
		const values = ('values' in entry && Array.isArray(entry.values) ? entry.values : []) as Shown[];
		return [entry, ...everything(nested), ...everything(values)];
	});
}

/** What in a node bypasses the run and its checks, in words; empty when nothing does. */
function bypasses(node: INodeType): string[] {
	const { description } = node;
	const problems: string[] = [];
	if (typeof node.execute !== 'function') problems.push('no execute: n8n would run it through its own routing');
	if (description.requestDefaults !== undefined || description.requestOperations !== undefined) problems.push('declarative request settings, which our run never reads');
	for (const entry of everything(description.properties)) {
		if ('routing' in entry && entry.routing !== undefined) problems.push(`${'name' in entry ? entry.name : String((entry as INodePropertyOptions).value)} has routing of its own`);
	}
	return problems;
}

describe('every operation is declared through defineOperation', () => {
	let resources: INodeType[] = [];
	let triggers: string[] = [];
	beforeAll(async () => {
		const pkg = await loadPackage();
		const nodes = pkg.nodeNames.map((name) => pkg.node(name));
		triggers = nodes.filter((node) => node.description.group.includes('trigger')).map((node) => node.description.name);
		resources = nodes.filter((node) => !node.description.group.includes('trigger'));
	});

	it('walks every node package.json lists except the triggers, each with its operations, and nothing bypasses the run', () => {
		expect(triggers.sort()).toEqual(['admintotalPollingTrigger', 'admintotalTrigger']);
		expect(resources).toHaveLength(manifest.n8n.nodes.length - triggers.length);
		const operationsOf = (node: INodeType) => (node.description.properties.find((property) => property.name === 'operation')?.options ?? []) as INodePropertyOptions[];
		expect(resources.filter((node) => operationsOf(node).length === 0).map((node) => node.description.name)).toEqual([]);
		expect(resources.flatMap((node) => bypasses(node).map((problem) => `${node.description.name}: ${problem}`))).toEqual([]);
	});

	it('each field shows for exactly one operation, so an operation lists its fields once', () => {
		for (const node of resources) {
			for (const property of node.description.properties.filter((candidate) => !['resource', 'operation', 'requestOptions'].includes(candidate.name))) {
				expect([node.description.name, property.name, property.displayOptions?.show?.operation?.length]).toEqual([node.description.name, property.name, 1]);
			}
		}
	});

	const salesNote = () => resources.find((node) => node.description.name === 'admintotalSalesNote')!;
	const withField = (node: INodeType, field: INodeProperties): INodeType => ({ ...node, execute: node.execute, description: { ...node.description, properties: [...node.description.properties, field] } });

	it.each([
		['a body field routed around the reader', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { send: { type: 'body', property: 'extra' } } }],
		['a pre-send step of a field', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { send: { preSend: [async (options: object) => options] } } }],
		['a post-receive step of a field', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { output: { postReceive: [{ type: 'rootProperty', properties: { property: 'x' } }] } } }],
	] as Array<[string, INodeProperties]>)('the walk fails on %s', (_case, field) => {
		expect(bypasses(salesNote())).toEqual([]);
		expect(bypasses(withField(salesNote(), field))).toEqual(['extra has routing of its own']);
	});

	it('the walk fails on a node without execute or with declarative request settings', () => {
		const { description } = salesNote();
		const declarative: INodeType = { description: { ...description, requestDefaults: { baseURL: 'https://example.com' } } as INodeTypeDescription };
		expect(bypasses(declarative)).toEqual(['no execute: n8n would run it through its own routing', 'declarative request settings, which our run never reads']);
	});

	it('a path placeholder that no field gives is refused when the operation is declared, never sent as /almacenes/undefined/', () => {
		const declare = (apiName: string) => () =>
			defineOperation({
				value: 'get',
				name: 'Get',
				action: 'Get a warehouse',
				description: 'Retrieve a warehouse',
				kind: 'read',
				path: '{warehouseId}/',
				fields: [recordField({ name: 'warehouseId', displayName: 'Warehouse', apiName, searchListMethod: 'searchWarehouses' })],
			});
		expect(declare('id')).toThrow("Operation 'Get' ({warehouseId}/): no field gives {warehouseId}");
		expect(declare('warehouseId')).not.toThrow();
	});
});
