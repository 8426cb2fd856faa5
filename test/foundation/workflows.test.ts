/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import { PACKAGE_ROOT } from '../harness/package';

/**
 * What the GitHub workflows must do, beyond being valid (`npm run lint:workflows`, actionlint, checks
 * that): CI runs .ci/run on every push and pull request; a version tag publishes with a provenance
 * statement, which n8n requires of a verified package, only after the package was tested.
 */
interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, { permissions?: Record<string, string>; container?: { image: string }; steps: Step[] }>;
}

const read = (file: string) => fs.readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');
const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const onlyJob = (flow: Workflow) => {
	expect(Object.keys(flow.jobs)).toHaveLength(1);
	return Object.values(flow.jobs)[0];
};
/** The index of the first step whose command matches, or -1. */
const stepRunning = (steps: Step[], command: RegExp) => steps.findIndex((step) => command.test(step.run ?? ''));

describe('CI workflow', () => {
	const ci = workflow('ci.yml');

	it('runs on every push and every pull request, on any branch', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect([ci.on.push, ci.on.pull_request]).toEqual([null, null]);
	});

	it('runs .ci/run on Node 20, and .ci/run installs with npm ci and checks the workflows', () => {
		const job = onlyJob(ci);
		expect(job.container?.image).toMatch(/^node:20-/);
		expect(job.steps[job.steps.length - 1].run).toBe('bash .ci/run');
		const script = read('.ci/run');
		expect(script).toMatch(/^npm ci\b/m);
		expect(script).not.toMatch(/^npm install\b/m);
		expect(script).toMatch(/^npm run lint:workflows$/m);
	});
});

describe('Publish workflow', () => {
	const publish = workflow('publish.yml');
	const job = onlyJob(publish);

	it('runs only on version tags', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*'] } });
	});

	it('may mint the OIDC token that signs the provenance statement, and read nothing else', () => {
		expect({ ...publish.permissions, ...job.permissions }).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('installs from the lockfile, builds, lints and tests, then publishes with provenance as the last step', () => {
		const order = [/^npm ci\b/, /^npm run build$/, /^npm run lint$/, /^npm test$/, /^npm publish\b/].map((command) => stepRunning(job.steps, command));
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		const release = job.steps[job.steps.length - 1];
		expect(release.run?.split(/\s+/)).toEqual(['npm', 'publish', '--provenance', '--access', 'public']);
		expect(release.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
		expect(job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toEqual(expect.objectContaining({ 'node-version': 20, 'registry-url': 'https://registry.npmjs.org' }));
	});
});
