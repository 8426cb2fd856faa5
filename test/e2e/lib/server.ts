/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * `n8n start` driven from a test: bound to 127.0.0.1 on a free port, readiness and webhook
 * registration polled, owner + API key created through the REST endpoints the UI uses, and
 * the public API (/api/v1) for executions and activation. stop() ends the whole process group
 * (n8n and its task runner).
 */
import type { ChildProcess } from 'child_process';
import { createWriteStream, type WriteStream } from 'fs';
import { request } from 'undici';
import { groupAlive, killGroup, settlesWithin, sleep, spawnTracked } from './proc';
import type { ApiExecution } from './run-data';
import type { WorkflowFixture } from './fixtures';
import type { N8nRuntime } from './runtime';

export interface StartServerOptions {
	port?: number;
	brokerPort?: number;
	/** Extra environment for this server process (undefined removes a variable). */
	env?: Record<string, string | undefined>;
	/** Max wait for /healthz/readiness. Default 120 s. */
	readyTimeoutMs?: number;
}

export interface OwnerAccount {
	email: string;
	firstName: string;
	lastName: string;
	password: string;
}

export const DEFAULT_OWNER: OwnerAccount = {
	email: 'owner@example.com',
	firstName: 'E2e',
	lastName: 'Owner',
	password: 'E2ePassw0rd!',
};

/** Scopes asked for the API key (without an enterprise licence n8n grants the owner's scopes anyway). */
export const DEFAULT_API_KEY_SCOPES = [
	'workflow:create',
	'workflow:read',
	'workflow:list',
	'workflow:update',
	'workflow:delete',
	'workflow:activate',
	'workflow:deactivate',
	'execution:read',
	'execution:list',
	'execution:delete',
	'credential:create',
	'credential:delete',
];

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

interface ServerStartArgs {
	runtime: N8nRuntime;
	env: NodeJS.ProcessEnv;
	cwd: string;
	port: number;
	brokerPort: number;
	logFile: string;
	readyTimeoutMs?: number;
}

export interface ListExecutionsQuery {
	workflowId?: string;
	status?: 'canceled' | 'error' | 'running' | 'success' | 'waiting';
	includeData?: boolean;
	limit?: number;
}

export class N8nServer {
	readonly baseUrl: string;
	/** API key for /api/v1 (set by createApiKey / ensureApiKey). */
	apiKey: string | undefined;
	private cookie: string | undefined;
	private readonly logLines: string[] = [];
	private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	private readonly exitPromise: Promise<void>;
	private stopping: Promise<void> | undefined;

