/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { PACKAGE_ROOT } from '../harness/package';
import { onlyJob, readFile, stepRunning, toolchainVersions, versionAtLeast, workflow } from './githubWorkflows';

/**
 * The release path. npm publishes a package from GitHub Actions by trusted publishing: the job's
 * OIDC identity, no token, and a provenance statement signed with it, which n8n requires of every
 * community package (npm: https://docs.npmjs.com/trusted-publishers; npm 11.5.1 and Node 22.14 or
 * later). A token in the workflow, a job that cannot mint the OIDC token, or a publish without
 * provenance fails here; so does a publish from anywhere else getting past package.json's guard.
 */
const TRUSTED_PUBLISHING = { npm: '11.5.1', node: '22.14.0' };

describe('Publish workflow', () => {
	const publish = workflow('publish.yml');
	const job = onlyJob(publish);

	it('runs only on version tags, on a GitHub-hosted runner (npm accepts trusted publishing from no other)', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*'] } });
		expect(job['runs-on']).toBe('ubuntu-latest');
		expect(job.container).toBeUndefined();
	});

	it('may mint the OIDC token that npm publishes and signs the provenance with, and read nothing else', () => {
		expect({ ...publish.permissions, ...job.permissions }).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('holds no token: no secret, no auth token variable, no npm credential written', () => {
		const text = readFile('.github/workflows/publish.yml')
			.split('\n')
			.filter((line) => !line.trimStart().startsWith('#'))
			.join('\n');
		expect(text).not.toMatch(/secrets\.|NPM_TOKEN|NODE_AUTH_TOKEN|_authToken|npm (config set|login|adduser)/i);
		for (const env of [publish.env, job.env, ...job.steps.map((step) => step.env)]) expect(env).toBeUndefined();
	});

	it('installs from the lockfile, builds, lints, tests and scans, then publishes with provenance as the last step', () => {
		const order = [/^npm ci\b/, /^npm run build$/, /^npm run lint$/, /^npm test$/, /^npm run verify$/, /^npm publish\b/].map((command) => stepRunning(job.steps, command));
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		const release = job.steps[job.steps.length - 1];
		expect(release.run?.trim().split(/\s+/)).toEqual(['npm', 'publish', '--provenance', '--access', 'public']);
	});

	it('runs npm on the pinned toolchain, whose npm and Node can publish by trusted publishing', () => {
		const toolchain = job.steps.findIndex((step) => step.run === 'bash .ci/toolchain.sh >> "$GITHUB_PATH"');
		expect(toolchain).toBeGreaterThanOrEqual(0);
		expect(toolchain).toBeLessThan(stepRunning(job.steps, /^npm /));
		expect(job.steps.some((step) => step.uses?.startsWith('actions/setup-node@'))).toBe(false);
		const { node, npm } = toolchainVersions();
		expect([versionAtLeast(npm, TRUSTED_PUBLISHING.npm), versionAtLeast(node, TRUSTED_PUBLISHING.node)]).toEqual([true, true]);
	});
});

describe('npm publish outside the publish workflow', () => {
	/** The variables GitHub Actions sets in the publish job; the ID token URL is set per test. */
	const PUBLISH_JOB = {
		GITHUB_ACTIONS: 'true',
		RUNNER_ENVIRONMENT: 'github-hosted',
		GITHUB_WORKFLOW_REF: 'n8n-nodes-admintotal/n8n-nodes-admintotal/.github/workflows/publish.yml@refs/tags/v0.1.0',
		ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:9/token',
		ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
	};
	/**
	 * GitHub's ID token endpoint, played on 127.0.0.1: it records what npm asks and declines (403,
	 * which npm does not retry), so npm goes on without a token and no credential is exchanged.
	 */
	async function tokenEndpoint() {
		const asked: Array<{ url?: string; authorization?: string }> = [];
		const server = http.createServer((request, response) => {
			asked.push({ url: request.url, authorization: request.headers.authorization });
			response.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"declined by the test"}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
		return { url, asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
	}
	/** This process's environment without anything a CI service sets. */
	const local = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GITHUB_|ACTIONS_|RUNNER_|CI$|npm_)/.test(name)));
	const { version } = JSON.parse(readFile('package.json')) as { version: string };
	/** `npm publish --dry-run` (asynchronous: the token endpoint answers from this process meanwhile). */
	const dryRun = (env: NodeJS.ProcessEnv, ...flags: string[]) =>
		new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
			const child = spawn('npm', ['publish', '--dry-run', ...flags], { cwd: PACKAGE_ROOT, env });
			let [stdout, stderr] = ['', ''];
			child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			child.on('error', reject).on('close', (status) => resolve({ status, stdout, stderr }));
		});
	const guard = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, ['.ci/publish-guard.mjs'], { cwd: PACKAGE_ROOT, env, encoding: 'utf8' });
	/** What npm gives its lifecycle scripts when `npm publish --provenance` runs on the toolchain. */
	const underNpm = { npm_config_provenance: 'true', npm_config_user_agent: `npm/${toolchainVersions().npm} node/${process.version} linux x64 workspaces/false` };
	const canPublish = versionAtLeast(process.versions.node, TRUSTED_PUBLISHING.node);

	it('package.json runs the guard before every publish, dry runs included', () => {
		expect((JSON.parse(readFile('package.json')) as { scripts: Record<string, string> }).scripts.prepublishOnly).toBe('node .ci/publish-guard.mjs');
	});

	it('is refused on a maintainer\'s machine, saying how to release', async () => {
		const result = await dryRun(local(), '--provenance', '--access', 'public');
		expect(result.status).not.toBe(0);
		expect(result.stderr).toContain('npm publish refused: n8n-nodes-admintotal is published only by GitHub Actions (.github/workflows/publish.yml)');
		expect(result.stderr).toContain('git tag v<version> && git push origin v<version>');
		expect(result.stderr).toContain('docs/development.md#releasing');
		expect(result.stdout).not.toContain(`+ n8n-nodes-admintotal@${version}`);
	}, 90_000);

	it('passes in the publish job: npm asks GitHub for its OIDC token and packs the package for publishing (dry run)', async () => {
		const endpoint = await tokenEndpoint();
		const result = await dryRun({ ...local(), ...PUBLISH_JOB, ACTIONS_ID_TOKEN_REQUEST_URL: endpoint.url }, '--provenance', '--access', 'public').finally(endpoint.close);
		if (canPublish) {
			expect(result.stderr).not.toContain('refused');
			expect([result.status, result.stdout.trim().split('\n').pop()]).toEqual([0, `+ n8n-nodes-admintotal@${version}`]);
			// Trusted publishing: npm's own ID token request, for the npm registry, with the job's request token.
			expect(endpoint.asked).toContainEqual({ url: '/token?audience=npm%3Aregistry.npmjs.org', authorization: 'Bearer request-token' });
		} else {
			// The machine's Node is older than trusted publishing needs: refused, naming it.
			expect(result.status).not.toBe(0);
			expect(result.stderr).toContain(`Not met here: Node.js is ${TRUSTED_PUBLISHING.node} or later.`);
		}
	}, 90_000);

	it.each([
		['without --provenance', { npm_config_provenance: undefined }, 'npm publish is given --provenance'],
		['from a self-hosted runner', { RUNNER_ENVIRONMENT: 'self-hosted' }, 'it runs on a GitHub-hosted runner'],
		['from the CI workflow', { GITHUB_WORKFLOW_REF: 'n8n-nodes-admintotal/n8n-nodes-admintotal/.github/workflows/ci.yml@refs/heads/main' }, 'it is .github/workflows/publish.yml, run by a version tag'],
		['from the publish workflow on a branch', { GITHUB_WORKFLOW_REF: 'n8n-nodes-admintotal/n8n-nodes-admintotal/.github/workflows/publish.yml@refs/heads/main' }, 'it is .github/workflows/publish.yml, run by a version tag'],
		['without id-token: write', { ACTIONS_ID_TOKEN_REQUEST_URL: undefined, ACTIONS_ID_TOKEN_REQUEST_TOKEN: undefined }, 'the job may mint an OIDC token (permissions: id-token: write)'],
		['with an npm older than 11.5.1', { npm_config_user_agent: `npm/11.5.0 node/${process.version} linux x64` }, 'npm is 11.5.1 or later'],
	])('is refused in the publish job %s, naming what is missing', (_case, change, missing) => {
		const env: NodeJS.ProcessEnv = { ...local(), ...PUBLISH_JOB, ...underNpm, ...change };
		for (const [name, value] of Object.entries(change)) if (value === undefined) delete env[name];
		const result = guard(env);
		expect(result.status).toBe(1);
		expect(result.stderr).toMatch(new RegExp(`Not met here: (.*; )?${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
	});

	it('lets the publish job through when everything trusted publishing needs is there', () => {
		const result = guard({ ...local(), ...PUBLISH_JOB, ...underNpm });
		expect(result.stderr).toEqual(canPublish ? '' : expect.stringContaining(`Not met here: Node.js is ${TRUSTED_PUBLISHING.node} or later.`));
		expect(result.status).toBe(canPublish ? 0 : 1);
	});
});
