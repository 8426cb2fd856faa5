/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * `npm run bench:n8n -- --profile`: one run of a workflow under Node's CPU profiler inside the
 * `n8n execute` process, read back as self time per function and per owner (our package, n8n-core,
 * n8n-workflow, …), over the measured node's execution and over the whole process.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { N8nInstance, RunJson } from '../../e2e/lib';
import { assertSucceeded, executeMeasured } from './measure';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}

/** The parts of a V8 .cpuprofile read here. */
interface CpuProfile {
	nodes: Array<{ id: number; callFrame: CallFrame }>;
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** The same instant on both clocks, taken in the n8n process: to place the node's run in the profile. */
interface ClockPair {
	epochMs: number;
	monotonicUs: number;
}

// Loaded with --require before n8n: the profile's timestamps are on the monotonic clock (the one
// process.hrtime reads), the run data's on the wall clock.
const CLOCK_PRELOAD = `'use strict';
require('fs').writeFileSync(require('path').join(__dirname, 'clock.json'), JSON.stringify({ epochMs: Date.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) }));
`;

export const PROFILE_GROUPS = [
	'our package',
	'n8n-core',
	'n8n-workflow',
	'n8n (cli)',
	'other n8n packages (@n8n/*)',
	'other node_modules',
	'node internals, GC, native',
	'idle (waiting for I/O)',
] as const;
type Group = (typeof PROFILE_GROUPS)[number];

/** The package a script belongs to: the folder after its last node_modules/. */
function packageOf(url: string): string | undefined {
	return /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
}

export function groupOf(frame: CallFrame): Group {
	if (frame.functionName === '(idle)') return 'idle (waiting for I/O)';
	const owner = packageOf(frame.url);
	if (owner === 'n8n-nodes-admintotal') return 'our package';
	if (owner === 'n8n-core') return 'n8n-core';
	if (owner === 'n8n-workflow') return 'n8n-workflow';
	if (owner === 'n8n') return 'n8n (cli)';
	if (owner?.startsWith('@n8n/')) return 'other n8n packages (@n8n/*)';
	if (owner) return 'other node_modules';
	return 'node internals, GC, native';
}

/** Where a script is, short: from its package on, or the url as is (node:internal/…). */
function shortFile(url: string): string {
	const index = url.lastIndexOf('node_modules/');
	return index === -1 ? url || '(native)' : url.slice(index + 'node_modules/'.length);
}

/** Self time in µs per profile node, of the samples taken in [fromUs, toUs] (the whole profile without bounds). */
function selfTimes(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity): Map<number, number> {
	const self = new Map<number, number>();
	let at = profile.startTime;
	for (let index = 0; index < profile.samples.length; index++) {
		at += profile.timeDeltas[index];
		// A sample stands for the time until the next one.
		const next = index + 1 < profile.samples.length ? at + profile.timeDeltas[index + 1] : profile.endTime;
		const from = Math.max(at, fromUs);
		const to = Math.min(next, toUs);
		if (to > from) self.set(profile.samples[index], (self.get(profile.samples[index]) ?? 0) + (to - from));
	}
	return self;
}

interface Summary {
	totalMs: number;
	groups: Array<{ group: Group; ms: number }>;
	top: Array<{ ms: number; functionName: string; file: string }>;
}

function summarize(profile: CpuProfile, self: Map<number, number>, topCount: number): Summary {
	const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
	const byFunction = new Map<string, { ms: number; functionName: string; file: string }>();
	const byGroup = new Map<Group, number>();
	let total = 0;
	for (const [id, us] of self) {
		const frame = frames.get(id)!;
		total += us;
		byGroup.set(groupOf(frame), (byGroup.get(groupOf(frame)) ?? 0) + us);
		const file = frame.url ? `${shortFile(frame.url)}:${frame.lineNumber + 1}` : '(native)';
		const key = `${frame.functionName}\u0000${file}`;
		const entry = byFunction.get(key) ?? { ms: 0, functionName: frame.functionName || '(anonymous)', file };
		entry.ms += us / 1000;
		byFunction.set(key, entry);
	}
	return {
		totalMs: total / 1000,
		groups: PROFILE_GROUPS.map((group) => ({ group, ms: (byGroup.get(group) ?? 0) / 1000 })),
		top: [...byFunction.values()].sort((a, b) => b.ms - a.ms).slice(0, topCount),
	};
}

function renderSummary(title: string, summary: Summary): string[] {
	const percent = (ms: number) => `${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)} %`;
	return [
		`${title}: ${summary.totalMs.toFixed(0)} ms sampled`,
		...summary.groups.map(({ group, ms }) => `  ${group.padEnd(30)} ${ms.toFixed(0).padStart(7)} ms ${percent(ms)}`),
	];
}

export interface ProfileReport {
	text: string;
	profileFile: string;
}

/**
 * Run the workflow once under --cpu-prof and report self time: the top functions and the groups
 * while `nodeName` ran, and the groups over the whole process (n8n start-up included).
 */
export async function profileWorkflow(n8n: N8nInstance, workflowId: string, nodeName: string, scratch: string, options: { top?: number } = {}): Promise<ProfileReport> {
	const dir = path.join(scratch, `cpu-profile-${n8n.runtime.name}`);
	fs.mkdirSync(dir, { recursive: true });
	const preload = path.join(dir, 'clock.js');
	fs.writeFileSync(preload, CLOCK_PRELOAD);
	const result = await executeMeasured(n8n, workflowId, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--require', preload] });
	const run: RunJson = assertSucceeded(result, `profile of ${workflowId}`);
	const files = fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
	if (files.length === 0) throw new Error(`no .cpuprofile written in ${dir} (exit ${result.exitCode}: a process that dies of a signal writes none)`);
	// The n8n process's own profile is the largest; a task runner forked with the same flags writes a small one.
	const profileFile = files.map((file) => path.join(dir, file)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
	const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as CpuProfile;
	const clock = JSON.parse(fs.readFileSync(path.join(dir, 'clock.json'), 'utf8')) as ClockPair;

	const task = run.data.resultData.runData[nodeName]?.[0];
	if (task?.startTime === undefined || task.executionTime === undefined) throw new Error(`node "${nodeName}" has no startTime/executionTime`);
	const fromUs = clock.monotonicUs + (task.startTime - clock.epochMs) * 1000;
	const toUs = fromUs + task.executionTime * 1000;
	const top = options.top ?? 25;
	const during = summarize(profile, selfTimes(profile, fromUs, toUs), top);
	const whole = summarize(profile, selfTimes(profile), 0);
	const text = [
		`CPU profile of "${nodeName}" in workflow ${workflowId}: n8n ${n8n.runtime.version}, Node ${n8n.runtime.nodeVersion} (${n8n.runtime.name}), ${new Date().toISOString()}`,
		`The node ran ${task.executionTime} ms (runData executionTime); the whole n8n execute process ${(result.wallMs / 1000).toFixed(1)} s.`,
		'',
		...renderSummary(`Self time while "${nodeName}" ran`, during),
		'',
		`Top ${top} functions by self time while "${nodeName}" ran:`,
		...during.top.map((entry) => `  ${entry.ms.toFixed(1).padStart(8)} ms  ${entry.functionName}  ${entry.file}`),
		'',
		...renderSummary('Self time of the whole process (n8n start-up, the run, printing the result)', whole),
		'',
	].join('\n');
	return { text, profileFile };
}
