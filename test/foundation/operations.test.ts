import type { IHttpRequestOptions, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { credentialFor, runNodeType } from '../harness/engine';
import { PACKAGE_ROOT, loadPackage } from '../harness/package';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';

/**
 * Every operation is declared through defineOperation, which attaches the one check of every item
 * (reading each field through its grammar) and the transport. This walks every node description as
 * n8n loads it and fails on anything that would bypass them.
 */

// The same module instances n8n's loader used for the package.
const { operationChecks } = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/shared/operation/define`) as { operationChecks: WeakSet<object> };
const { perform } = jest.requireActual(`${PACKAGE_ROOT}/dist/nodes/shared/operation/perform`) as { perform: unknown };
const manifest = jest.requireActual(`${PACKAGE_ROOT}/package.json`) as { n8n: { nodes: string[] } };

type Shown = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every property, option and collection entry of a description, however deep. */
function everything(entries: readonly Shown[]): Shown[] {
	return entries.flatMap((entry) => {
		const nested = ('options' in entry && Array.isArray(entry.options) ? entry.options : []) as Shown[];
		const values = ('values' in entry && Array.isArray(entry.values) ? entry.values : []) as Shown[];
		return [entry, ...everything(nested), ...everything(values)];
	});
}

/** What in a description bypasses defineOperation, in words; empty when nothing does. */
function bypasses(description: INodeTypeDescription): string[] {
	const problems: string[] = [];
	if (description.requestOperations?.pagination !== perform) problems.push('the node does not send through the transport (requestOperations.pagination)');
	const operation = description.properties.find((property) => property.name === 'operation');
	const options = (operation?.options ?? []) as INodePropertyOptions[];
	for (const option of options) {
		const routing = option.routing ?? {};
		const send = routing.send ?? {};
		if (Object.keys(routing).join() !== 'send') problems.push(`${option.value}: routing other than the operation's check (${Object.keys(routing).join(', ')})`);
		if (send.paginate !== true) problems.push(`${option.value}: does not reach the transport`);
		if (send.preSend?.length !== 1 || !operationChecks.has(send.preSend[0])) problems.push(`${option.value}: a pre-send step that is not the operation's check`);
		if (Object.keys(send).some((key) => key !== 'paginate' && key !== 'preSend')) problems.push(`${option.value}: sends a value around the reader`);
	}
	const inside = description.properties.filter((property) => property !== operation);
	for (const entry of everything(inside)) {
		if ('routing' in entry && entry.routing !== undefined) problems.push(`field ${'name' in entry ? entry.name : String((entry as INodePropertyOptions).value)} has routing of its own`);
	}
	return problems;
}

describe('every operation is declared through defineOperation', () => {
	let declarative: INodeType[] = [];
	let triggers: string[] = [];
	beforeAll(async () => {
		const pkg = await loadPackage();
		const nodes = pkg.nodeNames.map((name) => pkg.node(name));
		triggers = nodes.filter((node) => node.description.group.includes('trigger')).map((node) => node.description.name);
		declarative = nodes.filter((node) => !node.description.group.includes('trigger'));
	});

	it('walks every node package.json lists except the triggers, each with its operations, and nothing bypasses the check or the transport', () => {
		expect(triggers.sort()).toEqual(['admintotalPollingTrigger', 'admintotalTrigger']);
		expect(declarative).toHaveLength(manifest.n8n.nodes.length - triggers.length);
		const operationsOf = (node: INodeType) => (node.description.properties.find((property) => property.name === 'operation')?.options ?? []) as INodePropertyOptions[];
		expect(declarative.filter((node) => operationsOf(node).length === 0).map((node) => node.description.name)).toEqual([]);
		expect(declarative.flatMap((node) => bypasses(node.description).map((problem) => `${node.description.name}: ${problem}`))).toEqual([]);
	});

	it('each field shows for exactly one operation, so an operation lists its fields once', () => {
		for (const node of declarative) {
			// n8n's loader adds `requestOptions` (batching, proxy, timeout) to every declarative node.
			for (const property of node.description.properties.filter((candidate) => !['resource', 'operation', 'requestOptions'].includes(candidate.name))) {
				expect([node.description.name, property.name, property.displayOptions?.show?.operation?.length]).toEqual([node.description.name, property.name, 1]);
			}
		}
	});

	const salesNote = () => declarative.find((node) => node.description.name === 'admintotalSalesNote')!.description;
	const withField = (description: INodeTypeDescription, field: INodeProperties): INodeTypeDescription => ({ ...description, properties: [...description.properties, field] });

	it.each([
		['a body field routed around the reader', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { send: { type: 'body', property: 'extra' } } }],
		['a pre-send step of a field', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { send: { preSend: [async (options: object) => options] } } }],
		['a post-receive step of a field', { displayName: 'Extra', name: 'extra', type: 'string', default: '', routing: { output: { postReceive: [{ type: 'rootProperty', properties: { property: 'x' } }] } } }],
	] as Array<[string, INodeProperties]>)('the walk fails on %s', (_case, field) => {
		expect(bypasses(salesNote())).toEqual([]);
		expect(bypasses(withField(salesNote(), field))).toEqual(['field extra has routing of its own']);
	});

	it('the walk fails on an operation whose pre-send step is not the check, or that adds a post-receive step', () => {
		const description = salesNote();
		const operation = description.properties.find((property) => property.name === 'operation')!;
		const [create, ...others] = operation.options as INodePropertyOptions[];
		const unwrapped: INodePropertyOptions = { ...create, routing: { send: { paginate: true, preSend: [async (options: IHttpRequestOptions) => options] }, output: { postReceive: [] } } };
		const changed: INodeTypeDescription = {
			...description,
			properties: description.properties.map((property) => (property === operation ? { ...operation, options: [unwrapped, ...others] } : property)),
		};
		expect(bypasses(changed)).toEqual(["create: routing other than the operation's check (send, output)", "create: a pre-send step that is not the operation's check"]);
	});
});

describe('the transport refuses a request no operation check prepared', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox.close();
	});

	it('a hand-routed operation fails before any request instead of being sent unchecked', async () => {
		const handRouted: INodeType = {
			description: {
				displayName: 'Hand Routed',
				name: 'handRouted',
				group: ['input'],
				version: 1,
				description: 'An operation routed by hand',
				defaults: { name: 'Hand Routed' },
				inputs: ['main'],
				outputs: ['main'],
				credentials: [{ name: 'admintotalApi', required: true }],
				requestOperations: { pagination: perform as never },
				properties: [
					{
						displayName: 'Operation',
						name: 'operation',
						type: 'options',
						options: [{ name: 'Get Many', value: 'getAll', routing: { send: { paginate: true }, request: { method: 'GET', url: '/usuarios/' } } }],
						default: 'getAll',
					},
				],
			},
		};
		const run = await runNodeType(handRouted, { operation: 'getAll' }, credentialFor({ baseUrl: sandbox.url, authMethod: 'apiKey', apiKey: DEMO.apiKey }));
		expect(run.error?.message).toBe('This operation was not declared with defineOperation; nothing was sent');
		expect(sandbox.requests).toHaveLength(0);
	});
});
