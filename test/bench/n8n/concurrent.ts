/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- test code runs in Node.js, not inside n8n */
/**
 * `npm run bench:n8n -- --concurrent`: K executions (default 4) of one production workflow at once
 * in a running n8n (`n8n start`), started through their webhooks, our node beside n8n's HTTP Request
 * node, against three tenants answering in 50 ms (concurrentCases.ts). Each tenant is its own sandbox
 * (its own Base URL, so its own pace in the n8n process); what the sandbox recorded gives the peak in
 * flight, the 429 answers and the longest queue. Timings are reported, never asserted; every
 * execution's answer is checked (one prospect per item).
 *
 *   npm run bench:n8n -- --concurrent                          node20, 1 round, 4 executions of 500 items
 *   npm run bench:n8n -- --concurrent --runtime both --label before
 *   npm run bench:n8n -- --concurrent --executions 8 --items 250 --rounds 3 --only 'rate|workers'
 *
 * Results: bench/concurrent.json (by label and runtime) and bench/CONCURRENT.md, drawn from it.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { PACKAGE_ROOT } from '../../harness/root';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox';
import { N8nInstance, resolveRuntime, run, type N8nRuntime, type N8nServer, type RuntimeName } from '../../e2e/lib';
import { PACKAGE, importAll } from '../../e2e/suites/admintotal';
import { saveConcurrent, type CaseResult, type ConcurrentResult, type RoundResult } from './concurrentReport';
import { TENANTS, concurrentWorkflows, judge, laterShare, targetText, tenantCredential, verifyAnswer, type ConcurrentWorkflow, type LoadFigures, type Tenant } from './concurrentCases';
import { cpuSecondsOf, machineBusySeconds, median } from './measure';
import { benchCredentials, httpRequestVersion } from './workflows';

export interface ConcurrentOptions {
	runtimes: RuntimeName[];
	rounds: number;
	only: string | undefined;
	/** Executions started at once. */
	executions: number;
	/** Items of each execution (prospect IDs). */
	items: number;
	/** Names the measurement in the results (e.g. before, after). */
	label: string;
}

/** A tenant that never throttles, for the warm-up (n8n loads the nodes at their first execution). */
const WARM_UP: Tenant = { key: 'warm-up' as Tenant['key'], code: 'Wrm', name: 'warm-up', pace: {}, floorSeconds: () => 0, httpBatching: undefined, target: { allComplete: true, maxFloorRatio: Number.POSITIVE_INFINITY } };
const WARM_UP_ITEMS = 20;

function log(runtime: N8nRuntime, message: string): void {
	console.log(`[bench:n8n concurrent ${runtime.name}] ${message}`);
}

/** What the sandbox recorded of one case. */
function loadFigures(requests: RecordedRequest[]): LoadFigures {
	const throttled = requests.filter((request) => request.status === 429).length;
	const firstThrottledAt = Math.min(...requests.filter((request) => request.status === 429).map((request) => request.at));
	const later = requests.filter((request) => request.at >= firstThrottledAt + 1000);
	return {
		laterRequests: later.length,
		laterThrottled: later.filter((request) => request.status === 429).length,
		requests: requests.length - throttled,
		throttled,
		peakInFlight: requests.reduce((peak, request) => Math.max(peak, request.alongside + 1), 0),
		longestQueue: requests.reduce((longest, request) => Math.max(longest, request.queued ?? 0), 0),
		longestWaitMs: requests.reduce((longest, request) => Math.max(longest, request.waitedMs ?? 0), 0),
	};
}

/** Waits (up to 10 s) until the sandbox has answered every request it received (a failed execution leaves some behind). */
async function answered(sandbox: Sandbox): Promise<void> {
	for (const until = Date.now() + 10_000; Date.now() < until && sandbox.requests.some((request) => request.status === 0); ) await sleep(20);
}

