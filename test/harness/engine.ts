/*
 * Runs one of our nodes as a real workflow through n8n-core's WorkflowExecute (the engine of n8n
 * itself), with our credentials helper.
 */
import type {
	ExecutionError,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';

import { HarnessCredentialsHelper, StoredCredential } from './credentials-helper';
import { PACKAGE_NAME, loadPackage } from './package';

export const CREDENTIAL_TYPE = 'admintotalApi';

export interface RunOptions {
	/** Node name inside the package, e.g. "admintotalBankAccount". */
	node: string;
	/** Node parameters as in a workflow file (plain JSON, expressions as "={{ ... }}"). */
	parameters: Record<string, unknown>;
	credential: StoredCredential;
	/** Input items (plain JSON, or n8n items with binary); one empty item by default, as after a manual trigger. */
	input?: Array<Record<string, unknown>> | INodeExecutionData[];
	continueOnFail?: boolean;
	/** The node's typeVersion, as saved in the workflow; 1 unless a test is about a later version. */
	typeVersion?: number;
	/** n8n's node settings (Execute Once, Retry On Fail, Always Output Data, On Error), as saved in the workflow. */
	settings?: NodeSettings;
	/** Output pinned on the node: n8n then does not run it. */
	pinned?: Array<Record<string, unknown>>;
}

export type NodeSettings = Partial<Pick<INode, 'executeOnce' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'alwaysOutputData' | 'onError'>>;

export type NodeFailure = ExecutionError & { description?: string | null; httpCode?: string | null; context?: IDataObject };

export interface NodeRun {
	items: INodeExecutionData[];
	/** The error output's items (On Error: Continue (using error output)). */
	errorItems: INodeExecutionData[];
	json: IDataObject[];
	error?: NodeFailure;
	/** The execution hints the node added (shown in the editor's output pane). */
	hints: Array<{ message: string; type?: string }>;
}

export function credentialFor(data: IDataObject): StoredCredential {
	return new StoredCredential(CREDENTIAL_TYPE, { sessionToken: '', refreshToken: '', ...data });
}

/** What n8n hands a node context besides the workflow: the credentials helper and the instance's addresses. */
export function additionalDataFor(helper: HarnessCredentialsHelper, baseUrl = 'http://127.0.0.1'): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: helper,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: `${baseUrl}/`,
		formBaseUrl: `${baseUrl}/form`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		formTestBaseUrl: `${baseUrl}/form-test`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		mcpBaseUrl: `${baseUrl}/mcp`,
		mcpTestBaseUrl: `${baseUrl}/mcp-test`,
		executionId: 'harness-execution',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

function workflowWith(node: INode, nodeTypes: INodeTypes) {
	return new Workflow({
		id: 'harnessWorkflow01',
		name: 'harness',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
}

function nodeFor(name: string, parameters: INodeParameters, continueOnFail = false, typeVersion = 1, settings: NodeSettings = {}): INode {
	return {
		id: '00000000-0000-4000-8000-000000000001',
		name: 'Node under test',
		type: `${PACKAGE_NAME}.${name}`,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Admintotal sandbox' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...settings,
	};
}

async function execute(node: INode, nodeTypes: INodeTypes, helper: HarnessCredentialsHelper, input: INodeExecutionData[], pinned?: RunOptions['pinned']): Promise<NodeRun> {
	const workflow = workflowWith(node, nodeTypes);
	const additionalData = additionalDataFor(helper);
	additionalData.hooks = new ExecutionLifecycleHooks('manual', 'harness-execution', {
		id: workflow.id,
		name: 'harness',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: workflow.getNode(node.name)!, data: { main: [input] }, source: null }] },
		...(pinned ? { resultData: { runData: {}, pinData: { [node.name]: pinned.map((json) => ({ json: json as IDataObject })) } } } : {}),
	});
	let run;
	try {
		run = await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow);
	} catch (error) {
		// n8n refuses to start a workflow whose parameters have issues (e.g. a failed regex check).
		return { items: [], errorItems: [], json: [], error: error as NodeFailure, hints: [] };
	}
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const errorItems = taskData?.data?.main?.[1] ?? [];
	const error = (run.data.resultData.error ?? taskData?.error) as NodeFailure | undefined;
	return { items, errorItems, json: items.map((item) => item.json), error, hints: taskData?.hints ?? [] };
}

function asItems(input: RunOptions['input']): INodeExecutionData[] {
	if (!input) return [{ json: {} }];
	return (input as Array<IDataObject | INodeExecutionData>).map((entry) =>
		'json' in entry && typeof entry.json === 'object' ? (entry as INodeExecutionData) : { json: entry as IDataObject },
	);
}

/** Runs a node type written in a test (e.g. one calling the credential the way n8n's HTTP Request node does). */
export async function runNodeType(nodeType: INodeType, parameters: INodeParameters, credential: StoredCredential): Promise<NodeRun> {
	const pkg = await loadPackage();
	const helper = new HarnessCredentialsHelper(pkg.credential, credential);
	const nodeTypes: INodeTypes = { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) };
	return await execute(nodeFor(nodeType.description.name, parameters), nodeTypes, helper, [{ json: {} }]);
}

export async function runNode(options: RunOptions): Promise<NodeRun> {
	const pkg = await loadPackage();
	const helper = new HarnessCredentialsHelper(pkg.credential, options.credential);
	const parameters = options.parameters as INodeParameters;
	const node = nodeFor(options.node, parameters, options.continueOnFail, options.typeVersion, options.settings);
	return await execute(node, pkg.nodeTypes, helper, asItems(options.input), options.pinned);
}

/** Calls a "From list" search method the way the editor does, through a real LoadOptionsContext. */
export async function searchList(node: string, method: string, credential: StoredCredential, filter?: string, paginationToken?: string) {
	const pkg = await loadPackage();
	const helper = new HarnessCredentialsHelper(pkg.credential, credential);
	const nodeType = pkg.node(node);
	const instance = nodeFor(node, {});
	const workflow = workflowWith(instance, pkg.nodeTypes);
	const context = new LoadOptionsContext(workflow, workflow.getNode(instance.name)!, additionalDataFor(helper), '');
	const search = nodeType.methods?.listSearch?.[method];
	if (!search) throw new Error(`${node} has no listSearch method ${method}`);
	return await search.call(context, filter, paginationToken);
}

/**
 * The credential's "Test" button: n8n runs the test request through RoutingNode on a temporary
 * noOp node, which makes preAuthentication run every time (packages/cli credentials-tester).
 */
export async function testCredential(credential: StoredCredential): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const pkg = await loadPackage();
	const credentialType = pkg.credential(CREDENTIAL_TYPE);
	const helper = new HarnessCredentialsHelper(pkg.credential, credential);
	const testNodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [],
			requestDefaults: credentialType.test!.request,
		},
	};
	const nodeTypes: INodeTypes = { getByName: () => testNodeType, getByNameAndVersion: () => testNodeType, getKnownTypes: () => ({}) };
	const node: INode = { ...nodeFor('noOp', { temp: '' }), type: 'n8n-nodes-base.noOp' };
	const run = await execute(node, nodeTypes, helper, [{ json: {} }]);
	if (run.error) return { status: 'Error', message: [run.error.message, run.error.description].filter(Boolean).join(' ') };
	// After a success n8n applies the test's body rules to the first item (packages/cli credentials-tester).
	for (const rule of credentialType.test?.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && (run.json[0] as IDataObject | undefined)?.[rule.properties.key] === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection tested successfully' };
}
