/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import { PACKAGE_ROOT } from '../harness/package';

/** The project's GitHub workflows and CI scripts, read as files (workflows.test.ts, publish.test.ts). */
export interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
export interface Job {
	'runs-on'?: string;
	permissions?: Record<string, string>;
	env?: Record<string, string>;
	container?: { image: string };
	steps: Step[];
}
export interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	env?: Record<string, string>;
	jobs: Record<string, Job>;
}

export const readFile = (file: string) => fs.readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');
export const workflow = (name: string) => parse(readFile(`.github/workflows/${name}`)) as Workflow;

export function onlyJob(flow: Workflow): Job {
	expect(Object.keys(flow.jobs)).toHaveLength(1);
	return Object.values(flow.jobs)[0];
}

/** The index of the first step whose command matches, or -1. */
export const stepRunning = (steps: Step[], command: RegExp) => steps.findIndex((step) => command.test(step.run ?? ''));

/** The exact Node and npm versions .ci/toolchain.sh installs. */
export function toolchainVersions() {
	const script = readFile('.ci/toolchain.sh');
	return { node: /^NODE_VERSION=(\S+)$/m.exec(script)?.[1], npm: /^NPM_VERSION=(\S+)$/m.exec(script)?.[1] };
}

/** "11.19.1" → [11, 19, 1], compared part by part. */
export const versionAtLeast = (version: string | undefined, least: string) => {
	const [have, want] = [version ?? '', least].map((text) => text.split('.').map(Number));
	for (let part = 0; part < 3; part++) if (have[part] !== want[part]) return have[part] > want[part];
	return true;
};
