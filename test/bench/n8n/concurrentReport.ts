/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * What `npm run bench:n8n -- --concurrent` keeps: bench/concurrent.json (every round, by label and
 * runtime) and bench/CONCURRENT.md, drawn from it whole at each save.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { RuntimeName } from '../../e2e/lib';
import { CONCURRENT_LATENCY_MS, laterShare, type LoadFigures } from './concurrentCases';

/** One round of a case: K executions of one workflow at once. */
export interface RoundResult extends LoadFigures {
	round: number;
	/** From the first webhook call to the last answer. */
	wallSeconds: number;
	floorRatio: number;
	/** Each execution's time to its webhook's answer, from the common start. */
	executionSeconds: number[];
	complete: number;
	failed: number;
	/** The distinct failures, counted: the errors n8n saved of the executions, else the webhook's answers or the calls' errors. */
	failures?: string[];
}

/** A tenant and a node over the rounds: median time and load, summed executions, the longest queue of any round. */
export interface CaseResult extends LoadFigures {
	tenant: string;
	tenantName: string;
	side: 'ours' | 'http';
	floorSeconds: number;
	wallSeconds: number;
	floorRatio: number;
	complete: number;
	failed: number;
	/** Ours only: the issue's target, and whether the worst round met it. */
	target: string | null;
	met: boolean | null;
	missed?: string[];
	rounds: RoundResult[];
}

export interface ConcurrentResult {
	label: string;
	runtime: RuntimeName;
	n8nVersion: string;
	nodeVersion: string;
	httpRequestNodeVersion: number;
	date: string;
	/** The commit measured (short hash). */
	commit: string;
	executions: number;
	items: number;
	rounds: number;
	durationSeconds: number;
	loadAverage: { start: number[]; end: number[] };
	otherProcessesCpuShare: number;
	cases: CaseResult[];
}

interface ConcurrentFile {
	description: string;
	/** By `<label> <runtime>`. */
	results: Record<string, ConcurrentResult>;
}

const DESCRIPTION =
	'K executions of one production workflow (Webhook -> prospect IDs -> Prospect Get) at once in a running n8n, our node beside the HTTP Request node, ' +
	'against tenants answering in 50 ms; wall time from the first webhook call to the last answer; floor = all requests at the tenant\'s capacity.';

export function saveConcurrent(packageRoot: string, result: ConcurrentResult): void {
	const folder = path.join(packageRoot, 'bench');
	fs.mkdirSync(folder, { recursive: true });
	const jsonFile = path.join(folder, 'concurrent.json');
	const previous = fs.existsSync(jsonFile) ? (JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as ConcurrentFile) : undefined;
	const file: ConcurrentFile = { description: DESCRIPTION, results: { ...(previous?.results ?? {}), [`${result.label} ${result.runtime}`]: result } };
	fs.writeFileSync(jsonFile, `${JSON.stringify(file, null, 2)}\n`);
	fs.writeFileSync(path.join(folder, 'CONCURRENT.md'), renderConcurrent(file));
}

const verdict = (met: boolean | null) => (met === null ? 'measured' : met ? 'met' : '**not met**');

