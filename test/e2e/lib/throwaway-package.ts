/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * A tiny community package written at test time (plain CommonJS, no build step): one
 * programmatic node that adds a greeting to every item, and one webhook trigger. Used by the
 * smoke test to prove the driver without depending on this repo's own build.
 */
import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { packDirectory } from './fixtures';

export const THROWAWAY_PACKAGE = 'n8n-nodes-e2e-smoke';
export const THROWAWAY_HELLO_TYPE = `${THROWAWAY_PACKAGE}.e2eHello`;
export const THROWAWAY_TRIGGER_TYPE = `${THROWAWAY_PACKAGE}.e2eTrigger`;

const HELLO_NODE = `'use strict';
class E2eHello {
	constructor() {
		this.description = {
			displayName: 'E2E Hello',
			name: 'e2eHello',
			icon: 'fa:flask',
			group: ['transform'],
			version: 1,
			description: 'Adds a greeting to every item',
			defaults: { name: 'E2E Hello' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [{ displayName: 'Name', name: 'name', type: 'string', default: 'world' }],
		};
	}
	async execute() {
		const items = this.getInputData();
		return [
			items.map((item, i) => ({
				json: { ...item.json, greeting: 'Hello ' + this.getNodeParameter('name', i), e2eNode: true, itemIndex: i },
				pairedItem: { item: i },
			})),
		];
	}
}
exports.E2eHello = E2eHello;
`;

const TRIGGER_NODE = `'use strict';
class E2eTrigger {
	constructor() {
		this.description = {
			displayName: 'E2E Trigger',
			name: 'e2eTrigger',
			icon: 'fa:bolt',
			group: ['trigger'],
			version: 1,
			description: 'Starts the workflow when a POST arrives',
			defaults: { name: 'E2E Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [
				{
					name: 'default',
					httpMethod: 'POST',
					responseMode: 'lastNode',
					responseData: 'firstEntryJson',
					path: '={{$parameter["path"]}}',
					isFullPath: true,
				},
			],
			properties: [{ displayName: 'Path', name: 'path', type: 'string', default: 'e2e', required: true }],
		};
	}
	async webhook() {
		const req = this.getRequestObject();
		return { workflowData: [[{ json: { body: req.body, query: req.query, via: 'e2eTrigger' } }]] };
	}
}
exports.E2eTrigger = E2eTrigger;
`;

/** Write the package into a temp dir and `npm pack` it; returns the tarball path. */
export async function packThrowawayPackage(version = '0.1.0'): Promise<string> {
	const dir = await fs.mkdtemp(join(tmpdir(), 'n8n-e2e-throwaway-'));
	try {
		const pkgDir = join(dir, THROWAWAY_PACKAGE);
		await fs.mkdir(join(pkgDir, 'dist', 'nodes', 'E2eHello'), { recursive: true });
		await fs.mkdir(join(pkgDir, 'dist', 'nodes', 'E2eTrigger'), { recursive: true });
		const manifest = {
			name: THROWAWAY_PACKAGE,
			version,
			description: 'Throw-away package written by the n8n-nodes-admintotal e2e smoke test',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			main: 'index.js',
			files: ['dist', 'index.js'],
			n8n: {
				n8nNodesApiVersion: 1,
				credentials: [],
				nodes: ['dist/nodes/E2eHello/E2eHello.node.js', 'dist/nodes/E2eTrigger/E2eTrigger.node.js'],
			},
			peerDependencies: { 'n8n-workflow': '*' },
		};
		await fs.writeFile(join(pkgDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
		await fs.writeFile(join(pkgDir, 'index.js'), 'module.exports = {};\n');
		await fs.writeFile(join(pkgDir, 'dist', 'nodes', 'E2eHello', 'E2eHello.node.js'), HELLO_NODE);
		await fs.writeFile(join(pkgDir, 'dist', 'nodes', 'E2eTrigger', 'E2eTrigger.node.js'), TRIGGER_NODE);
		return await packDirectory(pkgDir, join(dir, 'packed'));
	} catch (error) {
		await fs.rm(dir, { recursive: true, force: true });
		throw error;
	}
}
