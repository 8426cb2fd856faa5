/**
 * npm run verify: what n8n checks before a community package is verified for n8n Cloud.
 *
 * The scanner's own CLI needs the published package, its npm provenance and GitHub, none of which
 * exist here, so this runs its lint leg (`analyzePackage`) the way the CLI does: on the packed
 * tarball (compiled `.js` and package.json) and on the source (`nodes/`, `credentials/`,
 * package.json), with inline `eslint-disable` comments ignored. It also checks what the tarball
 * ships: only dist/, README and package.json, and no runtime dependencies.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_FILE_PATTERNS, analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'admintotal-verify-'));
const problems = [];

try {
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
	execFileSync('tar', ['xzf', join(work, packed.filename), '-C', work]);
	const unpacked = join(work, 'package');

	const shipped = packed.files.map((file) => file.path);
	const stray = shipped.filter((path) => !/^(dist\/|README\.md$|package\.json$|LICENSE)/.test(path));
	if (stray.length > 0) problems.push(`the tarball ships files outside dist/: ${stray.join(', ')}`);
	if (shipped.some((path) => /(^|\/)(test|__tests__)\/|\.test\.js$/.test(path))) problems.push('the tarball ships test code');
	if (!shipped.some((path) => path.endsWith('.node.js'))) problems.push('the tarball ships no node (was it built?)');

	const manifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
	if (Object.keys(manifest.dependencies ?? {}).length > 0) problems.push(`runtime dependencies: ${Object.keys(manifest.dependencies).join(', ')}`);

	for (const [leg, dir, patterns] of [
		['tarball', unpacked, ['**/*.js', 'package.json']],
		['source', root, SOURCE_FILE_PATTERNS],
	]) {
		const result = await analyzePackage(dir, patterns);
		if (!result.passed) problems.push(`scanner (${leg}): ${result.message}${result.details ?? ''}`);
		else console.log(`scanner (${leg}): passed`);
	}
	console.log(`tarball: ${packed.filename}, ${shipped.length} files, ${(packed.size / 1024).toFixed(0)} kB`);
} finally {
	rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
	console.error(`Not ready for n8n Cloud verification:\n- ${problems.join('\n- ')}`);
	process.exit(1);
}
console.log('Ready for n8n Cloud verification (the scanner lint on tarball and source, files, no runtime dependencies)');
