/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- test code runs in Node.js, not inside n8n; the credential values are dummies for a local n8n */
/**
 * What the browser suite expects of each node panel, and the workflow + credentials it imports:
 * one workflow holding every node of package.json's `n8n.nodes`, each with a stored credential.
 * Node names, operations and labels are read from the node sources (the same code that is built
 * and packed), so a new node or operation is checked without touching this file.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { REPO_ROOT, type CredentialFixture, type WorkflowFixture, type WorkflowNode } from '../lib';

export const PACKAGE_NAME = 'n8n-nodes-admintotal';

/** The credential types' display names, as n8n shows them under a stored credential's name. */
export const CREDENTIALS = {
	admintotalApi: {
		fixture: { id: 'browserApiCred01', name: 'Browser e2e tenant', type: 'admintotalApi', data: { baseUrl: 'http://127.0.0.1:9', authMethod: 'apiKey', apiKey: 'browser-e2e-key' } },
		displayName: 'Admintotal API',
	},
	admintotalWebhookApi: {
		fixture: { id: 'browserHookCred1', name: 'Browser e2e delivery', type: 'admintotalWebhookApi', data: { token: 'browser-e2e-token' } },
		displayName: 'Admintotal Webhook Delivery API',
	},
} satisfies Record<string, { fixture: CredentialFixture; displayName: string }>;

export type CredentialTypeName = keyof typeof CREDENTIALS;

export interface PanelSpec {
	/** e.g. "AdmintotalCustomerAdvance" (the folder under nodes/); screenshots are named after it. */
	key: string;
	/** e.g. "n8n-nodes-admintotal.admintotalCustomerAdvance" */
	type: string;
	displayName: string;
	/** Node name in the imported workflow (the node's default name). */
	nodeName: string;
	/** The version a node added today gets (`defaultVersion`, else the newest). */
	typeVersion: number;
	/** The dropdown listing what the node does: "operation", or "event" for the trigger. */
	choiceParameter: string;
	/** Its label in the panel ("Operation", "Event"). */
	choiceLabel: string;
	/** Option names of that dropdown, in description order. */
	choices: string[];
	/** The option selected by default (what the closed dropdown shows). */
	defaultChoice: string;
	/** The operations' action texts the node creator lists ("Check whether an RFC is on the SAT 69-B blacklist"); empty for the trigger. */
	actions: string[];
	/** The credential selector the panel must show with the parameters set below. */
	credentialType: CredentialTypeName;
	/** Parameters set in the workflow (the trigger's delivery authentication, so its credential shows). */
	parameters: Record<string, unknown>;
	isTrigger: boolean;
	/** The webhook trigger: a Delivery Authentication choice, a delivery credential and a webhook URL. */
	receivesDeliveries: boolean;
}

interface PackageManifest {
	n8n: { nodes: string[] };
}

function manifest(): PackageManifest {
	return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageManifest;
}

function optionNames(property: INodeProperties | undefined): string[] {
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
}

/** One spec per node of package.json (`dist/nodes/X/X.node.js` → `nodes/X/X.node.ts`), in that order. */
export function panelSpecs(): PanelSpec[] {
	return manifest().n8n.nodes.map((distPath) => {
		const match = /^dist\/nodes\/([^/]+)\/([^/]+)\.node\.js$/.exec(distPath);
		if (!match) throw new Error(`unexpected node path in package.json: ${distPath}`);
		// The TypeScript source, transpiled by ts-jest like the rest of the suite.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(join(REPO_ROOT, 'nodes', match[1], `${match[2]}.node`)) as Record<string, new () => INodeType>;
		const NodeClass = exported[match[2]];
		if (typeof NodeClass !== 'function') throw new Error(`nodes/${match[1]}/${match[2]}.node.ts exports no class ${match[2]}`);
		const description = new NodeClass().description;
		const isTrigger = description.group.includes('trigger');
		const receivesDeliveries = (description.webhooks ?? []).length > 0;
		const choice = description.properties.find((property) => property.name === (isTrigger ? 'event' : 'operation'));
		if (!choice) throw new Error(`${description.name} has no ${isTrigger ? 'event' : 'operation'} parameter`);
		return {
			key: match[1],
			type: `${PACKAGE_NAME}.${description.name}`,
			displayName: description.displayName,
			nodeName: String(description.defaults.name ?? description.displayName),
			typeVersion: description.defaultVersion ?? Math.max(...[description.version].flat()),
			choiceParameter: choice.name,
			choiceLabel: choice.displayName,
			choices: optionNames(choice),
			defaultChoice: ((choice.options ?? []) as INodePropertyOptions[]).find((option) => option.value === choice.default)?.name ?? '',
			actions: isTrigger ? [] : ((choice.options ?? []) as INodePropertyOptions[]).map((option) => option.action ?? option.name),
			credentialType: receivesDeliveries ? 'admintotalWebhookApi' : 'admintotalApi',
			// Header Token makes the webhook trigger show its delivery credential.
			parameters: receivesDeliveries ? { authentication: 'headerToken' } : {},
			isTrigger,
			receivesDeliveries,
		};
	});
}

export const ALL_NODES_WORKFLOW_ID = 'browserAllNodes01';

/** Every node on a grid (5 per row), unconnected, each with its credential. */
export function allNodesWorkflow(specs: PanelSpec[]): WorkflowFixture {
	const nodes: WorkflowNode[] = specs.map((spec, index) => {
		const credential = CREDENTIALS[spec.credentialType].fixture;
		const node: WorkflowNode = {
			id: `b0b0b0b0-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
			name: spec.nodeName,
			type: spec.type,
			typeVersion: spec.typeVersion,
			position: [(index % 5) * 260, Math.floor(index / 5) * 240],
			parameters: spec.parameters,
			credentials: { [spec.credentialType]: { id: credential.id, name: credential.name } },
		};
		if (spec.receivesDeliveries) node.webhookId = `b0b0b0b0-0000-4000-8000-${String(900 + index).padStart(12, '0')}`;
		return node;
	});
	return { id: ALL_NODES_WORKFLOW_ID, name: 'Browser e2e: every Admintotal node', nodes, connections: {} };
}

export function credentialFixtures(): CredentialFixture[] {
	return Object.values(CREDENTIALS).map((credential) => credential.fixture);
}