/** K executions of one workflow at once, through its webhook: the wall time from the first call to the last answer. */
async function runCase(server: N8nServer, sandbox: Sandbox, workflow: ConcurrentWorkflow, options: ConcurrentOptions, items: number, round: number): Promise<Omit<RoundResult, 'floorRatio'>> {
	sandbox.clearRequests();
	const started = performance.now();
	const runs = await Promise.all(
		Array.from({ length: options.executions }, async (_, execution) => {
			try {
				const answer = await server.callWebhook(workflow.path, { body: { execution }, timeoutMs: 900_000 });
				const seconds = (performance.now() - started) / 1000;
				if (answer.status !== 200) return { seconds, failure: `${answer.status} ${answer.text.slice(0, 200)}` };
				verifyAnswer(answer.body, items);
				return { seconds };
			} catch (error) {
				return { seconds: (performance.now() - started) / 1000, failure: (error as Error).message.slice(0, 200) };
			}
		}),
	);
	await answered(sandbox);
	const answers = runs.flatMap((run) => (run.failure ? [run.failure] : []));
	const failed = answers.length;
	// The webhook says only "Error in workflow": what n8n saved of the executions says why.
	const saved = failed > 0 ? await executionErrors(server, workflow.workflow.id, options.executions) : [];
	const failures = countedDistinct(saved.length > 0 ? saved : answers);
	return {
		round,
		wallSeconds: Math.max(...runs.map((run) => run.seconds)),
		executionSeconds: runs.map((run) => Math.round(run.seconds * 100) / 100),
		complete: runs.length - failed,
		failed,
		...(failed > 0 ? { failures } : {}),
		...loadFigures(sandbox.requests),
	};
}

/** Each distinct message once, with how many times it came when more than once. */
function countedDistinct(messages: string[]): string[] {
	const counts = new Map<string, number>();
	for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
	return [...counts].map(([message, count]) => (count > 1 ? `${count} × ${message}` : message));
}

/** The errors n8n saved for the latest executions of the workflow. */
async function executionErrors(server: N8nServer, workflowId: string, latest: number): Promise<string[]> {
	try {
		const executions = await server.listExecutions({ workflowId, includeData: true, limit: latest });
		return executions.flatMap((execution) => {
			const error = execution.data?.resultData.error;
			return error ? [String(error.message ?? '').slice(0, 200)] : [];
		});
	} catch (error) {
		return [`(the executions could not be read: ${(error as Error).message.slice(0, 100)})`];
	}
}

function selectedTenants(only: string | undefined): Tenant[] {
	if (!only) return TENANTS;
	const words = only.split('|');
	const selected = TENANTS.filter((tenant) => words.some((word) => `${tenant.key} ${tenant.name}`.toLowerCase().includes(word)));
	if (selected.length === 0) throw new Error(`--only ${only}: no tenant matches (${TENANTS.map((tenant) => tenant.key).join(', ')})`);
	return selected;
}

/** The commit measured (short hash). */
async function gitHead(): Promise<string> {
	const result = await run('git', ['log', '-1', '--format=%h'], { cwd: PACKAGE_ROOT }).catch(() => undefined);
	return result?.exitCode === 0 ? result.stdout.trim() : 'unknown';
}

