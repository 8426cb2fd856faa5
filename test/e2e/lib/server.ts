/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * An n8n process driven from a test (`n8n start`, or queue mode's `n8n webhook` / `n8n worker`):
 * bound to 127.0.0.1 on a free port, readiness and webhook registration polled, owner + API key
 * created through the REST endpoints the UI uses, and the public API (/api/v1) for executions and
 * activation. stop() ends the whole process group (n8n and its task runner).
 */
import type { ChildProcess } from 'child_process';
import { createWriteStream, type WriteStream } from 'fs';
import { request } from 'undici';
import { groupAlive, killGroup, settlesWithin, sleep, spawnTracked } from './proc';
import type { ApiExecution } from './run-data';
import type { WorkflowFixture } from './fixtures';
import type { N8nRuntime } from './runtime';

export interface StartServerOptions {
	command?: N8nCommand;
	/** Default: the command. */
	name?: string;
	/** N8N_PORT, or a worker's health-check port. */
	port?: number;
	/** Extra environment for this server process (undefined removes a variable). */
	env?: Record<string, string | undefined>;
}

export const DEFAULT_OWNER = { email: 'owner@example.com', firstName: 'E2e', lastName: 'Owner', password: 'E2ePassw0rd!' };
export type OwnerAccount = typeof DEFAULT_OWNER;

/** Scopes asked for the API key: what the suites use (without an enterprise licence n8n grants the owner's scopes anyway). */
const API_KEY_SCOPES = ['workflow:read', 'workflow:activate', 'workflow:deactivate', 'execution:read', 'execution:list'];

export interface HttpResponse<T = unknown> {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON when the body is JSON, else the text. */
	body: T;
	text: string;
}

export interface HttpOptions {
	method?: string;
	headers?: Record<string, string>;
	/** Sent as JSON unless it is a string. */
	body?: unknown;
	timeoutMs?: number;
}

/** One HTTP request with undici; never throws for an HTTP status, only for network errors/timeouts. */
export async function http<T = unknown>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
	const headers: Record<string, string> = { ...options.headers };
	let body: string | undefined;
	if (options.body !== undefined) {
		if (typeof options.body === 'string') body = options.body;
		else {
			body = JSON.stringify(options.body);
			headers['content-type'] ??= 'application/json';
		}
	}
	const timeout = options.timeoutMs ?? 30_000;
	const response = await request(url, {
		method: options.method ?? (body === undefined ? 'GET' : 'POST'),
		headers,
		body,
		headersTimeout: timeout,
		bodyTimeout: timeout,
	});
	const text = await response.body.text();
	let parsed: unknown = text;
	const type = String(response.headers['content-type'] ?? '');
	if (type.includes('json') || /^\s*[[{]/.test(text)) {
		try {
			parsed = JSON.parse(text);
		} catch {
			parsed = text;
		}
	}
	return { status: response.statusCode, headers: response.headers, body: parsed as T, text };
}

/** The `n8n-auth=…` cookie a sign-in or owner setup answer sets, ready for a Cookie header. */
export function authCookie(response: HttpResponse): string | undefined {
	const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
	return cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie.startsWith('n8n-auth='));
}

export type N8nCommand = 'start' | 'webhook' | 'worker';

export interface ServerArgs {
	runtime: N8nRuntime;
	command: N8nCommand;
	/** Names the process in reports and errors, e.g. "worker-1". */
	name: string;
	env: NodeJS.ProcessEnv;
	cwd: string;
	/** Where readiness is polled: N8N_PORT, or a worker's QUEUE_HEALTH_CHECK_PORT. */
	port: number;
	logFile: string;
}

/** How a stop went: within the grace period (SIGTERM) or killed with its group. */
export interface StopReport {
	graceful: boolean;
	ms: number;
}

export interface ListExecutionsQuery {
	workflowId?: string;
	includeData?: boolean;
	limit?: number;
}

/** One n8n process (`n8n start`, `n8n webhook` or `n8n worker`), restartable on the same port and folder. */
export class N8nServer {
	readonly baseUrl: string;
	/** API key for /api/v1 (set by ensureApiKey). */
	apiKey: string | undefined;
	/** Every line n8n printed (stdout and stderr), across restarts: a worker's log is the only record of what it ran. */
	readonly lines: string[] = [];
	/** Every process id this server had (a restart adds one), each the leader of its own group. */
	readonly pids: number[] = [];
	private cookie: string | undefined;
	private child: ChildProcess | undefined;
	private log: WriteStream | undefined;
	private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	private exitPromise: Promise<void> = Promise.resolve();
	private stopping: Promise<StopReport> | undefined;

	constructor(private readonly args: ServerArgs) {
		this.baseUrl = `http://127.0.0.1:${args.port}`;
	}

	get name(): string {
		return this.args.name;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	get running(): boolean {
		return this.child !== undefined && this.exited === undefined;
	}

	/** Starts the process (again after stop()) and waits until it answers /healthz/readiness. */
	async start(): Promise<this> {
		const { runtime, command, cwd, env } = this.args;
		const log = createWriteStream(this.args.logFile, { flags: 'a' });
		const child = spawnTracked(runtime.nodeBin, [runtime.n8nBin, command], { cwd, env });
		child.stdin?.end();
		this.child = child;
		this.log = log;
		this.exited = undefined;
		this.stopping = undefined;
		if (child.pid) this.pids.push(child.pid);
		this.exitPromise = new Promise((resolve) => {
			child.once('exit', (code, signal) => {
				this.exited = { code, signal };
				resolve();
			});
			child.once('error', (error) => {
				this.lines.push(`spawn error: ${error.message}`);
				this.exited ??= { code: null, signal: null };
				resolve();
			});
		});
		const collect = (chunk: Buffer): void => {
			log.write(chunk);
			for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(line);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
		try {
			await this.waitForReady(120_000);
		} catch (error) {
			await this.stop();
			throw error;
		}
		return this;
	}

	/** Last lines n8n printed (stdout and stderr). */
	logTail(lines = 60): string {
		return this.lines.slice(-lines).join('\n');
	}

	private failure(message: string): Error {
		const state = this.exited ? ` (n8n exited: code ${this.exited.code}, signal ${this.exited.signal})` : '';
		return new Error(`${message}${state} [${this.args.runtime.name} ${this.name}, ${this.baseUrl}, log ${this.args.logFile}]\n--- n8n log (tail) ---\n${this.logTail()}`);
	}

	private async waitForReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure(`n8n ${this.args.command} exited before it was ready`);
			const response = await http<{ status?: string }>(`${this.baseUrl}/healthz/readiness`, { timeoutMs: 5_000 }).catch(() => undefined);
			if (response?.status === 200 && response.body.status === 'ok') return;
			await sleep(250);
		}
		throw this.failure(`n8n was not ready after ${timeoutMs} ms`);
	}

	/** URL of a production webhook (`/webhook/<path>`). */
	webhookUrl(path: string): string {
		return `${this.baseUrl}/webhook/${path.replace(/^\/+/, '')}`;
	}

	/**
	 * Wait until a production POST webhook is registered (workflows are activated a few seconds after
	 * readiness). A PATCH is answered from the registration alone, without an execution: "not
	 * registered for PATCH requests. Did you mean to make a POST request?" (OPTIONS cannot be used:
	 * it answers 204 whether or not the webhook exists.)
	 */
	async waitForWebhook(path: string, timeoutMs = 60_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let last = '';
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure(`n8n exited while waiting for webhook POST ${path}`);
			try {
				const response = await http<{ message?: string }>(this.webhookUrl(path), { method: 'PATCH', timeoutMs: 5_000 });
				const message = typeof response.body === 'object' && response.body ? String(response.body.message ?? '') : response.text;
				if (/Did you mean to make a (.*) request/.exec(message)?.[1].split(/, | or /).includes('POST')) return;
				last = `${response.status} ${message.slice(0, 200)}`;
			} catch (error) {
				last = String(error);
			}
			await sleep(250);
		}
		throw this.failure(`webhook POST ${path} not registered after ${timeoutMs} ms (last answer to PATCH: ${last})`);
	}

	/** POST (by default) to a production webhook; the answer may wait for a whole execution. */
	async callWebhook<T = unknown>(path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
		return http<T>(this.webhookUrl(path), { method: 'POST', timeoutMs: 120_000, ...options });
	}

	/** POST /rest/owner/setup on a fresh instance; keeps the auth cookie. */
	async setupOwner(owner: OwnerAccount = DEFAULT_OWNER): Promise<void> {
		// /healthz/readiness answers before the REST controllers are mounted: until then this
		// route is Express's 404 "Cannot POST /rest/owner/setup". Wait for it.
		const deadline = Date.now() + 60_000;
		let response = await http(`${this.baseUrl}/rest/owner/setup`, { method: 'POST', body: owner });
		while (response.status === 404 && response.text.includes('Cannot POST') && Date.now() < deadline && !this.exited) {
			await sleep(250);
			response = await http(`${this.baseUrl}/rest/owner/setup`, { method: 'POST', body: owner });
		}
		this.cookie = authCookie(response);
		if (response.status !== 200 || !this.cookie) throw this.failure(`owner setup failed: ${response.status} ${response.text.slice(0, 500)}`);
	}

	/** POST /rest/login as the owner (after a restart the cookie of the owner setup is gone); the cookie. */
	async login(owner: OwnerAccount = DEFAULT_OWNER): Promise<string> {
		const response = await http(`${this.baseUrl}/rest/login`, { method: 'POST', body: { emailOrLdapLoginId: owner.email, password: owner.password } });
		const auth = authCookie(response);
		if (response.status !== 200 || !auth) throw this.failure(`login failed: ${response.status} ${response.text.slice(0, 500)}`);
		this.cookie = auth;
		return auth;
	}

	/**
	 * What the editor sends for a manual run from one trigger (a polling trigger's Fetch Test Event):
	 * POST /rest/workflows/:id/run with the workflow and the trigger to start from; the execution's id.
	 */
	async runFromTrigger(workflow: WorkflowFixture, trigger: string): Promise<string> {
		const cookie = this.cookie ?? (await this.login());
		const response = await http<{ data?: { executionId?: string } }>(`${this.baseUrl}/rest/workflows/${workflow.id}/run`, {
			method: 'POST',
			headers: { cookie },
			body: { workflowData: workflow, triggerToStartFrom: { name: trigger } },
		});
		const id = response.body?.data?.executionId;
		if (response.status !== 200 || !id) throw this.failure(`manual run failed: ${response.status} ${response.text.slice(0, 500)}`);
		return String(id);
	}

	/** The credential's Test button: POST /rest/credentials/test with the owner's cookie; n8n's verdict. */
	async testCredential(credential: { id: string; name: string; type: string; data: Record<string, unknown> }): Promise<{ status: string; message: string }> {
		if (!this.cookie) await this.setupOwner();
		const response = await http<{ data?: { status: string; message: string } }>(`${this.baseUrl}/rest/credentials/test`, {
			method: 'POST',
			headers: { cookie: this.cookie! },
			body: { credentials: credential },
		});
		if (response.status !== 200 || !response.body?.data) throw this.failure(`credential test failed: ${response.status} ${response.text.slice(0, 500)}`);
		return response.body.data;
	}

	/** Owner setup + POST /rest/api-keys, once per server; the raw key is kept in `apiKey`. */
	async ensureApiKey(): Promise<string> {
		if (this.apiKey) return this.apiKey;
		if (!this.cookie) await this.setupOwner();
		const response = await http<{ data?: { rawApiKey?: string } }>(`${this.baseUrl}/rest/api-keys`, {
			method: 'POST',
			headers: { cookie: this.cookie! },
			body: { label: `e2e-${Date.now()}`, scopes: API_KEY_SCOPES, expiresAt: null },
		});
		const key = response.body?.data?.rawApiKey;
		if (response.status !== 200 || !key) throw this.failure(`API key creation failed: ${response.status} ${response.text.slice(0, 500)}`);
		this.apiKey = key;
		return key;
	}

	/** A public-API request (`/api/v1<path>`) with the API key; throws unless 2xx. */
	async api<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
		const key = await this.ensureApiKey();
		const response = await http<T>(`${this.baseUrl}/api/v1${path}`, {
			...options,
			headers: { 'X-N8N-API-KEY': key, accept: 'application/json', ...options.headers },
		});
		if (response.status < 200 || response.status >= 300) {
			throw this.failure(`${options.method ?? 'GET'} /api/v1${path} failed: ${response.status} ${response.text.slice(0, 500)}`);
		}
		return response.body;
	}

	/** GET /api/v1/executions (newest first); with includeData the run data is in `data`. Follows no cursor. */
	async listExecutions(query: ListExecutionsQuery = {}): Promise<ApiExecution[]> {
		const params = new URLSearchParams({ limit: String(query.limit ?? 100) });
		if (query.workflowId) params.set('workflowId', query.workflowId);
		if (query.includeData) params.set('includeData', 'true');
		const page = await this.api<{ data: ApiExecution[] }>(`/executions?${params.toString()}`);
		return page.data;
	}

	/**
	 * Poll listExecutions until at least `count` finished executions (not running/waiting)
	 * match; an execution is saved just after a webhook's response, so read it back this way.
	 */
	async waitForExecutions(query: ListExecutionsQuery & { count?: number; timeoutMs?: number } = {}): Promise<ApiExecution[]> {
		const { count = 1, timeoutMs = 30_000, ...listQuery } = query;
		const deadline = Date.now() + timeoutMs;
		let last: ApiExecution[] = [];
		while (Date.now() < deadline) {
			last = (await this.listExecutions(listQuery)).filter((execution) => execution.status !== 'running' && execution.status !== 'waiting' && execution.status !== 'new');
			if (last.length >= count) return last;
			await sleep(250);
		}
		throw this.failure(`expected ${count} finished execution(s) for ${JSON.stringify(listQuery)}, found ${last.length} after ${timeoutMs} ms`);
	}

	/** POST /api/v1/workflows/{id}/activate on the running server (webhooks are live immediately). */
	async activateWorkflow(id: string): Promise<unknown> {
		return this.api(`/workflows/${id}/activate`, { method: 'POST' });
	}

	async deactivateWorkflow(id: string): Promise<unknown> {
		return this.api(`/workflows/${id}/deactivate`, { method: 'POST' });
	}

	/**
	 * SIGTERM (n8n's graceful shutdown: the webhook process may wait 20 s and more for executions it
	 * handed to the queue), then SIGKILL to the whole process group (the task runner too) after
	 * `graceMs`. Resolves when the group is gone.
	 */
	stop(graceMs = 20_000): Promise<StopReport> {
		this.stopping ??= this.doStop(graceMs);
		return this.stopping;
	}

	private async doStop(graceMs: number): Promise<StopReport> {
		const started = Date.now();
		const pid = this.child?.pid;
		let graceful = true;
		if (this.running && pid) {
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

	/** Stop, then start again on the same port and folder (the API key stays valid). */
	async restart(): Promise<StopReport> {
		const stopped = await this.stop();
		await this.start();
		return stopped;
	}
}
