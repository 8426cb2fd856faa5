/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- test code runs in Node.js, not inside n8n */
/**
 * `npm run bench:n8n`: our nodes against n8n's own HTTP Request node, side by side in a real n8n
 * (the e2e runtimes), against the sandbox running in this process. Timings are reported, never
 * asserted; what each run outputs is (10,000 distinct sales notes, one verdict per RFC).
 *
 *   npm run bench:n8n                          node20 (n8n 2.8.4), 3 rounds, answers as fast as the sandbox gives them, 50 ms and 150 ms later, then behind a throttling tenant
 *   npm run bench:n8n -- --runtime node24      or --runtime both
 *   npm run bench:n8n -- --rounds 5 --only rfc         (or --only 'rfc|create': any of the words)
 *   npm run bench:n8n -- --profile             our Check RFC for 500 items once under the CPU profiler
 *   npm run bench:n8n -- --profile --only sequential   our workflow of another case
 *   npm run bench:n8n -- --latency 0,100       the delays added to every answer, one pass each (default 0,50,150: this machine, and a tenant across a network)
 *   npm run bench:n8n -- --latency none        only the throttled pass
 *   npm run bench:n8n -- --throttle 0          no pass behind a tenant answering in 50 ms and 429 above 10 requests in flight (the default 10)
 *   npm run bench:n8n -- --concurrent          K executions at once in a running n8n against three tenants (concurrent.ts; --executions, --items, --label)
 *
 * The sandbox keeps each pass's pace (sandbox.pace: its latency, its 429 above N in flight); what it
 * recorded gives each run's requests, its 429 answers and its peak of requests in flight.
 *
 * Results: key `n8n` of bench/results.json and the section "In real n8n" of bench/RESULTS.md.
 */
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PACKAGE_ROOT } from '../../harness/root';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox';
import { N8nInstance, RUNTIME_NAMES, buildAndPackProject, disposeAllInstances, isRuntimeName, resolveRuntime, type N8nRuntime, type RuntimeName } from '../../e2e/lib';
import { PACKAGE, importAll } from '../../e2e/suites/admintotal';
import { runConcurrent, type ConcurrentOptions } from './concurrent';
import { assertSucceeded, executeMeasured, executionMs, machineBusySeconds, median, megabytes, nodesExecutionMs, outputItems } from './measure';
import { profileWorkflow } from './profile';
import { resultKey, saveResults, type ComparisonResult, type RoundFigure, type RuntimeResult, type VariantResult } from './report';
import { IDLE_WORKFLOW, SANDBOX_PAGE_SIZE, SANDBOX_VOLUME, benchCredentials, benchPlan, httpRequestVersion, type Comparison, type Pass, type Variant } from './workflows';

interface Options {
	runtimes: RuntimeName[];
	rounds: number;
	only: string | undefined;
	profile: boolean;
	/** Added to every API answer of the sandbox (ms), one pass each: 0 is this machine, 50 and 150 a tenant across a network. */
	latencies: number[];
	/** A pass against a tenant answering 429 above this many requests in flight; 0: none. */
	throttle: number;
	/** --concurrent: K executions at once instead of the per-run passes. */
	concurrent: ConcurrentOptions | undefined;
}

