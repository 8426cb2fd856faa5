/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * `n8n webhook` and `n8n worker` of queue mode, driven from a test: started in their own process
 * group from their own user folder, readiness polled on their HTTP endpoint, every log line kept
 * (a worker's log is the only record of which worker ran an execution), stopped by process group.
 * The main process is the e2e driver's N8nServer (`n8n start`).
 */
import type { ChildProcess } from 'child_process';
import { createWriteStream, type WriteStream } from 'fs';
import { join } from 'path';
import { groupAlive, http, killGroup, settlesWithin, sleep, spawnTracked, type HttpOptions, type HttpResponse, type N8nInstance } from '../../e2e/lib';

export type QueueRole = 'webhook' | 'worker';

export interface QueueProcessOptions {
	role: QueueRole;
	/** Names the process in logs and reports, e.g. "worker-1". */
	name: string;
	instance: N8nInstance;
	/** The port readiness is polled on: N8N_PORT of the webhook process, QUEUE_HEALTH_CHECK_PORT of a worker. */
	port: number;
	brokerPort: number;
	env: Record<string, string | undefined>;
	readyTimeoutMs?: number;
}

export class QueueProcess {
	readonly lines: string[] = [];
	/** Every process id this process had (a restart adds one). */
	readonly pids: number[] = [];
	readonly logFile: string;
	readonly baseUrl: string;
	private child: ChildProcess | undefined;
	private log: WriteStream | undefined;
	private exitPromise: Promise<void> = Promise.resolve();
	private exited = true;

	constructor(readonly options: QueueProcessOptions) {
		this.logFile = join(options.instance.workDir, `n8n-${options.name}.log`);
		this.baseUrl = `http://127.0.0.1:${options.port}`;
	}

	get name(): string {
		return this.options.name;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	get running(): boolean {
		return !this.exited;
	}

	/** Starts the process (again, after stop()) and waits until it answers /healthz/readiness. */
	async start(): Promise<void> {
		const { instance, role, port, brokerPort } = this.options;
		const env = instance.env({ brokerPort, port: role === 'webhook' ? port : undefined, extra: this.options.env });
		this.log = createWriteStream(this.logFile, { flags: 'a' });
		const child = spawnTracked(instance.runtime.nodeBin, [instance.runtime.n8nBin, role], { cwd: instance.workDir, env });
		child.stdin?.end();
		this.child = child;
		if (child.pid) this.pids.push(child.pid);
		this.exited = false;
		this.exitPromise = new Promise((resolve) => {
			child.once('exit', () => {
				this.exited = true;
				resolve();
			});
			child.once('error', (error) => {
				this.lines.push(`spawn error: ${error.message}`);
				this.exited = true;
				resolve();
			});
		});
		const log = this.log;
		const collect = (chunk: Buffer): void => {
			log.write(chunk);
			for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(line);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
		try {
			await this.waitForReady(this.options.readyTimeoutMs ?? 120_000);
		} catch (error) {
			await this.stop();
			throw error;
		}
	}

	failure(message: string): Error {
		return new Error(`${message} [${this.name}, ${this.baseUrl}, log ${this.logFile}]\n--- log (tail) ---\n${this.lines.slice(-60).join('\n')}`);
	}

	private async waitForReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure(`n8n ${this.options.role} exited before it was ready`);
			try {
				const response = await http<{ status?: string }>(`${this.baseUrl}/healthz/readiness`, { timeoutMs: 5_000 });
				if (response.status === 200 && response.body.status === 'ok') return;
			} catch {
				// not listening yet
			}
			await sleep(250);
		}
		throw this.failure(`not ready after ${timeoutMs} ms`);
	}

	/** URL of a production webhook served by this (webhook) process. */
	webhookUrl(path: string): string {
		return `${this.baseUrl}/webhook/${path.replace(/^\/+/, '')}`;
	}

	/**
	 * Waits until a production webhook answers as registered, probing with PATCH: n8n answers
	 * "not registered for PATCH requests. Did you mean to make a POST request?" from the
	 * registration alone, without running anything.
	 */
	async waitForWebhook(path: string, timeoutMs = 60_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let last = '';
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure(`exited while waiting for webhook ${path}`);
			const response = await http<{ message?: string }>(this.webhookUrl(path), { method: 'PATCH', timeoutMs: 5_000 }).catch(() => undefined);
			if (response) {
				const message = typeof response.body === 'object' && response.body ? String(response.body.message ?? '') : response.text;
				if (/Did you mean to make a POST request/.test(message)) return;
				last = `${response.status} ${message.slice(0, 200)}`;
			}
			await sleep(250);
		}
		throw this.failure(`webhook POST ${path} not registered after ${timeoutMs} ms (last answer: ${last})`);
	}

	async callWebhook<T = unknown>(path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
		return http<T>(this.webhookUrl(path), { method: 'POST', timeoutMs: 120_000, ...options });
	}

	/** Ids of the executions this (worker) process started, from its log: "Worker started execution N (job M)". */
	startedExecutions(): string[] {
		return this.lines.map((line) => /Worker started execution (\d+) \(job/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
	}

	/**
	 * SIGTERM (n8n's graceful shutdown), then SIGKILL to the whole process group (the task runner
	 * too) after `graceMs`: the webhook process can wait 20 s and more for executions it handed to
	 * the queue. Resolves when the group is gone.
	 */
	async stop(graceMs = 20_000): Promise<{ graceful: boolean; ms: number }> {
		const started = Date.now();
		const pid = this.child?.pid;
		let graceful = true;
		if (!this.exited && pid) {
			try {
				process.kill(pid, 'SIGTERM');
			} catch {
				// already gone
			}
			graceful = await settlesWithin(this.exitPromise, graceMs);
		}
		killGroup(pid, 'SIGKILL');
		const deadline = Date.now() + 10_000;
		while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
		await settlesWithin(this.exitPromise, 5_000);
		const log = this.log;
		this.log = undefined;
		if (log) await new Promise<void>((resolve) => log.end(() => resolve()));
		return { graceful, ms: Date.now() - started };
	}
}
