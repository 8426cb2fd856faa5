/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * Child processes for the e2e driver: every process is started in its own process group so
 * that it can be stopped together with its children (n8n's task runner), every process is
 * tracked until it exits, and whatever is still running when the test process exits is killed.
 */
import { spawn, type ChildProcess } from 'child_process';
import { constants as osConstants } from 'os';

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Kill the process group after this many ms. Default 120 s. */
	timeoutMs?: number;
}

export interface RunResult {
	command: string;
	/** Exit code; a process killed by a signal gets 128 + signal number (as a shell reports it, e.g. 139 for SIGSEGV). */
	exitCode: number;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

const live = new Set<ChildProcess>();

/** Signal a whole process group; false when the group no longer exists. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): boolean {
	if (!pid) return false;
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

/** True while any process of the group started as `pid` is alive. */
export function groupAlive(pid: number | undefined): boolean {
	if (!pid) return false;
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

let exitHookInstalled = false;
function installExitHook(): void {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// Last resort (test process ends while something still runs): only synchronous work is possible here.
	process.on('exit', killAllTracked);
	// The children run in their own sessions, so a Ctrl-C in the terminal does not reach them:
	// kill them, then die of the same signal as without this handler.
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		const onSignal = (): void => {
			killAllTracked();
			process.removeListener(signal, onSignal);
			process.kill(process.pid, signal);
		};
		process.on(signal, onSignal);
	}
}

/** Start a long-running process in its own process group and track it. */
export function spawnTracked(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): ChildProcess {
	installExitHook();
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env,
		detached: true,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	live.add(child);
	child.once('exit', () => live.delete(child));
	child.once('error', () => live.delete(child));
	return child;
}

/** Kill every tracked process group (SIGKILL). For afterAll hooks; servers should be stopped with their stop(). */
export function killAllTracked(): void {
	for (const child of live) killGroup(child.pid, 'SIGKILL');
}

export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
	if (code !== null) return code;
	if (signal) return 128 + (osConstants.signals[signal] ?? 0);
	return -1;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Wait for `promise` at most `ms`; true if it settled in time. The timer never outlives the wait. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), ms);
	});
	try {
		return await Promise.race([promise.then(() => true, () => true), timeout]);
	} finally {
		clearTimeout(timer);
	}
}

/**
 * Run a command to completion and collect its output. Never rejects for a non-zero exit; rejects
 * only when the command cannot be started. On timeout the whole process group is killed.
 * Children left behind by the command (e.g. a task runner) are killed when it exits.
 */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const timeoutMs = options.timeoutMs ?? 120_000;
	const printable = [command, ...args].join(' ');
	return new Promise((resolve, reject) => {
		let child: ChildProcess;
		try {
			child = spawnTracked(command, args, { cwd: options.cwd, env: options.env });
		} catch (error) {
			reject(error);
			return;
		}
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGTERM');
			setTimeout(() => killGroup(child.pid, 'SIGKILL'), 3_000).unref();
		}, timeoutMs);
		child.once('error', (error) => {
			clearTimeout(timer);
			reject(new Error(`cannot start ${printable}: ${error.message}`));
		});
		child.once('close', (code, signal) => {
			clearTimeout(timer);
			killGroup(child.pid, 'SIGKILL');
			resolve({
				command: printable,
				exitCode: exitCodeOf(code, signal),
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				timedOut,
			});
		});
		child.stdin?.end();
	});
}

/** Like run(), but throws (with the output tail) unless the command exits 0. */
export async function runOk(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const result = await run(command, args, options);
	if (result.exitCode !== 0) {
		throw new Error(
			`${result.command} failed (exit ${result.exitCode}${result.timedOut ? ', timed out' : ''})\n` +
				`--- stdout (tail) ---\n${tail(result.stdout)}\n--- stderr (tail) ---\n${tail(result.stderr)}`,
		);
	}
	return result;
}

export function tail(text: string, lines = 40): string {
	return text.split('\n').slice(-lines).join('\n');
}
