/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- test code runs in Node.js, not inside n8n */
/**
 * `npm run bench:n8n`: our nodes against n8n's own HTTP Request node, side by side in a real n8n
 * (the e2e runtimes), against the sandbox running in this process. Timings are reported, never
 * asserted; what each run outputs is (10,000 distinct sales notes, one verdict per RFC).
 *
 *   npm run bench:n8n                          node20 (n8n 2.8.4), 3 rounds, answers as fast as the sandbox gives them and 50 ms later
 *   npm run bench:n8n -- --runtime node24      or --runtime both
 *   npm run bench:n8n -- --rounds 5 --only rfc
 *   npm run bench:n8n -- --profile             our Check RFC for 500 items once under the CPU profiler
 *   npm run bench:n8n -- --profile --only sequential   our workflow of another case
 *   npm run bench:n8n -- --latency 0,100       the delays added to every answer, one pass each (default 0,50: this machine, and a tenant across a network)
 *   npm run bench:n8n -- --latency none        only the throttled pass
 *   npm run bench:n8n -- --throttle 0          no pass behind a tenant answering 429 above 10 requests in flight (the default 10)
 *
 * Results: key `n8n` of bench/results.json and the section "In real n8n" of bench/RESULTS.md.
 */
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PACKAGE_ROOT } from '../../harness/root';
import { startSandbox, type Sandbox } from '../../sandbox';
import { N8nInstance, RUNTIME_NAMES, buildAndPackProject, disposeAllInstances, isRuntimeName, resolveRuntime, type N8nRuntime, type RuntimeName } from '../../e2e/lib';
import { PACKAGE, importAll } from '../../e2e/suites/admintotal';
import { assertSucceeded, executeMeasured, executionMs, machineBusySeconds, median, megabytes, nodesExecutionMs, outputItems } from './measure';
import { profileWorkflow } from './profile';
import { resultKey, saveResults, type ComparisonResult, type RoundFigure, type RuntimeResult, type VariantResult } from './report';
import { startThrottledTenant, type ThrottledTenant } from './throttle';
import { IDLE_WORKFLOW, SANDBOX_PAGE_SIZE, SANDBOX_VOLUME, benchCredentials, benchPlan, httpRequestVersion, type Comparison, type Variant } from './workflows';