function parseOptions(args: string[]): Options {
	const value = (flag: string): string | undefined => {
		const index = args.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
		if (index === -1) return undefined;
		return args[index].includes('=') ? args[index].slice(flag.length + 1) : args[index + 1];
	};
	const runtime = value('--runtime') ?? 'node20';
	const runtimes = runtime === 'both' ? [...RUNTIME_NAMES] : [runtime];
	for (const name of runtimes) if (!isRuntimeName(name)) throw new Error(`--runtime ${name}: use ${RUNTIME_NAMES.join(', ')} or both`);
	const concurrent = args.includes('--concurrent');
	// A concurrent pass is a few minutes a round: one round unless asked.
	const rounds = Number(value('--rounds') ?? (concurrent ? 1 : 3));
	if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds ${value('--rounds')}: a whole number of at least 1`);
	const latencyList = value('--latency') ?? '0,50,150';
	const latencies = latencyList === 'none' ? [] : latencyList.split(',').map(Number);
	if (latencies.some((latency) => !Number.isFinite(latency) || latency < 0)) throw new Error(`--latency ${value('--latency')}: milliseconds, 0 or more, comma-separated`);
	const throttle = Number(value('--throttle') ?? 10);
	if (!Number.isInteger(throttle) || throttle < 0) throw new Error(`--throttle ${value('--throttle')}: requests in flight, a whole number (0: no throttled pass)`);
	const only = value('--only')?.toLowerCase();
	const whole = (flag: string, fallback: number) => {
		const number = Number(value(flag) ?? fallback);
		if (!Number.isInteger(number) || number < 1) throw new Error(`${flag} ${value(flag)}: a whole number of at least 1`);
		return number;
	};
	const concurrentOptions = concurrent
		? { runtimes: runtimes as RuntimeName[], rounds, only, executions: whole('--executions', 4), items: whole('--items', 500), label: value('--label') ?? 'latest' }
		: undefined;
	return { runtimes: runtimes as RuntimeName[], rounds, only, profile: args.includes('--profile'), latencies, throttle, concurrent: concurrentOptions };
}

/**
 * How long the throttling tenant takes to answer. A tenant that throttles is one across a network:
 * answering in 1 ms, the sandbox has sent each answer before the next request arrives, never has 10
 * unanswered and so never throttles.
 */
const THROTTLING_TENANT_LATENCY_MS = 50;

function log(runtime: N8nRuntime, message: string): void {
	console.log(`[bench:n8n ${runtime.name}] ${message}`);
}

/** A fresh n8n user folder with our package, both credentials and the workflows. */
async function preparedInstance(runtime: N8nRuntime, tarball: string, scratch: string, sandbox: Sandbox, variants: Variant[]): Promise<N8nInstance> {
	const n8n = await N8nInstance.create(runtime, { parentDir: scratch });
	const installed = await n8n.installPackage(tarball);
	if (installed !== PACKAGE) throw new Error(`installed ${installed}, expected ${PACKAGE}`);
	const credentials = benchCredentials(sandbox);
	await importAll(n8n, [credentials.ours, credentials.http], [IDLE_WORKFLOW, ...variants.map((variant) => variant.workflow)]);
	return n8n;
}

/** What the sandbox recorded of one run: the requests it served, those it answered 429, and the most it had unanswered at once. */
function recordedFigures(requests: RecordedRequest[], pass: Pass): Pick<RoundFigure, 'requests' | 'throttled' | 'peakInFlight'> {
	const throttled = requests.filter((request) => request.status === 429).length;
	return {
		requests: requests.length - throttled,
		...(pass.throttleAbove === undefined ? {} : { throttled }),
		peakInFlight: requests.reduce((peak, request) => Math.max(peak, request.alongside + 1), 0),
	};
}

/**
 * Waits (up to 5 s) until the sandbox has answered every request it received: a run that failed
 * leaves requests behind it, whose notes must be counted and removed before the next run.
 */
async function answered(sandbox: Sandbox): Promise<void> {
	for (const until = Date.now() + 5_000; Date.now() < until && sandbox.requests.some((request) => request.status === 0); ) await sleep(20);
}

/** One run of a variant: its figures, after checking its output (and, for a Create, that the sandbox holds each item's note once). */
async function runVariant(n8n: N8nInstance, sandbox: Sandbox, variant: Variant, round: number, order: number, pass: Pass): Promise<RoundFigure> {
	sandbox.clearRequests();
	const result = await executeMeasured(n8n, variant.workflow.id);
	await answered(sandbox);
	const recorded = recordedFigures(sandbox.requests, pass);
	const written = variant.writes?.census();
	const measured = { round, order, wallSeconds: result.wallMs / 1000, ...recorded, peakRssMb: megabytes(result.peakRssKb), cpuSeconds: result.cpuSeconds, ...(written ? { written } : {}) };
	if (!(result.succeeded && result.run)) {
		// A run that fails (the HTTP Request node's requests all at once refused, a 429; or ours giving up on a tenant that keeps throttling) is a result, not a fault of the bench.
		variant.cleanUp?.();
		const failed = result.run?.data.resultData.error?.message ?? `n8n execute exited ${result.exitCode}`;
		log(n8n.runtime, `round ${round} ${variant.key} FAILED: ${failed}`);
		return { ...measured, nodesSeconds: Number.NaN, executionSeconds: Number.NaN, items: 0, failed };
	}
	const run = assertSucceeded(result, variant.key);
	const items = outputItems(run, variant.outputNode);
	try {
		variant.verify(items);
		if (written && (written.notes !== variant.writes!.expected || written.externalIds !== variant.writes!.expected)) {
			throw new Error(`the sandbox holds ${written.notes} notes with ${written.externalIds} distinct external IDs, expected ${variant.writes!.expected} of each (nothing written twice)`);
		}
	} catch (error) {
		throw new Error(`${variant.key} (${variant.label}), round ${round}: ${(error as Error).message}`);
	} finally {
		variant.cleanUp?.();
	}
	return { ...measured, nodesSeconds: nodesExecutionMs(run, variant.workNodes) / 1000, executionSeconds: executionMs(run) / 1000, items: items.length };
}

/** A case's runs: our variants, and the HTTP Request node's (configured by hand, then as added) they are set against. */
interface Case {
	ours: string[];
	http: string[];
}

/**
 * The order of the runs in a round: each case's ours then the HTTP Request node's in odd rounds,
 * the reverse in even ones, so neither side always runs on a machine the other just warmed. A
 * variant two cases share runs once.
 */
function roundOrder(cases: Case[], round: number): string[] {
	return [...new Set(cases.flatMap((entry) => (round % 2 === 1 ? [...entry.ours, ...entry.http] : [...entry.http, ...[...entry.ours].reverse()])))];
}

/** The selected comparisons grouped by the HTTP Request workflow they share (Return All has two of ours). */
function casesOf(comparisons: Comparison[]): Case[] {
	const cases: Case[] = [];
	for (const comparison of comparisons) {
		const ours = [comparison.ours, ...(comparison.fixed ? [comparison.fixed] : [])];
		const existing = cases.find((entry) => entry.http[0] === comparison.http);
		if (existing) existing.ours.push(...ours);
		else cases.push({ ours, http: [comparison.http, ...(comparison.unbatched ? [comparison.unbatched] : [])] });
	}
	return cases;
}

/** The cases whose key or name contains `word` (or one of `a|b`); throws when none does. */
function selectedComparisons(comparisons: Comparison[], word: string): Comparison[] {
	const words = word.split('|');
	const selected = comparisons.filter((comparison) => words.some((one) => `${comparison.key} ${comparison.name}`.toLowerCase().includes(one)));
	if (selected.length === 0) throw new Error(`--only ${word}: no case matches (${comparisons.map((comparison) => comparison.name).join('; ')})`);
	return selected;
}

function variantResult(variant: Variant, rounds: RoundFigure[]): VariantResult {
	const succeeded = rounds.filter((figure) => figure.failed === undefined);
	const of = (pick: (figure: RoundFigure) => number) => median(succeeded.map(pick));
	const failures = rounds.filter((figure) => figure.failed !== undefined);
	return {
		key: variant.key,
		label: variant.label,
		workNodes: variant.workNodes,
		rounds,
		median: {
			nodesSeconds: of((f) => f.nodesSeconds),
			executionSeconds: of((f) => f.executionSeconds),
			// What the tenant saw and the memory: of a failed run too.
			requests: median(rounds.map((f) => f.requests)),
			peakInFlight: median(rounds.map((f) => f.peakInFlight)),
			peakRssMb: median(rounds.map((f) => f.peakRssMb)),
			...(rounds.some((f) => f.throttled !== undefined) ? { throttled: median(rounds.map((f) => f.throttled ?? 0)) } : {}),
		},
		...(failures.length > 0 ? { failedRounds: failures.length, failure: failures[0].failed } : {}),
	};
}

async function benchRuntime(runtime: N8nRuntime, sandbox: Sandbox, tarball: string, scratch: string, options: Options, pass: Pass): Promise<RuntimeResult> {
	const started = Date.now();
	const loadAtStart = os.loadavg();
	const plan = benchPlan(runtime, sandbox, pass);
	const comparisons = options.only ? selectedComparisons(plan.comparisons, options.only) : plan.comparisons;
	const cases = casesOf(comparisons);
	const variants = new Map(plan.variants.map((variant) => [variant.key, variant]));
	const selected = [...new Set(cases.flatMap((entry) => [...entry.ours, ...entry.http]))].map((key) => variants.get(key)!);

	log(runtime, `n8n ${runtime.version}, Node ${runtime.nodeVersion}; load average ${loadAtStart.map((load) => load.toFixed(2)).join(' ')}`);
	const n8n = await preparedInstance(runtime, tarball, scratch, sandbox, selected);
	try {
		// The first execute of a fresh folder pays for caches; not counted.
		assertSucceeded(await executeMeasured(n8n, IDLE_WORKFLOW.id), 'warm-up');
		const figures = new Map<string, RoundFigure[]>(selected.map((variant) => [variant.key, []]));
		const idle: Array<{ peakRssMb: number; executionSeconds: number }> = [];
		// What the machine did during the rounds besides this bench: is it a quiet run?
		const busyBefore = machineBusySeconds();
		const selfBefore = process.cpuUsage();
		const roundsStarted = Date.now();
		let n8nCpuSeconds = 0;
		for (let round = 1; round <= options.rounds; round++) {
			const idleRun = await executeMeasured(n8n, IDLE_WORKFLOW.id);
			n8nCpuSeconds += idleRun.cpuSeconds;
			idle.push({ peakRssMb: megabytes(idleRun.peakRssKb), executionSeconds: executionMs(assertSucceeded(idleRun, 'idle')) / 1000 });
			const order = roundOrder(cases, round);
			for (const [index, key] of order.entries()) {
				const figure = await runVariant(n8n, sandbox, variants.get(key)!, round, index + 1, pass);
				figures.get(key)!.push(figure);
				n8nCpuSeconds += figure.cpuSeconds;
				log(
					runtime,
					`round ${round}/${options.rounds} ${key.padEnd(16)} nodes ${figure.nodesSeconds.toFixed(2)} s, execution ${figure.executionSeconds.toFixed(2)} s, ` +
						`${figure.requests} requests${figure.throttled === undefined ? '' : ` (+${figure.throttled} answered 429)`}, peak ${figure.peakInFlight} in flight, ${figure.items} items` +
						`${figure.written ? ` (the sandbox holds ${figure.written.notes} notes, ${figure.written.externalIds} distinct external IDs)` : ''}, peak RSS ${figure.peakRssMb} MB (n8n execute ${figure.wallSeconds.toFixed(1)} s)`,
				);
			}
		}
		const self = process.cpuUsage(selfBefore);
		const otherCpuSeconds = Math.max(0, machineBusySeconds() - busyBefore - n8nCpuSeconds - (self.user + self.system) / 1e6);
		const otherProcessesCpuShare = otherCpuSeconds / (((Date.now() - roundsStarted) / 1000) * os.cpus().length);
		log(runtime, `other processes used ${(otherProcessesCpuShare * 100).toFixed(0)} % of the CPU during the rounds`);
		const date = new Date().toISOString();
		const idlePeak = median(idle.map((entry) => entry.peakRssMb));
		const resultOf = (key: string) => variantResult(variants.get(key)!, figures.get(key)!);
		const results: ComparisonResult[] = comparisons.map((comparison) => {
			const ours = resultOf(comparison.ours);
			const http = resultOf(comparison.http);
			const ratio = ours.median.nodesSeconds / http.median.nodesSeconds;
			const fixed = comparison.fixed ? resultOf(comparison.fixed) : undefined;
			const fixedRatio = fixed ? ours.median.nodesSeconds / fixed.median.nodesSeconds : undefined;
			return {
				key: comparison.key,
				name: comparison.name,
				date,
				ratio,
				executionRatio: ours.median.executionSeconds / http.median.executionSeconds,
				goal: comparison.goal ?? null,
				// The HTTP Request node failing where ours completes meets any goal of ours <= HTTP.
				met: comparison.goal === undefined ? null : Number.isNaN(http.median.nodesSeconds) ? !Number.isNaN(ours.median.nodesSeconds) : ratio <= comparison.goal,
				memoryMet: comparison.memory ? ours.median.peakRssMb <= http.median.peakRssMb : null,
				ours,
				http,
				...(comparison.unbatched ? { unbatched: resultOf(comparison.unbatched) } : {}),
				...(fixed && fixedRatio !== undefined
					? { fixed, fixedRatio, fixedGoal: comparison.fixedGoal ?? null, fixedMet: comparison.fixedGoal === undefined ? null : fixedRatio <= comparison.fixedGoal }
					: {}),
			};
		});
		return {
			runtime: runtime.name,
			latencyMs: pass.latencyMs,
			...(pass.throttleAbove === undefined ? {} : { throttledAbove: pass.throttleAbove }),
			n8nVersion: runtime.version,
			nodeVersion: runtime.nodeVersion,
			httpRequestNodeVersion: httpRequestVersion(runtime),
			date,
			rounds: options.rounds,
			durationSeconds: (Date.now() - started) / 1000,
			loadAverage: { start: loadAtStart, end: os.loadavg() },
			otherProcessesCpuShare,
			sandbox: { volume: SANDBOX_VOLUME, pageSize: SANDBOX_PAGE_SIZE },
			idle: { peakRssMb: idle.map((entry) => entry.peakRssMb), medianPeakRssMb: idlePeak, executionSeconds: idle.map((entry) => entry.executionSeconds) },
			comparisons: results,
		};
	} finally {
		await n8n.dispose();
	}
}

/** Our workflow of the first case `--only` names (by default Check RFC for 500 items), once under the CPU profiler. */
async function profileRuntime(runtime: N8nRuntime, sandbox: Sandbox, tarball: string, scratch: string, options: Options): Promise<void> {
	const plan = benchPlan(runtime, sandbox, { latencyMs: 0 });
	const comparison = options.only ? selectedComparisons(plan.comparisons, options.only)[0] : plan.comparisons.find((candidate) => candidate.key === 'checkRfc500')!;
	const variant = plan.variants.find((candidate) => candidate.key === comparison.ours)!;
	const n8n = await preparedInstance(runtime, tarball, scratch, sandbox, [variant]);
	try {
		assertSucceeded(await executeMeasured(n8n, IDLE_WORKFLOW.id), 'warm-up');
		const report = await profileWorkflow(n8n, variant.workflow.id, variant.outputNode, scratch);
		const folder = path.join(PACKAGE_ROOT, 'test', 'artifacts', 'bench-profile');
		await fs.mkdir(folder, { recursive: true });
		await fs.writeFile(path.join(folder, `${runtime.name}.txt`), report.text);
		// For Chrome DevTools' Performance panel or speedscope.
		await fs.copyFile(report.profileFile, path.join(folder, `${runtime.name}.cpuprofile`));
		console.log(report.text);
		log(runtime, `written to test/artifacts/bench-profile/${runtime.name}.txt and .cpuprofile`);
	} finally {
		await n8n.dispose();
	}
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'admintotal-bench-n8n-'));
	process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
	if (options.concurrent) {
		try {
			await runConcurrent(options.concurrent, await buildAndPackProject({ build: false, destDir: path.join(scratch, 'pack') }), scratch);
		} finally {
			await disposeAllInstances();
			rmSync(scratch, { recursive: true, force: true });
		}
		return;
	}
	const sandbox = await startSandbox({ volume: SANDBOX_VOLUME, pageSize: SANDBOX_PAGE_SIZE });
	try {
		// npm run bench:n8n has just built dist/; pack it as a release is packed.
		const tarball = await buildAndPackProject({ build: false, destDir: path.join(scratch, 'pack') });
		for (const name of options.runtimes) {
			const runtime = await resolveRuntime(name);
			if (options.profile) {
				await profileRuntime(runtime, sandbox, tarball, scratch, options);
				continue;
			}
			const passes: Pass[] = [...options.latencies.map((latencyMs) => ({ latencyMs })), ...(options.throttle > 0 ? [{ latencyMs: THROTTLING_TENANT_LATENCY_MS, throttleAbove: options.throttle }] : [])];
			for (const pass of passes) {
				keepPace(sandbox, { ...(pass.latencyMs > 0 ? { latencyMs: pass.latencyMs } : {}), ...(pass.throttleAbove === undefined ? {} : { throttleAbove: pass.throttleAbove }) });
				try {
					const result = await benchRuntime(runtime, sandbox, tarball, scratch, options, pass);
					const saved = saveResults(PACKAGE_ROOT, result, benchPlan(runtime, sandbox, pass).comparisons.map((comparison) => comparison.key));
					console.log(renderConsole(saved.runtimes[resultKey(result)]!));
				} finally {
					keepPace(sandbox, {});
				}
			}
		}
	} finally {
		await sandbox.close();
		await disposeAllInstances();
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** The sandbox's pace from now on (replaced whole: what `pace` leaves out, the sandbox does not do). */
function keepPace(sandbox: Sandbox, pace: Sandbox['pace']): void {
	for (const key of Object.keys(sandbox.pace) as Array<keyof Sandbox['pace']>) delete sandbox.pace[key];
	Object.assign(sandbox.pace, pace);
}

/** A variant's median time, or that it failed. */
function consoleSeconds(variant: VariantResult): string {
	return variant.failedRounds ? `failed in ${variant.failedRounds} of ${variant.rounds.length} rounds (${variant.failure ?? ''})` : `${variant.median.nodesSeconds.toFixed(2)} s`;
}

/** A variant's requests as the sandbox saw them: served, answered 429, most at once. */
function consoleRequests(variant: VariantResult): string {
	return `${variant.median.requests} requests${variant.median.throttled === undefined ? '' : ` (+${variant.median.throttled} answered 429)`}, peak ${variant.median.peakInFlight} in flight`;
}

function renderConsole(result: RuntimeResult): string {
	const rows = result.comparisons.map(
		(row) =>
			`  ${row.name}\n    HTTP ${consoleSeconds(row.http)}, ours ${consoleSeconds(row.ours)}, ratio ${Number.isFinite(row.ratio) ? row.ratio.toFixed(2) : '–'}` +
			`${row.goal === null ? ' (measured)' : ` (goal ≤ ${row.goal}: ${row.met ? 'met' : 'NOT met'})`}; ` +
			`peak RSS ${row.http.median.peakRssMb} / ${row.ours.median.peakRssMb} MB (idle ${result.idle.medianPeakRssMb})` +
			`\n    HTTP: ${consoleRequests(row.http)}; ours: ${consoleRequests(row.ours)}` +
			(row.unbatched ? `\n    HTTP as added (no Batching): ${consoleSeconds(row.unbatched)}, ${consoleRequests(row.unbatched)}` : '') +
			(row.fixed
				? `\n    ours at Parallel Requests 10: ${consoleSeconds(row.fixed)}, ${consoleRequests(row.fixed)}; ours / that ${row.fixedRatio?.toFixed(2)}` +
					`${row.fixedGoal === null || row.fixedGoal === undefined ? '' : ` (goal ≤ ${row.fixedGoal}: ${row.fixedMet ? 'met' : 'NOT met'})`}`
				: ''),
	);
	const throttled = result.throttledAbove ? `, 429 above ${result.throttledAbove} in flight` : '';
	return [`\n${result.runtime}: n8n ${result.n8nVersion}, Node ${result.nodeVersion}, ${result.rounds} rounds, ${Math.round(result.durationSeconds)} s, ${result.latencyMs} ms added to every answer${throttled}`, ...rows, ''].join('\n');
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