async function benchRuntime(runtime: N8nRuntime, tarball: string, scratch: string, options: ConcurrentOptions): Promise<ConcurrentResult> {
	const started = Date.now();
	const loadAtStart = os.loadavg();
	const tenants = selectedTenants(options.only);
	// Each tenant its own sandbox: its own Base URL, so its own pace in the n8n process, and the recording of its requests alone.
	const sandboxes = new Map<Tenant, Sandbox>();
	try {
		for (const tenant of [WARM_UP, ...tenants]) sandboxes.set(tenant, await startSandbox({ volume: { prospectos: options.items }, pace: { ...tenant.pace } }));
		const workflows = new Map<Tenant, ConcurrentWorkflow[]>(
			[WARM_UP, ...tenants].map((tenant, index) => [tenant, concurrentWorkflows(runtime, tenant, sandboxes.get(tenant)!, index, tenant === WARM_UP ? WARM_UP_ITEMS : options.items)]),
		);
		log(runtime, `n8n ${runtime.version}, Node ${runtime.nodeVersion}; load average ${loadAtStart.map((load) => load.toFixed(2)).join(' ')}`);
		const n8n = await N8nInstance.create(runtime, { parentDir: scratch });
		try {
			const installed = await n8n.installPackage(tarball);
			if (installed !== PACKAGE) throw new Error(`installed ${installed}, expected ${PACKAGE}`);
			const credentials = [benchCredentials(sandboxes.get(WARM_UP)!).http, ...[WARM_UP, ...tenants].map((tenant) => tenantCredential(tenant, sandboxes.get(tenant)!))];
			const all = [...workflows.values()].flat();
			await importAll(n8n, credentials, all.map((entry) => entry.workflow));
			const server = await n8n.startServer();
			await server.ensureApiKey();
			for (const entry of all) await server.activateWorkflow(entry.workflow.id);
			for (const entry of all) await server.waitForWebhook(entry.path);
			for (const entry of workflows.get(WARM_UP)!) {
				const warm = await runCase(server, sandboxes.get(WARM_UP)!, entry, { ...options, executions: 1 }, WARM_UP_ITEMS, 0);
				if (warm.failed > 0) throw new Error(`warm-up of ${entry.side} failed: ${warm.failures?.join('; ')}`);
			}

			const busyBefore = machineBusySeconds();
			const n8nBefore = cpuSecondsOf(server.pid!) ?? 0;
			const selfBefore = process.cpuUsage();
			const roundsStarted = Date.now();
			const figures = new Map<string, RoundResult[]>();
			for (let round = 1; round <= options.rounds; round++) {
				for (const tenant of tenants) {
					const sandbox = sandboxes.get(tenant)!;
					const pair = workflows.get(tenant)!;
					// Ours first in odd rounds, the HTTP Request node first in even ones.
					for (const entry of round % 2 === 1 ? pair : [...pair].reverse()) {
						const measured = await runCase(server, sandbox, entry, options, options.items, round);
						const floor = tenant.floorSeconds(options.executions * options.items);
						const figure: RoundResult = { ...measured, floorRatio: measured.wallSeconds / floor };
						const key = `${tenant.key}/${entry.side}`;
						figures.set(key, [...(figures.get(key) ?? []), figure]);
						log(
							runtime,
							`round ${round}/${options.rounds} ${tenant.key.padEnd(8)} ${entry.side.padEnd(4)} ${figure.wallSeconds.toFixed(2)} s (${figure.floorRatio.toFixed(2)}x the floor of ${floor.toFixed(1)} s), ` +
								`${figure.complete} complete, ${figure.failed} failed; ${figure.requests} requests (+${figure.throttled} answered 429), peak ${figure.peakInFlight} in flight, ` +
								`longest queue ${figure.longestQueue} (${figure.longestWaitMs} ms)${figure.failures ? `; ${figure.failures[0]}` : ''}`,
						);
						// Let what a failed execution left behind, and the rate's window, pass.
						await sleep(1_500);
					}
				}
			}
			const self = process.cpuUsage(selfBefore);
			const n8nCpuSeconds = (cpuSecondsOf(server.pid!) ?? n8nBefore) - n8nBefore;
			const otherCpuSeconds = Math.max(0, machineBusySeconds() - busyBefore - n8nCpuSeconds - (self.user + self.system) / 1e6);
			const otherProcessesCpuShare = otherCpuSeconds / (((Date.now() - roundsStarted) / 1000) * os.cpus().length);
			log(runtime, `other processes used ${(otherProcessesCpuShare * 100).toFixed(0)} % of the CPU during the rounds`);
			const cases: CaseResult[] = tenants.flatMap((tenant) =>
				(['ours', 'http'] as const).map((side) => caseResult(tenant, side, figures.get(`${tenant.key}/${side}`)!, options)),
			);
			return {
				label: options.label,
				runtime: runtime.name,
				n8nVersion: runtime.version,
				nodeVersion: runtime.nodeVersion,
				httpRequestNodeVersion: httpRequestVersion(runtime),
				date: new Date().toISOString(),
				commit: await gitHead(),
				executions: options.executions,
				items: options.items,
				rounds: options.rounds,
				durationSeconds: (Date.now() - started) / 1000,
				loadAverage: { start: loadAtStart, end: os.loadavg() },
				otherProcessesCpuShare,
				cases,
			};
		} finally {
			await n8n.dispose();
		}
	} finally {
		await Promise.all([...sandboxes.values()].map((sandbox) => sandbox.close()));
	}
}