	private constructor(
		readonly runtime: N8nRuntime,
		readonly port: number,
		readonly brokerPort: number,
		readonly logFile: string,
		private readonly child: ChildProcess,
		private readonly log: WriteStream,
	) {
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.exitPromise = new Promise((resolve) => {
			child.once('exit', (code, signal) => {
				this.exited = { code, signal };
				resolve();
			});
			child.once('error', (error) => {
				this.logLines.push(`spawn error: ${error.message}`);
				this.exited ??= { code: null, signal: null };
				resolve();
			});
		});
		const collect = (chunk: Buffer): void => {
			log.write(chunk);
			for (const line of chunk.toString('utf8').split('\n')) {
				if (line.trim()) this.logLines.push(line);
			}
			if (this.logLines.length > 400) this.logLines.splice(0, this.logLines.length - 400);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
	}

	static async start(args: ServerStartArgs): Promise<N8nServer> {
		const log = createWriteStream(args.logFile);
		const child = spawnTracked(args.runtime.nodeBin, [args.runtime.n8nBin, 'start'], { cwd: args.cwd, env: args.env });
		child.stdin?.end();
		const server = new N8nServer(args.runtime, args.port, args.brokerPort, args.logFile, child, log);
		try {
			await server.waitForReady(args.readyTimeoutMs ?? 120_000);
		} catch (error) {
			await server.stop();
			throw error;
		}
		return server;
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	get running(): boolean {
		return this.exited === undefined;
	}

	/** Last lines n8n printed (stdout and stderr). */
	logTail(lines = 60): string {
		return this.logLines.slice(-lines).join('\n');
	}

	private failure(message: string): Error {
		const state = this.exited ? ` (n8n exited: code ${this.exited.code}, signal ${this.exited.signal})` : '';
		return new Error(`${message}${state} [${this.runtime.name}, ${this.baseUrl}, log ${this.logFile}]\n--- n8n log (tail) ---\n${this.logTail()}`);
	}

	/** Poll GET /healthz/readiness until {"status":"ok"}. */
	async waitForReady(timeoutMs = 120_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure('n8n start exited before it was ready');
			try {
				const response = await http<{ status?: string }>(`${this.baseUrl}/healthz/readiness`, { timeoutMs: 5_000 });
				if (response.status === 200 && response.body.status === 'ok') return;
			} catch {
				// not listening yet
			}
			await sleep(250);
		}
		throw this.failure(`n8n was not ready after ${timeoutMs} ms`);
	}

	/** URL of a production webhook (`/webhook/<path>`). */
	webhookUrl(path: string): string {
		return `${this.baseUrl}/webhook/${path.replace(/^\/+/, '')}`;
	}

	/**
	 * Wait until a production webhook is registered. Workflows are activated a few seconds after
	 * readiness; until then n8n answers 404 'The requested webhook "POST x" is not registered'.
	 * Probes with another HTTP method (PATCH, or PUT for a PATCH webhook), which n8n answers from
	 * the registration alone, without an execution: 404 "not registered for PATCH requests. Did
	 * you mean to make a POST request?" once `method` is registered. (OPTIONS cannot be used: it
	 * answers 204 whether or not the webhook exists.)
	 */
	async waitForWebhook(path: string, options: { method?: string; timeoutMs?: number } = {}): Promise<void> {
		const method = (options.method ?? 'POST').toUpperCase();
		const probe = method === 'PATCH' ? 'PUT' : 'PATCH';
		const timeoutMs = options.timeoutMs ?? 60_000;
		const deadline = Date.now() + timeoutMs;
		let last = '';
		while (Date.now() < deadline) {
			if (this.exited) throw this.failure(`n8n exited while waiting for webhook ${method} ${path}`);
			try {
				const response = await http<{ message?: string }>(this.webhookUrl(path), { method: probe, timeoutMs: 5_000 });
				const message = typeof response.body === 'object' && response.body ? String(response.body.message ?? '') : response.text;
				const registered = /Did you mean to make a (.*) request/.exec(message);
				if (registered && registered[1].split(/, | or /).includes(method)) return;
				last = `${response.status} ${message.slice(0, 200)}`;
			} catch (error) {
				last = String(error);
			}
			await sleep(250);
		}
		throw this.failure(`webhook ${method} ${path} not registered after ${timeoutMs} ms (last answer to ${probe}: ${last})`);
	}

	/** POST (by default) to a production webhook. */
	async callWebhook<T = unknown>(path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
		return http<T>(this.webhookUrl(path), { method: 'POST', ...options });
	}

	/** POST /rest/owner/setup on a fresh instance; keeps the auth cookie for createApiKey. */
	async setupOwner(owner: OwnerAccount = DEFAULT_OWNER, options: { timeoutMs?: number } = {}): Promise<void> {
		// /healthz/readiness answers before the REST controllers are mounted: until then this
		// route is Express's 404 "Cannot POST /rest/owner/setup". Wait for it.
		const deadline = Date.now() + (options.timeoutMs ?? 60_000);
		let response = await http(`${this.baseUrl}/rest/owner/setup`, { method: 'POST', body: owner });
		while (response.status === 404 && response.text.includes('Cannot POST') && Date.now() < deadline && !this.exited) {
			await sleep(250);
			response = await http(`${this.baseUrl}/rest/owner/setup`, { method: 'POST', body: owner });
		}
		if (response.status !== 200) throw this.failure(`owner setup failed: ${response.status} ${response.text.slice(0, 500)}`);
		const auth = authCookie(response);
		if (!auth) throw this.failure(`owner setup returned no n8n-auth cookie (set-cookie: ${String(response.headers['set-cookie'] ?? 'none')})`);
		this.cookie = auth;
	}

	/** POST /rest/login as the owner (after a restart the cookie of the owner setup is gone). */
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

	/** POST /rest/api-keys with the owner's cookie; the raw key is kept in `apiKey` and returned. */
	async createApiKey(options: { label?: string; scopes?: string[] } = {}): Promise<string> {
		if (!this.cookie) throw new Error('createApiKey needs setupOwner() first');
		const response = await http<{ data?: { rawApiKey?: string } }>(`${this.baseUrl}/rest/api-keys`, {
			method: 'POST',
			headers: { cookie: this.cookie },
			body: { label: options.label ?? `e2e-${Date.now()}`, scopes: options.scopes ?? DEFAULT_API_KEY_SCOPES, expiresAt: null },
		});
		const key = response.body?.data?.rawApiKey;
		if (response.status !== 200 || !key) throw this.failure(`API key creation failed: ${response.status} ${response.text.slice(0, 500)}`);
		this.apiKey = key;
		return key;
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

	/** Owner setup + API key, once per server. */
	async ensureApiKey(): Promise<string> {
		if (this.apiKey) return this.apiKey;
		if (!this.cookie) await this.setupOwner();
		return this.createApiKey();
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
		const params = new URLSearchParams();
		if (query.workflowId) params.set('workflowId', query.workflowId);
		if (query.status) params.set('status', query.status);
		if (query.includeData) params.set('includeData', 'true');
		params.set('limit', String(query.limit ?? 100));
		const page = await this.api<{ data: ApiExecution[] }>(`/executions?${params.toString()}`);
		return page.data;
	}

	/** GET /api/v1/executions/{id}?includeData=true */
	async getExecution(id: string | number): Promise<ApiExecution> {
		return this.api<ApiExecution>(`/executions/${id}?includeData=true`);
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

	/** POST /api/v1/workflows/{id}/deactivate */
	async deactivateWorkflow(id: string): Promise<unknown> {
		return this.api(`/workflows/${id}/deactivate`, { method: 'POST' });
	}

	/**
	 * Stop n8n: SIGTERM to the main process (graceful; it stops its task runner), then SIGKILL
	 * to the whole process group for whatever is left. Resolves when the group is gone.
	 */
	stop(options: { graceMs?: number } = {}): Promise<void> {
		this.stopping ??= this.doStop(options.graceMs ?? 20_000);
		return this.stopping;
	}

	private async doStop(graceMs: number): Promise<void> {
		const pid = this.child.pid;
		if (!this.exited && pid) {
			try {
				process.kill(pid, 'SIGTERM');
			} catch {
				// already gone
			}
			await settlesWithin(this.exitPromise, graceMs);
		}
		killGroup(pid, 'SIGKILL');
		const deadline = Date.now() + 10_000;
		while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
		await settlesWithin(this.exitPromise, 5_000);
		await new Promise<void>((resolve) => this.log.end(() => resolve()));
	}
}
