/*
 * The tests load the compiled package from dist/ (what n8n loads). Without a build, a test failed with
 * "Cannot find module …/dist/…" and no word of the cause; with a build older than the sources, it
 * silently tested the old code. This resolver stops both at the first module taken from dist/, with
 * what to run. Tests that do not load dist/ (the sandbox's) run either way.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const SOURCES = ['nodes', 'credentials'];
const REMEDY = 'Run `npm run build` first, or `npm run test:one -- <test file>` to build and run one file.';

function* typescriptFiles(folder) {
	for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) yield* typescriptFiles(full);
		else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield full;
	}
}

/** Why dist/ cannot be tested (missing, or older than a source file), or undefined when it can. */
function buildProblem() {
	if (!fs.existsSync(DIST)) return 'dist/ is not built.';
	for (const source of SOURCES.flatMap((folder) => [...typescriptFiles(path.join(ROOT, folder))])) {
		const compiled = path.join(DIST, path.relative(ROOT, source)).replace(/\.ts$/, '.js');
		const name = (file) => path.relative(ROOT, file);
		if (!fs.existsSync(compiled)) return `${name(compiled)} is missing: ${name(source)} was added after the last build.`;
		if (fs.statSync(compiled).mtimeMs < fs.statSync(source).mtimeMs) return `dist/ is older than ${name(source)}: the tests would run the code as it was at the last build.`;
	}
	return undefined;
}

/** What a test that loads dist/ should be told, or undefined when dist/ is fine. */
function buildMessage() {
	const problem = buildProblem();
	return problem && `The tests load the compiled package from dist/. ${problem} ${REMEDY}`;
}

// Jest swallows a resolver's errors and reports "Cannot find module" instead, so every module of
// dist/ resolves to a stand-in that throws the message when loaded. Checked once, then remembered.
let verdict;

module.exports = (request, options) => {
	const target = path.resolve(options.basedir, request);
	if (target === DIST || target.startsWith(DIST + path.sep)) {
		verdict ??= buildMessage() ?? 'built';
		if (verdict !== 'built') return path.join(__dirname, 'jest.unbuilt.js');
	}
	return options.defaultResolver(request, options);
};
module.exports.buildMessage = buildMessage;