function caseResult(tenant: Tenant, side: 'ours' | 'http', rounds: RoundResult[], options: ConcurrentOptions): CaseResult {
	const floorSeconds = tenant.floorSeconds(options.executions * options.items);
	const wallSeconds = median(rounds.map((round) => round.wallSeconds));
	const of = (pick: (round: RoundResult) => number) => median(rounds.map(pick));
	const summary = {
		complete: rounds.reduce((sum, round) => sum + round.complete, 0),
		failed: rounds.reduce((sum, round) => sum + round.failed, 0),
		requests: of((round) => round.requests),
		throttled: of((round) => round.throttled),
		laterRequests: of((round) => round.laterRequests ?? 0),
		laterThrottled: of((round) => round.laterThrottled ?? 0),
		peakInFlight: of((round) => round.peakInFlight),
		longestQueue: Math.max(...rounds.map((round) => round.longestQueue)),
		longestWaitMs: Math.max(...rounds.map((round) => round.longestWaitMs)),
	};
	// The target is of every round: the worst figures against it.
	const worstLater = rounds.reduce((worse, round) => (laterShare(round) > laterShare(worse) ? round : worse));
	const worst = {
		complete: Math.min(...rounds.map((round) => round.complete)),
		executions: options.executions,
		floorRatio: Math.max(...rounds.map((round) => round.floorRatio)),
		requests: summary.requests,
		throttled: Math.max(...rounds.map((round) => round.throttled)),
		laterRequests: worstLater.laterRequests,
		laterThrottled: worstLater.laterThrottled,
		peakInFlight: summary.peakInFlight,
		longestQueue: summary.longestQueue,
		longestWaitMs: summary.longestWaitMs,
	};
	const verdict = side === 'ours' && tenant.target ? judge(tenant.target, worst) : undefined;
	return {
		tenant: tenant.key,
		tenantName: tenant.name,
		side,
		floorSeconds,
		wallSeconds,
		floorRatio: wallSeconds / floorSeconds,
		...summary,
		target: side === 'ours' && tenant.target ? targetText(tenant.target) : null,
		met: verdict ? verdict.met : null,
		...(verdict && verdict.missed.length > 0 ? { missed: verdict.missed } : {}),
		rounds,
	};
}

export async function runConcurrent(options: ConcurrentOptions, tarball: string, scratch: string): Promise<void> {
	for (const name of options.runtimes) {
		const runtime = await resolveRuntime(name);
		const result = await benchRuntime(runtime, tarball, scratch, options);
		saveConcurrent(PACKAGE_ROOT, result);
		for (const entry of result.cases) {
			console.log(
				`  ${entry.tenantName}, ${entry.side}: ${entry.wallSeconds.toFixed(2)} s, ${entry.floorRatio.toFixed(2)}x floor, ${entry.complete} complete / ${entry.failed} failed, ` +
					`${entry.throttled} answered 429, peak ${entry.peakInFlight} in flight, longest queue ${entry.longestQueue}` +
					(entry.met === null ? '' : ` — target ${entry.target}: ${entry.met ? 'met' : `NOT met (${entry.missed?.join('; ')})`}`),
			);
		}
	}
}
