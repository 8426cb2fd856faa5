/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * One `n8n execute` measured: the run JSON it prints (the nodes' own executionTime, the whole
 * execution's startedAt..stoppedAt) and the peak resident memory of the n8n process.
 *
 * The driver's run() hides the child's pid, so the process is started here with the same
 * environment (the instance's env(), its own broker port) and process group handling.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { extractJsonObject, freePort, isRunJson, killGroup, spawnTracked, tail, type N8nInstance, type NodeItem, type RunJson } from '../../e2e/lib';

export interface ExecuteMeasured {
	run: RunJson | undefined;
	succeeded: boolean;
	exitCode: number | null;
	stdout: string;
	stderr: string;
	/** Spawn to exit, n8n start-up included. */
	wallMs: number;
	/** Highest VmHWM read from /proc/<pid>/status while the process ran, in KiB. */
	peakRssKb: number;
	/** CPU seconds of the n8n process at its last reading (to tell this bench's load from other processes'). */
	cpuSeconds: number;
}

const POLL_MS = 20;

/** /proc reports CPU times in USER_HZ ticks, 100 a second on Linux x86. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, or undefined once it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after the command name (in parentheses, which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
	} catch {
		return undefined;
	}
}

/** CPU seconds every core of the machine spent busy (not idle, not waiting for I/O) since boot. */
export function machineBusySeconds(): number {
	const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
	const [user, nice, system, , , irq, softirq, steal] = ticks;
	return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** VmHWM (the process's resident high-water mark) in KiB, or undefined once the process is gone. */
function highWaterMark(pid: number): number | undefined {
	try {
		const found = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return found ? Number(found[1]) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * `n8n execute --id=<id> --rawOutput` on the instance, polling the process's VmHWM every 20 ms.
 * VmHWM only grows, so the last reading is the peak up to then; what the process adds in the
 * last few milliseconds before it exits (after the run JSON is printed) can be missed.
 * `nodeArgs` go to Node before n8n's script (e.g. --cpu-prof: the env builder drops NODE_OPTIONS).
 *
 * n8n's standard output goes to a file, not a pipe: n8n calls process.exit() about 100 ms after
 * printing the run JSON, and through a pipe whatever Node had not written by then is lost (seen in
 * every run of the HTTP variant of Return All: the JSON cut off mid-record after 98 MB), while a
 * write to a file is complete when it returns.
 */
export async function executeMeasured(n8n: N8nInstance, workflowId: string, options: { nodeArgs?: string[]; timeoutMs?: number } = {}): Promise<ExecuteMeasured> {
	const env = n8n.env({ brokerPort: await freePort() });
	const outFile = path.join(n8n.workDir, `execute-${workflowId}-${Date.now()}.out`);
	const command = [n8n.runtime.nodeBin, ...(options.nodeArgs ?? []), n8n.runtime.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'];
	const started = process.hrtime.bigint();
	// exec: the shell becomes n8n, so the pid polled (and the process group) is n8n's own.
	const child = spawnTracked('/bin/sh', ['-c', 'out="$1"; shift; exec "$@" > "$out"', 'sh', outFile, ...command], { cwd: n8n.workDir, env });
	child.stdin?.end();
	const pid = child.pid;
	if (!pid) throw new Error(`n8n execute --id=${workflowId} did not start`);
	let peakRssKb = 0;
	let cpuSeconds = 0;
	const poll = (): void => {
		const reading = highWaterMark(pid);
		if (reading !== undefined && reading > peakRssKb) peakRssKb = reading;
		cpuSeconds = cpuSecondsOf(pid) ?? cpuSeconds;
	};
	const sampler = setInterval(poll, POLL_MS);
	const err: Buffer[] = [];
	child.stdout?.resume();
	child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
	const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), options.timeoutMs ?? 600_000);
	const exitCode = await new Promise<number | null>((resolve, reject) => {
		child.once('error', reject);
		child.once('close', (code) => resolve(code));
	}).finally(() => {
		clearInterval(sampler);
		clearTimeout(timer);
		// A task runner or anything else the run left behind.
		killGroup(pid, 'SIGKILL');
	});
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const stdout = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
	fs.rmSync(outFile, { force: true });
	const stderr = Buffer.concat(err).toString('utf8');
	const parsed = extractJsonObject(stdout);
	const run = isRunJson(parsed) ? parsed : undefined;
	// Judged by the JSON, not the exit code: node24's n8n may exit 139 after a complete result.
	const succeeded = run !== undefined && !run.data.resultData.error && (run.status === undefined || run.status === 'success');
	return { run, succeeded, exitCode, stdout, stderr, wallMs, peakRssKb, cpuSeconds };
}

/** Throws with n8n's error and the output's tail unless the run succeeded. */
export function assertSucceeded(result: ExecuteMeasured, what: string): RunJson {
	if (result.succeeded && result.run) return result.run;
	const error = result.run?.data.resultData.error;
	// The output can be tens of MB: kept whole for reading, only its tail shown.
	const kept = path.join(os.tmpdir(), `bench-n8n-failed-${process.pid}-${Date.now()}.log`);
	fs.writeFileSync(kept, `--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
	throw new Error(
		`${what}: n8n execute did not succeed (exit ${result.exitCode}, ${result.run ? `status ${result.run.status}` : 'no run JSON found in its output'})` +
			(error ? `: ${error.message ?? JSON.stringify(error)}` : '') +
			`\n--- stdout (tail) ---\n${tail(result.stdout.slice(-5_000), 20)}\n--- stderr (tail) ---\n${tail(result.stderr)}\n(all of the output: ${kept})`,
	);
}

/** Sum of `executionTime` (ms) over every run of the named nodes; throws if one did not run. */
export function nodesExecutionMs(run: RunJson, nodeNames: string[]): number {
	let total = 0;
	for (const name of nodeNames) {
		const tasks = run.data.resultData.runData[name];
		if (!tasks || tasks.length === 0) throw new Error(`node "${name}" did not run`);
		for (const task of tasks) total += task.executionTime ?? 0;
	}
	return total;
}

/** startedAt..stoppedAt of the execution in ms (n8n's own clock; start-up excluded). */
export function executionMs(run: RunJson): number {
	if (!run.startedAt || !run.stoppedAt) throw new Error('the run JSON has no startedAt/stoppedAt');
	return Date.parse(run.stoppedAt) - Date.parse(run.startedAt);
}

/** Every output item (json) of a node's runs, output 0. */
export function outputItems(run: RunJson, nodeName: string): NodeItem['json'][] {
	const tasks = run.data.resultData.runData[nodeName] ?? [];
	return tasks.flatMap((task) => (task.data?.main?.[0] ?? []).map((item) => item.json));
}

export function median(values: number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function megabytes(kib: number): number {
	return Math.round((kib / 1024) * 10) / 10;
}
