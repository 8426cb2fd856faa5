import { onlyJob, readFile, toolchainVersions, workflow } from './githubWorkflows';

/**
 * What the CI workflow must do, beyond being valid (`npm run lint:workflows`, actionlint, checks
 * that): run .ci/run on every push and pull request, on the project's own Node and npm. The publish
 * workflow has its own test (publish.test.ts).
 */
describe('CI workflow', () => {
	const ci = workflow('ci.yml');

	it('runs on every push and every pull request, on any branch', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect([ci.on.push, ci.on.pull_request]).toEqual([null, null]);
	});

	it('runs .ci/run, and .ci/run installs with npm ci and checks the workflows', () => {
		const job = onlyJob(ci);
		expect(job.steps[job.steps.length - 1].run).toBe('bash .ci/run');
		const script = readFile('.ci/run');
		expect(script).toMatch(/^npm ci\b/m);
		expect(script).not.toMatch(/^npm install\b/m);
		expect(script).toMatch(/^npm run lint:workflows$/m);
	});

	it('.ci/run installs a runtime from an empty cache through npm run dev before the end-to-end suites, so a warm machine cannot hide a broken first run', () => {
		const lines = readFile('.ci/run').split('\n');
		const firstRun = lines.indexOf('bash test/e2e/first-run.sh');
		expect(firstRun).toBeGreaterThan(0);
		expect(firstRun).toBeLessThan(lines.indexOf('npm run test:e2e'));
		expect(readFile('test/e2e/first-run.sh')).toMatch(/ADMINTOTAL_E2E_CACHE=\$EMPTY .*E2E_FIRST_RUN=1/);
	});

	it('.ci/run puts the pinned Node 24 and npm first on PATH before anything runs, whatever Node the machine has', () => {
		const lines = readFile('.ci/run').split('\n');
		const toolchain = lines.findIndex((line) => line === 'PATH="$(bash .ci/toolchain.sh):$PATH"');
		expect(toolchain).toBeGreaterThan(0);
		expect(lines[toolchain + 1]).toBe('export PATH');
		expect(lines.findIndex((line) => /^(npm|node|npx) /.test(line) || line.includes('$(node ') || line.includes('$(npm '))).toBeGreaterThan(toolchain);
		expect(toolchainVersions()).toEqual({ node: expect.stringMatching(/^24\.\d+\.\d+$/), npm: expect.stringMatching(/^11\.\d+\.\d+$/) });
	});
});