export function renderConcurrent(file: ConcurrentFile): string {
	const lines = [
		'# Concurrent executions against one tenant (npm run bench:n8n -- --concurrent)',
		'',
		'Issue 48: several executions of the n8n process meeting one tenant at once. K executions of one production workflow ' +
			'(Webhook → a Set of the prospect IDs → Split Out → Prospect Get, one request per item) are started together through their production webhooks ' +
			'in a running `n8n start` with our packed package installed as a user does; our node (default settings) beside n8n\'s HTTP Request node ' +
			'(with the Batching a careful user sets for one execution: 10 per 100 ms for the tenant throttling above 10 in flight, 100 per 1,000 ms for the rate; as added for the workers). ' +
			`Every tenant answers in ${CONCURRENT_LATENCY_MS} ms and is its own sandbox (its own Base URL), with the sandbox's pace switches (test/sandbox/server/pace.ts): ` +
			'(a) 429 with Retry-After 1 to a request arriving while 10 are unanswered; (b) DRF\'s rate throttle, 100 requests per second, Retry-After until the oldest leaves the window; ' +
			'(c) 8 workers, the rest waiting in a queue, never refused; (d) no limit.',
		'',
		'Wall: from the first webhook call to the last answer (median over the rounds). Floor: all requests at the tenant\'s capacity ' +
			'((a) requests / 10 at once × 50 ms; (b) requests / 100 a second; (c) requests / 8 × 50 ms; (d) as (a)). ' +
			'(d) is a reference, no target: ours kept to 10 at once by the credential\'s Max Requests at Once (the HTTP Request node as added), so its time past the floor is n8n\'s own work per request at 10 lanes, which (a) pays too. ' +
			'Complete / failed: executions whose webhook answered every prospect / an error, over all rounds. ' +
			'Requests: served, then answered 429, and the share of those arriving a second or more after the first 429 that were answered 429 (the issue\'s target for the rate counts from there). Peak in flight: the most requests the tenant had unanswered at once (queued ones count). ' +
			'Longest queue: the most requests waiting for a worker at once, and the longest wait. Targets (ours): the issue\'s, judged on the worst round. ' +
			'An n8n start-up, an activation and a warm-up execution of each node (20 items) come before the rounds and are not counted. ' +
			'Each heading says how busy the machine was: where other processes took much of the CPU, read the times as upper bounds; the requests, 429s, peaks and queues depend on the pace more than on the machine.',
		'',
		'Run: `npm run bench:n8n -- --concurrent` (`--runtime node24|both`, `--rounds N` (default 1), `--executions K` (default 4), `--items N` (default 500), `--only throttle|rate|workers|capped`, `--label before`).',
	];
	const results = Object.values(file.results).sort((a, b) => a.date.localeCompare(b.date) || a.runtime.localeCompare(b.runtime));
	for (const result of results) {
		lines.push(
			'',
			`## ${result.label}: ${result.runtime}, n8n ${result.n8nVersion}, Node ${result.nodeVersion}, HTTP Request node v${result.httpRequestNodeVersion}`,
			'',
			`${result.executions} executions of ${result.items} items at once, ${result.rounds} round${result.rounds === 1 ? '' : 's'}; ${result.date}, commit ${result.commit}; ` +
				`${Math.round(result.durationSeconds)} s in all; load average ${result.loadAverage.start.map((load) => load.toFixed(2)).join(' ')} at the start, ` +
				`${result.loadAverage.end.map((load) => load.toFixed(2)).join(' ')} at the end; other processes used ${(result.otherProcessesCpuShare * 100).toFixed(0)} % of the CPU during the rounds (2 cores).`,
			'',
			'| tenant | node | wall s | floor s | × floor | complete / failed | requests (+429) | peak in flight | longest queue (wait) | target | |',
			'|---|---|---|---|---|---|---|---|---|---|---|',
		);
		for (const entry of result.cases) {
			const cells = [
				entry.tenantName,
				entry.side === 'ours' ? 'ours' : 'HTTP Request',
				entry.wallSeconds.toFixed(2),
				entry.floorSeconds.toFixed(1),
				entry.floorRatio.toFixed(2),
				`${entry.complete} / ${entry.failed}`,
				`${entry.requests} (+${entry.throttled}${entry.throttled > 0 && entry.laterRequests !== undefined ? `; ${(laterShare(entry) * 100).toFixed(1)} % after the first throttled second` : ''})`,
				String(entry.peakInFlight),
				entry.longestQueue > 0 ? `${entry.longestQueue} (${entry.longestWaitMs} ms)` : '–',
				entry.target ?? '–',
				verdict(entry.met) + (entry.missed ? `: ${entry.missed.join('; ')}` : ''),
			];
			lines.push(`| ${cells.join(' | ')} |`);
		}
		const failures = result.cases.flatMap((entry) =>
			entry.rounds.filter((round) => round.failures).map((round) => `${entry.tenantName}, ${entry.side}, round ${round.round}: ${round.failures!.join('; ')}`),
		);
		if (failures.length > 0) lines.push('', 'Why executions failed (the errors n8n saved):', '', ...failures.map((failure) => `- ${failure.replace(/\|/g, '\\|')}`));
	}
	return `${lines.join('\n')}\n`;
}
