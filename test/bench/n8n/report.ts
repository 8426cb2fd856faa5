/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * What `npm run bench:n8n` keeps: the key `n8n` of bench/results.json (every round's figures,
 * per runtime) and the section "## In real n8n (npm run bench:n8n)" of bench/RESULTS.md, drawn
 * from that key.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { RuntimeName } from '../../e2e/lib';
import type { WriteCensus } from './workflows';

export const SECTION_HEADING = '## In real n8n (npm run bench:n8n)';

/** One `n8n execute` of a workflow. */
export interface RoundFigure {
	round: number;
	/** Place in the round (1 = first run of the round). */
	order: number;
	/** Sum of the measured nodes' executionTime. */
	nodesSeconds: number;
	/** startedAt..stoppedAt of the execution. */
	executionSeconds: number;
	/** Spawn to exit, n8n start-up and printing the run JSON included. */
	wallSeconds: number;
	/** Requests the sandbox served (429 answers not counted). */
	requests: number;
	/** Requests the sandbox answered 429, when it throttles (sandbox.pace.throttleAbove). */
	throttled?: number;
	/** The most requests the sandbox had unanswered at once: max(alongside + 1) over the run's requests. */
	peakInFlight: number;
	/** A Create's: the notes the sandbox held after the run. */
	written?: WriteCensus;
	/** The run's error, when it failed (its timings are then NaN). */
	failed?: string;
	items: number;
	peakRssMb: number;
	/** CPU seconds of the n8n process, start-up included. */
	cpuSeconds: number;
}

export interface VariantResult {
	key: string;
	label: string;
	workNodes: string[];
	rounds: RoundFigure[];
	/** Times of the rounds that succeeded; requests, 429s, peak in flight and memory of every round (a failed run's too). */
	median: { nodesSeconds: number; executionSeconds: number; requests: number; peakInFlight?: number; peakRssMb: number; throttled?: number };
	/** Rounds whose run failed, left out of the timing medians, and the first error. */
	failedRounds?: number;
	failure?: string;
}

export interface ComparisonResult {
	key: string;
	name: string;
	date: string;
	/** ours / HTTP of the medians of the measured nodes; lower is better (NaN, null in results.json, when a side failed every round). */
	ratio: number;
	/** ours / HTTP of the medians of the whole executions. */
	executionRatio: number;
	goal: number | null;
	met: boolean | null;
	/** Peak RSS compared (the Return All rows): ours <= HTTP. */
	memoryMet: boolean | null;
	ours: VariantResult;
	http: VariantResult;
	/** Behind a throttling tenant: the HTTP Request node as added, without Batching. */
	unbatched?: VariantResult;
	/** Behind a throttling tenant: ours at Parallel Requests 10, the best fixed budget for it; ratio = ours / it. */
	fixed?: VariantResult;
	fixedRatio?: number;
	fixedGoal?: number | null;
	fixedMet?: boolean | null;
}

export interface RuntimeResult {
	runtime: RuntimeName;
	/** Added to every answer of the sandbox (ms): 0 on this machine, 50 and 150 for a tenant across a network. */
	latencyMs: number;
	/** The tenant answered 429 above this many requests in flight (sandbox.pace.throttleAbove); absent: it never throttles. */
	throttledAbove?: number;
	n8nVersion: string;
	nodeVersion: string;
	httpRequestNodeVersion: number;
	date: string;
	rounds: number;
	durationSeconds: number;
	loadAverage: { start: number[]; end: number[] };
	/** Share of all cores that processes other than this bench (and its n8n runs) used during the rounds: 0 on a quiet machine. */
	otherProcessesCpuShare: number;
	sandbox: { volume: Record<string, number>; pageSize: { default: number; max: number } };
	/** `n8n execute` of a Manual Trigger alone, each round. */
	idle: { peakRssMb: number[]; medianPeakRssMb: number; executionSeconds: number[] };
	comparisons: ComparisonResult[];
}

