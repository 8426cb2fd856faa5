/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * The n8n runtimes the e2e suite runs against. Each is installed (cached, outside the repo) by
 * test/e2e/install-runtime.sh from test/e2e/runtime/<name>/package.json + package-lock.json.
 */
import { join, resolve } from 'path';
import { runOk } from './proc';
import { PACKAGE_ROOT } from '../../harness/root';

export const RUNTIME_NAMES = ['node20', 'node24'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];

export interface N8nRuntime {
	name: RuntimeName;
	/** Install folder in the cache. */
	dir: string;
	/** node_modules/.bin/n8n of the runtime; run it with nodeBin. */
	n8nBin: string;
	/** The Node binary that runs this n8n. */
	nodeBin: string;
	/** n8n version, e.g. "2.8.4". */
	version: string;
	/** Node version, e.g. "v20.20.2". */
	nodeVersion: string;
	/** Environment this runtime needs on top of the common n8n environment. */
	env: Readonly<Record<string, string>>;
}

/** Runtime-specific environment (see the runtime recipe). */
const RUNTIME_ENV: Record<RuntimeName, Record<string, string>> = {
	node20: {},
	node24: {
		// n8n 2.41 evaluates expressions in isolated-vm by default; that engine makes
		// `n8n execute` segfault at exit now and then.
		N8N_EXPRESSION_ENGINE: 'legacy',
		// Start-up fetch of the MCP server registry from the internet.
		N8N_DISABLED_MODULES: 'mcp-registry',
	},
};

// Found from package.json, so the driver also works compiled (npm run dev runs it from node_modules/.cache).
export const REPO_ROOT = PACKAGE_ROOT;
export const E2E_DIR = resolve(REPO_ROOT, 'test', 'e2e');
const INSTALL_SCRIPT = join(E2E_DIR, 'install-runtime.sh');

export function isRuntimeName(value: string): value is RuntimeName {
	return (RUNTIME_NAMES as readonly string[]).includes(value);
}

/** The runtime selected by E2E_RUNTIME (default node20). */
export function selectedRuntimeName(): RuntimeName {
	const value = process.env.E2E_RUNTIME ?? 'node20';
	if (!isRuntimeName(value)) {
		throw new Error(`E2E_RUNTIME=${value}: expected one of ${RUNTIME_NAMES.join(', ')}`);
	}
	return value;
}

const cache = new Map<RuntimeName, Promise<N8nRuntime>>();

/**
 * Install (if needed, ~7 min cold) or look up (well under a second warm) a runtime.
 * The result is memoised per process.
 */
export function resolveRuntime(name: RuntimeName = selectedRuntimeName(), options: { timeoutMs?: number } = {}): Promise<N8nRuntime> {
	let pending = cache.get(name);
	if (!pending) {
		pending = installRuntime(name, options.timeoutMs ?? 30 * 60_000);
		pending.catch(() => cache.delete(name));
		cache.set(name, pending);
	}
	return pending;
}

async function installRuntime(name: RuntimeName, timeoutMs: number): Promise<N8nRuntime> {
	const result = await runOk('bash', [INSTALL_SCRIPT, name], { timeoutMs });
	const values = parseKeyValues(result.stdout);
	const get = (key: string): string => {
		const value = values[key];
		if (!value) throw new Error(`install-runtime.sh ${name} printed no ${key}:\n${result.stdout}`);
		return value;
	};
	return {
		name,
		dir: get('DIR'),
		n8nBin: get('N8N_BIN'),
		nodeBin: get('NODE_BIN'),
		version: get('N8N_VERSION'),
		nodeVersion: get('NODE_VERSION'),
		env: { ...RUNTIME_ENV[name] },
	};
}

function parseKeyValues(text: string): Record<string, string> {
	const values: Record<string, string> = {};
	for (const line of text.split('\n')) {
		const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
		if (match) values[match[1]] = match[2];
	}
	return values;
}
