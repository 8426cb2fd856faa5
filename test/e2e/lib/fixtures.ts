/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * Files the suites feed to n8n: credential and workflow JSON for the import commands, and the
 * package tarball (this repo, built and packed like a release).
 */
import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { basename, join, resolve } from 'path';
import { runOk } from './proc';
import { REPO_ROOT } from './runtime';

/** A credential for `n8n import:credentials`; `data` is plain JSON, n8n encrypts it on import. */
export interface CredentialFixture {
	/** Any stable string id; workflows reference it in node.credentials[type].id. */
	id: string;
	name: string;
	/** Credential type name, e.g. "admintotalApi". */
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[key: string]: unknown;
}

export interface WorkflowFixture {
	/** 1–21 characters (n8n generates 16, e.g. "smokeHello000001"; `n8n execute` treats longer ids as invalid). */
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;
	active?: boolean;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

function stamp(): string {
	return new Date().toISOString();
}

/** Write credentials as the JSON array `n8n import:credentials --input` reads; returns the file path. */
export async function writeCredentialsFile(dir: string, credentials: CredentialFixture | CredentialFixture[], fileName = 'credentials.json'): Promise<string> {
	const list = Array.isArray(credentials) ? credentials : [credentials];
	const now = stamp();
	const file = join(dir, fileName);
	await fs.mkdir(dir, { recursive: true });
	await fs.writeFile(file, JSON.stringify(list.map((credential) => ({ createdAt: now, updatedAt: now, ...credential })), null, 2));
	return file;
}

/** Write workflows for `n8n import:workflow --input` (inactive, execution order v1 unless given); returns the file path. */
export async function writeWorkflowFile(dir: string, workflows: WorkflowFixture | WorkflowFixture[], fileName = 'workflows.json'): Promise<string> {
	const list = Array.isArray(workflows) ? workflows : [workflows];
	for (const { id } of list) if (id.length < 1 || id.length > 21) throw new Error(`workflow id "${id}" must have 1 to 21 characters`);
	const file = join(dir, fileName);
	await fs.mkdir(dir, { recursive: true });
	await fs.writeFile(file, JSON.stringify(list.map((workflow) => ({ active: false, settings: { executionOrder: 'v1' }, ...workflow })), null, 2));
	return file;
}

/** A node id (UUID form) unique to a workflow number and a node number. */
export function nodeId(workflow: number, node: number): string {
	return `e2e0a000-${String(workflow).padStart(4, '0')}-4000-8000-${String(node).padStart(12, '0')}`;
}

export interface NodeSpec {
	name: string;
	type: string;
	typeVersion?: number;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[key: string]: unknown;
}

/**
 * A workflow whose nodes run one after the other (output 0 → input 0), laid out left to right.
 * `number` makes the node ids unique across the suite's workflows.
 */
export function linearWorkflow(id: string, number: number, name: string, specs: NodeSpec[]): WorkflowFixture {
	const nodes: WorkflowNode[] = specs.map((spec, index) => ({
		...spec,
		id: nodeId(number, index + 1),
		typeVersion: spec.typeVersion ?? 1,
		position: [index * 240, 0],
		parameters: spec.parameters ?? {},
	}));
	const connections: WorkflowFixture['connections'] = {};
	for (let i = 0; i + 1 < nodes.length; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, nodes, connections };
}

export const MANUAL_TRIGGER: NodeSpec = { name: 'Start', type: 'n8n-nodes-base.manualTrigger' };

/** A Set node (raw JSON mode) emitting one item with this JSON. */
export function setJson(name: string, json: unknown): NodeSpec {
	return { name, type: 'n8n-nodes-base.set', typeVersion: 3.4, parameters: { mode: 'raw', jsonOutput: JSON.stringify(json), options: {} } };
}

/** Environment for npm commands run by the suite: free of the settings of an outer `npm run`. */
export function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (value !== undefined && !key.startsWith('npm_')) env[key] = value;
	}
	return { ...env, npm_config_yes: 'true', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** `npm pack` a package folder into destDir (default: a new temp dir); returns the tarball path. */
export async function packDirectory(packageDir: string, destDir?: string, options: { timeoutMs?: number } = {}): Promise<string> {
	const dest = destDir ?? (await fs.mkdtemp(join(tmpdir(), 'n8n-e2e-pack-')));
	await fs.mkdir(dest, { recursive: true });
	const result = await runOk('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
		cwd: packageDir,
		env: npmEnv(),
		timeoutMs: options.timeoutMs ?? 120_000,
	});
	const start = result.stdout.indexOf('[');
	const packed = JSON.parse(result.stdout.slice(start)) as Array<{ filename: string }>;
	if (!packed[0]?.filename) throw new Error(`npm pack printed no file name:\n${result.stdout}`);
	return join(dest, basename(packed[0].filename));
}

/**
 * Build this repository (`npm run build`, unless build is false) and `npm pack` it into a temp
 * dir: the tarball a user would install. Returns the tarball path.
 */
export async function buildAndPackProject(options: { projectDir?: string; build?: boolean; destDir?: string; timeoutMs?: number } = {}): Promise<string> {
	const projectDir = resolve(options.projectDir ?? REPO_ROOT);
	const timeoutMs = options.timeoutMs ?? 600_000;
	if (options.build !== false) {
		await runOk('npm', ['run', 'build'], { cwd: projectDir, env: npmEnv(), timeoutMs });
	}
	return packDirectory(projectDir, options.destDir, { timeoutMs });
}