interface Options {
	runtimes: RuntimeName[];
	rounds: number;
	only: string | undefined;
	profile: boolean;
	/** Added to every API answer of the sandbox (ms), one pass each: 0 is this machine, 50 a tenant across a network. */
	latencies: number[];
	/** A pass against a tenant answering 429 above this many requests in flight; 0: none. */
	throttle: number;
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
	const rounds = Number(value('--rounds') ?? 3);
	if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds ${value('--rounds')}: a whole number of at least 1`);
	const latencyList = value('--latency') ?? '0,50';
	const latencies = latencyList === 'none' ? [] : latencyList.split(',').map(Number);
	if (latencies.some((latency) => !Number.isFinite(latency) || latency < 0)) throw new Error(`--latency ${value('--latency')}: milliseconds, 0 or more, comma-separated`);
	const throttle = Number(value('--throttle') ?? 10);
	if (!Number.isInteger(throttle) || throttle < 0) throw new Error(`--throttle ${value('--throttle')}: requests in flight, a whole number (0: no throttled pass)`);
	return { runtimes: runtimes as RuntimeName[], rounds, only: value('--only')?.toLowerCase(), profile: args.includes('--profile'), latencies, throttle };
}

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

/** One run of a variant: its figures, after checking its output. */
async function runVariant(n8n: N8nInstance, sandbox: Sandbox, variant: Variant, round: number, order: number, throttled?: ThrottledTenant): Promise<RoundFigure> {
	sandbox.clearRequests();
	if (throttled) throttled.throttled = 0;
	const result = await executeMeasured(n8n, variant.workflow.id);
	if (!(result.succeeded && result.run) && variant.side === 'http') {
		// The HTTP Request node failing (its requests all at once refused or cut, a 429) is a result, not a fault of the bench.
		variant.cleanUp?.();
		const failed = result.run?.data.resultData.error?.message ?? `n8n execute exited ${result.exitCode}`;
		log(n8n.runtime, `round ${round} ${variant.key} FAILED: ${failed}`);
		return {
			round,
			order,
			nodesSeconds: Number.NaN,
			executionSeconds: Number.NaN,
			wallSeconds: result.wallMs / 1000,
			requests: sandbox.requests.length,
			...(throttled ? { throttled: throttled.throttled } : {}),
			items: 0,
			peakRssMb: megabytes(result.peakRssKb),
			cpuSeconds: result.cpuSeconds,
			failed,
		};
	}
	const run = assertSucceeded(result, variant.key);
	const items = outputItems(run, variant.outputNode);
	try {
		variant.verify(items);
	} catch (error) {
		throw new Error(`${variant.key} (${variant.label}), round ${round}: ${(error as Error).message}`);
	} finally {
		variant.cleanUp?.();
	}
	return {
		round,
		order,
		nodesSeconds: nodesExecutionMs(run, variant.workNodes) / 1000,
		executionSeconds: executionMs(run) / 1000,
		wallSeconds: result.wallMs / 1000,
		requests: sandbox.requests.length,
		...(throttled ? { throttled: throttled.throttled } : {}),
		items: items.length,
		peakRssMb: megabytes(result.peakRssKb),
		cpuSeconds: result.cpuSeconds,
	};
}

/**
 * The order of a case's runs in a round: ours then the HTTP Request node in odd rounds, the
 * reverse in even ones, so neither side always runs on a machine the other just warmed.
 */
function roundOrder(cases: Array<{ ours: string[]; http: string }>, round: number): string[] {
	return cases.flatMap((entry) => (round % 2 === 1 ? [...entry.ours, entry.http] : [entry.http, ...[...entry.ours].reverse()]));
}

/** The selected comparisons grouped by the HTTP Request workflow they share (Return All has two of ours). */
function casesOf(comparisons: Comparison[]): Array<{ ours: string[]; http: string }> {
	const cases: Array<{ ours: string[]; http: string }> = [];
	for (const comparison of comparisons) {
		const existing = cases.find((entry) => entry.http === comparison.http);
		if (existing) existing.ours.push(comparison.ours);
		else cases.push({ ours: [comparison.ours], http: comparison.http });
	}
	return cases;
}

/** The cases whose key or name contains `word`; throws when none does. */
function selectedComparisons(comparisons: Comparison[], word: string): Comparison[] {
	const selected = comparisons.filter((comparison) => `${comparison.key} ${comparison.name}`.toLowerCase().includes(word));
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
			requests: of((f) => f.requests),
			peakRssMb: of((f) => f.peakRssMb),
			...(rounds.some((f) => f.throttled !== undefined) ? { throttled: median(rounds.map((f) => f.throttled ?? 0)) } : {}),
		},
		...(failures.length > 0 ? { failedRounds: failures.length, failure: failures[0].failed } : {}),
	};
}

async function benchRuntime(runtime: N8nRuntime, sandbox: Sandbox, tarball: string, scratch: string, options: Options, latencyMs: number, throttled?: ThrottledTenant): Promise<RuntimeResult> {
	const started = Date.now();
	const loadAtStart = os.loadavg();
	const plan = benchPlan(runtime, sandbox, throttled ? { batchSize: throttled.limit, batchInterval: 100 } : undefined);
	const comparisons = options.only ? selectedComparisons(plan.comparisons, options.only) : plan.comparisons;
	const cases = casesOf(comparisons);
	const variants = new Map(plan.variants.map((variant) => [variant.key, variant]));
	const selected = [...new Set(cases.flatMap((entry) => [...entry.ours, entry.http]))].map((key) => variants.get(key)!);

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
				const figure = await runVariant(n8n, sandbox, variants.get(key)!, round, index + 1, throttled);
				figures.get(key)!.push(figure);
				n8nCpuSeconds += figure.cpuSeconds;
				log(
					runtime,
					`round ${round}/${options.rounds} ${key.padEnd(16)} nodes ${figure.nodesSeconds.toFixed(2)} s, execution ${figure.executionSeconds.toFixed(2)} s, ` +
						`${figure.requests} requests${figure.throttled === undefined ? '' : ` (+${figure.throttled} answered 429)`}, ${figure.items} items, peak RSS ${figure.peakRssMb} MB (n8n execute ${figure.wallSeconds.toFixed(1)} s)`,
				);
			}
		}
		const self = process.cpuUsage(selfBefore);
		const otherCpuSeconds = Math.max(0, machineBusySeconds() - busyBefore - n8nCpuSeconds - (self.user + self.system) / 1e6);
		const otherProcessesCpuShare = otherCpuSeconds / (((Date.now() - roundsStarted) / 1000) * os.cpus().length);
		log(runtime, `other processes used ${(otherProcessesCpuShare * 100).toFixed(0)} % of the CPU during the rounds`);
		const date = new Date().toISOString();
		const idlePeak = median(idle.map((entry) => entry.peakRssMb));
		const results: ComparisonResult[] = comparisons.map((comparison) => {
			const ours = variantResult(variants.get(comparison.ours)!, figures.get(comparison.ours)!);
			const http = variantResult(variants.get(comparison.http)!, figures.get(comparison.http)!);
			const ratio = ours.median.nodesSeconds / http.median.nodesSeconds;
			return {
				key: comparison.key,
				name: comparison.name,
				date,
				ratio,
				executionRatio: ours.median.executionSeconds / http.median.executionSeconds,
				goal: comparison.goal ?? null,
				met: comparison.goal === undefined ? null : ratio <= comparison.goal,
				memoryMet: comparison.memory ? ours.median.peakRssMb <= http.median.peakRssMb : null,
				ours,
				http,
			};
		});
		return {
			runtime: runtime.name,
			latencyMs,
			...(throttled ? { throttledAbove: throttled.limit } : {}),
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
	const plan = benchPlan(runtime, sandbox);
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
			for (const latencyMs of options.latencies) {
				sandbox.faults.clear();
				if (latencyMs > 0) sandbox.faults.add({ path: /./, delayMs: latencyMs });
				const result = await benchRuntime(runtime, sandbox, tarball, scratch, options, latencyMs);
				const saved = saveResults(PACKAGE_ROOT, result, benchPlan(runtime, sandbox).comparisons.map((comparison) => comparison.key));
				console.log(renderConsole(saved.runtimes[resultKey(result)]!));
			}
			if (options.throttle > 0) {
				sandbox.faults.clear();
				const throttled = await startThrottledTenant(sandbox.url, options.throttle);
				try {
					// The same sandbox, reached through the throttled front: credentials and workflows take its address.
					const behind = Object.create(sandbox, { url: { value: throttled.url } }) as Sandbox;
					const result = await benchRuntime(runtime, behind, tarball, scratch, options, 0, throttled);
					const saved = saveResults(PACKAGE_ROOT, result, benchPlan(runtime, sandbox).comparisons.map((comparison) => comparison.key));
					console.log(renderConsole(saved.runtimes[resultKey(result)]!));
				} finally {
					await throttled.close();
				}
			}
		}
	} finally {
		await sandbox.close();
		await disposeAllInstances();
		rmSync(scratch, { recursive: true, force: true });
	}
}

function renderConsole(result: RuntimeResult): string {
	const rows = result.comparisons.map(
		(row) =>
			`  ${row.name}\n    HTTP ${row.http.median.nodesSeconds.toFixed(2)} s, ours ${row.ours.median.nodesSeconds.toFixed(2)} s, ratio ${row.ratio.toFixed(2)}` +
			`${row.goal === null ? ' (measured)' : ` (goal ≤ ${row.goal}: ${row.met ? 'met' : 'NOT met'})`}; requests ${row.http.median.requests} / ${row.ours.median.requests}; ` +
			`peak RSS ${row.http.median.peakRssMb} / ${row.ours.median.peakRssMb} MB (idle ${result.idle.medianPeakRssMb})`,
	);
	const throttled = result.throttledAbove ? `, 429 above ${result.throttledAbove} in flight` : '';
	return [`\n${result.runtime}: n8n ${result.n8nVersion}, Node ${result.nodeVersion}, ${result.rounds} rounds, ${Math.round(result.durationSeconds)} s, ${result.latencyMs} ms added to every answer${throttled}`, ...rows, ''].join('\n');
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
