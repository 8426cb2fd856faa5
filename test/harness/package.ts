/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/* The package as n8n loads it: dist/ through the package.json "n8n" block, by n8n-core's own loader. */
import fs from 'node:fs';
import path from 'node:path';
import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { PackageDirectoryLoader } from 'n8n-core';

export const PACKAGE_NAME = 'n8n-nodes-admintotal';

/** The repository root, whether this file runs from test/ (jest) or from build/test/ (benchmarks). */
export const PACKAGE_ROOT = (() => {
	for (let folder = __dirname; folder !== path.dirname(folder); folder = path.dirname(folder)) {
		const manifest = path.join(folder, 'package.json');
		if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) return folder;
	}
	throw new Error(`${PACKAGE_NAME}: package.json not found above ${__dirname}`);
})();

export interface LoadedPackage {
	nodeTypes: INodeTypes;
	node(name: string): INodeType;
	credential(name: string): ICredentialType;
	nodeNames: string[];
	loader: PackageDirectoryLoader;
}

let loaded: Promise<LoadedPackage> | undefined;

export function loadPackage(): Promise<LoadedPackage> {
	loaded ??= (async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
		await loader.loadAll();
		const node = (name: string): INodeType => {
			const short = name.replace(`${PACKAGE_NAME}.`, '');
			const entry = loader.nodeTypes[short];
			if (!entry) throw new Error(`Node ${name} is not in the package (is dist/ built and listed in package.json?)`);
			return NodeHelpers.getVersionedNodeType(entry.type as INodeType | IVersionedNodeType);
		};
		const nodeTypes: INodeTypes = {
			getByName: (type) => node(type),
			getByNameAndVersion: (type) => node(type),
			getKnownTypes: () => ({}),
		};
		return {
			loader,
			nodeTypes,
			node,
			credential: (name) => {
				const entry = loader.credentialTypes[name];
				if (!entry) throw new Error(`Credential ${name} is not in the package`);
				return entry.type;
			},
			nodeNames: Object.keys(loader.nodeTypes),
		};
	})();
	return loaded;
}
