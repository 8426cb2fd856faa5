/* The package as n8n loads it: dist/ through the package.json "n8n" block, by n8n-core's own loader. */
import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { PackageDirectoryLoader } from 'n8n-core';

import { PACKAGE_NAME, PACKAGE_ROOT } from './root';

export { PACKAGE_NAME, PACKAGE_ROOT };

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
			// As an AI tool, n8n names a node `<type>Tool` and runs the same class's execute() (its cli wraps
			// the description only): here the tool variant is the node itself, under that name.
			const entry = loader.nodeTypes[short] ?? loader.nodeTypes[short.replace(/Tool$/, '')];
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

/**
 * Every tenant's pace forgotten, in the copy of the package the engine runs (dist/): the pace is the
 * process's, so a test that learned a tenant's limits would otherwise pass them to the next.
 */
export function forgetPaces() {
	fromEngine<typeof import('../../nodes/shared/tenant/pace/registry')>('nodes/shared/tenant/pace/registry').forgetPaces();
}

/** A module of the copy of the package the engine runs (dist/), `path` from the package's root without extension: a test's own import is another copy. */
export function fromEngine<Module>(path: string): Module {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(`${PACKAGE_ROOT}/dist/${path}`) as Module;
}