export interface N8nBenchResults {
	description: string;
	/** By runtime and pass (resultKey). */
	runtimes: Partial<Record<string, RuntimeResult>>;
}

/** A runtime's pass: `node20`, `node20+50ms`, or `node20+429above10` for the throttled pass (one per runtime, whatever its latency). */
export function resultKey(result: Pick<RuntimeResult, 'runtime' | 'latencyMs' | 'throttledAbove'>): string {
	if (result.throttledAbove) return `${result.runtime}+429above${result.throttledAbove}`;
	return `${result.runtime}${result.latencyMs > 0 ? `+${result.latencyMs}ms` : ''}`;
}

const DESCRIPTION =
	'Our nodes and n8n\'s HTTP Request node side by side in a real n8n (n8n execute), against the sandbox. ' +
	'Seconds: sum of runData executionTime of the nodes doing the work, n8n start-up excluded; ratio = ours / HTTP of the medians. ' +
	'Peak in flight: the most requests the sandbox had unanswered at once during the run. ' +
	'Peak RSS: VmHWM of the n8n execute process, polled every 20 ms.';

const FOLDER = (root: string) => path.join(root, 'bench');

function readJson(file: string): Record<string, unknown> {
	return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/**
 * Merge one runtime's results into bench/results.json (key `n8n`) and redraw the section of
 * bench/RESULTS.md. Comparisons not run this time (`--only`) keep their last figures.
 */
export function saveResults(packageRoot: string, result: RuntimeResult, order: string[]): N8nBenchResults {
	const folder = FOLDER(packageRoot);
	fs.mkdirSync(folder, { recursive: true });
	const jsonFile = path.join(folder, 'results.json');
	const all = readJson(jsonFile);
	const previous = (all.n8n as N8nBenchResults | undefined)?.runtimes?.[resultKey(result)];
	const comparisons = order
		.map((key) => result.comparisons.find((entry) => entry.key === key) ?? previous?.comparisons.find((entry) => entry.key === key))
		.filter((entry): entry is ComparisonResult => entry !== undefined);
	const n8n: N8nBenchResults = {
		description: DESCRIPTION,
		runtimes: { ...((all.n8n as N8nBenchResults | undefined)?.runtimes ?? {}), [resultKey(result)]: { ...result, comparisons } },
	};
	fs.writeFileSync(jsonFile, `${JSON.stringify({ ...all, n8n }, null, 2)}\n`);

	const mdFile = path.join(folder, 'RESULTS.md');
	const markdown = fs.existsSync(mdFile) ? fs.readFileSync(mdFile, 'utf8') : '# Benchmark results\n';
	fs.writeFileSync(mdFile, `${withoutSection(markdown).trimEnd()}\n\n${renderSection(n8n)}`);
	return n8n;
}

/** The file without this bench's section (from its heading to the next `## ` heading or the end). */
function withoutSection(markdown: string): string {
	const start = markdown.indexOf(SECTION_HEADING);
	if (start === -1) return markdown;
	const next = markdown.indexOf('\n## ', start + SECTION_HEADING.length);
	return markdown.slice(0, start) + (next === -1 ? '' : markdown.slice(next + 1));
}

/** A figure measured: results.json keeps NaN (a failed run's time, a ratio to it) as null. */
const measured = (value: number | null | undefined): value is number => typeof value === 'number' && !Number.isNaN(value);
const seconds = (value: number | null) => (measured(value) ? value.toFixed(2) : 'failed');
const variantSeconds = (variant: VariantResult, rounds: number) => {
	if (!variant.failedRounds) return seconds(variant.median.nodesSeconds);
	const failure = `failed in ${variant.failedRounds} of ${rounds} rounds: ${variant.failure ?? ''}`;
	return measured(variant.median.nodesSeconds) ? `${seconds(variant.median.nodesSeconds)} (${failure})` : failure;
};
const ratio = (value: number | null | undefined) => (measured(value) ? value.toFixed(2) : '–');
const requests = (variant: VariantResult) => `${variant.median.requests}${variant.median.throttled ? ` (+${variant.median.throttled} 429)` : ''}`;
const verdict = (value: boolean | null | undefined) => (value === null || value === undefined ? '–' : value ? 'yes' : '**no**');
// Results saved before the peak was measured have none.
const peak = (variant: VariantResult) => (variant.median.peakInFlight === undefined ? '–' : String(variant.median.peakInFlight));
const goal = (value: number | null | undefined) => (value === null || value === undefined ? 'measured' : `≤ ${value}`);

/** Behind a throttling tenant: the HTTP Request node as added, and ours at Parallel Requests 10 against the default budget. */
function throttledCells(row: ComparisonResult, rounds: number): string[] {
	const asAdded = row.unbatched ? `${variantSeconds(row.unbatched, rounds)}; ${requests(row.unbatched)} requests, peak ${peak(row.unbatched)} in flight` : '–';
	const fixed = row.fixed ? `${variantSeconds(row.fixed, rounds)}; ${requests(row.fixed)} requests, peak ${peak(row.fixed)} in flight` : '–';
	return [asAdded, fixed, ratio(row.fixedRatio), row.fixed ? goal(row.fixedGoal) : '–', verdict(row.fixedMet)];
}

/** What each Create left in the sandbox, every round: notes and their distinct external IDs (equal: nothing written twice). */
function writeLines(result: RuntimeResult): string[] {
	const lines: string[] = [];
	for (const row of result.comparisons) {
		const variants = [row.ours, row.fixed, row.http, row.unbatched].filter((variant): variant is VariantResult => variant?.rounds.some((figure) => figure.written) === true);
		if (variants.length === 0) continue;
		const census = (variant: VariantResult) =>
			`${variant.label}: ${variant.rounds.map((figure) => (figure.written ? `${figure.written.notes} notes / ${figure.written.externalIds} external IDs${figure.failed ? ' (run failed)' : ''}` : '–')).join(', ')}`;
		lines.push(`- ${row.name}, notes in the sandbox after each round / their distinct external IDs: ${variants.map(census).join('; ')}.`);
	}
	return lines.length > 0 ? ['', ...lines] : [];
}

export function renderSection(results: N8nBenchResults): string {
	const lines = [
		SECTION_HEADING,
		'',
		"Our nodes and n8n's own HTTP Request node side by side in a real n8n (`n8n execute` with our packed package installed like a user does), " +
			'against the sandbox in the bench process (10,000 sales notes, 10,000 blacklist entries, pages of at most 100). ' +
			'Time: median over the rounds of the `executionTime` n8n records for the nodes doing the work (ours: our node; HTTP: HTTP Request, plus Split Out for Return All), ' +
			'n8n start-up excluded; the whole execution (startedAt..stoppedAt) beside it. Ratio = ours / HTTP, lower is better. ' +
			`Our nodes run with their default Parallel Requests (the adaptive budget, up to 64) unless the case names a number. ` +
			'The two variants of a case alternate (round 1 ours first, round 2 HTTP first, …). ' +
			'Requests: those the sandbox served, then those it answered 429. Peak in flight: the most requests the sandbox had unanswered at once during the run (HTTP / ours; a request it answered 429 counts while it is answered, so a tenant throttling above 10 sees at most 11); with 1 ms answers the sandbox has answered most requests before the next arrives, so the peak there says little. ' +
			'Peak RSS: VmHWM of the `n8n execute` process (polled every 20 ms), in brackets above an idle `n8n execute` of a Manual Trigger alone. ' +
			'Each runtime is measured with the sandbox answering as fast as it can on this machine (about 1 ms; n8n and the sandbox then share the 2 cores, so the run is CPU-bound), with 50 ms and 150 ms added to every answer, as from a tenant across a network, ' +
			'and behind a tenant that answers in 50 ms and 429 above 10 requests in flight, as a throttled tenant does (the sandbox\'s pace switch). ' +
			'Goals: with 50 ms and 150 ms answers every case at most the HTTP Request node\'s time and Return All at most 0.3 of it; behind the throttling tenant every run completes, nothing is written twice and the default budget takes at most 1.5 times our run at Parallel Requests 10. ' +
			'Run: `npm run bench:n8n` (`-- --runtime node24|both`, `--rounds N`, `--only <word>`, `--latency 0,50,150` (the default), `--throttle 10` (the default; 0 leaves it out), `--profile`).',
	];
	// By pass (1 ms, 50 ms, 150 ms, then behind the throttling tenant), each runtime in turn.
	const passOrder = (result: RuntimeResult) => (result.throttledAbove === undefined ? result.latencyMs : Number.MAX_SAFE_INTEGER);
	const ordered = Object.values(results.runtimes)
		.filter((result): result is RuntimeResult => result !== undefined)
		.sort((a, b) => passOrder(a) - passOrder(b) || a.runtime.localeCompare(b.runtime));
	for (const result of ordered) {
		const throttled = result.throttledAbove !== undefined;
		lines.push(
			'',
			`### ${result.runtime}: n8n ${result.n8nVersion}, Node ${result.nodeVersion}, HTTP Request node v${result.httpRequestNodeVersion}` +
				(result.latencyMs > 0 ? `; every answer ${result.latencyMs} ms later (a tenant across a network)` : '; answers as fast as the sandbox on this machine gives them') +
				(throttled
					? `; the tenant answers 429 (Retry-After: 1) above ${result.throttledAbove} requests in flight, and the HTTP Request node has Batching ${result.throttledAbove} items per 100 ms, as a user must set it there; beside it the HTTP Request node as added (no Batching), and ours at Parallel Requests 10`
					: ''),
			'',
			`${result.rounds} round${result.rounds === 1 ? '' : 's'}, ${result.date}, ${Math.round(result.durationSeconds)} s in all; load average ${result.loadAverage.start[0].toFixed(2)} at the start; other processes used ${(result.otherProcessesCpuShare * 100).toFixed(0)} % of the CPU during the rounds. ` +
				`Idle \`n8n execute\`: peak RSS ${result.idle.medianPeakRssMb} MB.`,
			'',
			'| case | HTTP Request node median s | ours median s | ratio | goal | met | requests HTTP / ours | peak in flight HTTP / ours | whole execution s HTTP / ours | peak RSS MB HTTP / ours (above idle) |' +
				(throttled ? ' HTTP Request node as added (no Batching) s | ours at Parallel Requests 10 s | ours / ours at 10 | goal | met |' : ''),
			'|---|---|---|---|---|---|---|---|---|---|' + (throttled ? '---|---|---|---|---|' : ''),
		);
		for (const row of result.comparisons) {
			const idle = result.idle.medianPeakRssMb;
			const rss = (variant: VariantResult) => variant.median.peakRssMb;
			const memory =
				`${rss(row.http)} / ${rss(row.ours)} (+${(rss(row.http) - idle).toFixed(0)} / +${(rss(row.ours) - idle).toFixed(0)})` +
				(row.memoryMet === null ? '' : `, ours ≤ HTTP: ${verdict(row.memoryMet)}`);
			const cells = [
				row.name,
				variantSeconds(row.http, result.rounds),
				variantSeconds(row.ours, result.rounds),
				ratio(row.ratio),
				goal(row.goal),
				// The HTTP Request node failed and ours completed: ours took less than a run that never finished.
				row.met && !measured(row.ratio) ? 'yes (HTTP failed)' : verdict(row.met),
				`${requests(row.http)} / ${requests(row.ours)}`,
				`${peak(row.http)} / ${peak(row.ours)}`,
				`${seconds(row.http.median.executionSeconds)} / ${seconds(row.ours.median.executionSeconds)}`,
				memory,
				...(throttled ? throttledCells(row, result.rounds) : []),
			];
			lines.push(`| ${cells.join(' | ')} |`);
		}
		lines.push(...writeLines(result));
	}
	return `${lines.join('\n')}\n`;
}
