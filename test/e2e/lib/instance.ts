/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * One throw-away n8n installation state: a fresh user folder (SQLite DB, config, installed
 * community packages) used with one runtime. CLI commands run against it; `startServer()`
 * runs `n8n start` on it.
 */
import { randomBytes } from 'crypto';
import { existsSync, promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { n8nEnv } from './env';
import { npmEnv } from './fixtures';
import { freePort } from './ports';
import { killAllTracked, run, runOk, tail, type RunResult } from './proc';
import { extractJsonObject, isRunJson, type RunJson } from './run-data';
import type { N8nRuntime } from './runtime';
import { N8nServer, type StartServerOptions } from './server';

export interface CreateInstanceOptions {
	/** Parent folder of the user folder (default: the OS temp dir). */
	parentDir?: string;
	/** Fixed encryption key (default: random). */
	encryptionKey?: string;
	/** Extra environment for every n8n process of this instance (undefined removes a variable). */
	env?: Record<string, string | undefined>;
}

export interface ExecuteResult extends RunResult {
	/** The parsed run JSON, or undefined when none was printed (e.g. unknown workflow id). */
	run: RunJson | undefined;
	/**
	 * true when the run JSON says the workflow succeeded. Judged by the JSON, not the exit code:
	 * on node24 n8n may segfault (exit 139) after printing a complete result.
	 */
	succeeded: boolean;
}

const liveInstances = new Set<N8nInstance>();

/** Dispose every instance not yet disposed (stops their servers) and kill any tracked process left. For afterAll. */
export async function disposeAllInstances(): Promise<void> {
	await Promise.all([...liveInstances].map((instance) => instance.dispose()));
	killAllTracked();
}

export class N8nInstance {
	/** `N8N_USER_FOLDER`; n8n keeps its data in `<userFolder>/.n8n`. */
	readonly userFolder: string;
	/** Where community packages are installed (`<userFolder>/.n8n/nodes`). */
	readonly nodesDir: string;
	/** Scratch space for test files (workflow/credential JSON, logs); not read by n8n. */
	readonly workDir: string;
	private readonly servers = new Set<N8nServer>();
	private disposed = false;

	private constructor(
		readonly runtime: N8nRuntime,
		readonly root: string,
		readonly encryptionKey: string,
		private readonly extraEnv: Record<string, string | undefined>,
	) {
		this.userFolder = join(root, 'home');
		this.nodesDir = join(this.userFolder, '.n8n', 'nodes');
		this.workDir = join(root, 'work');
	}

	static async create(runtime: N8nRuntime, options: CreateInstanceOptions = {}): Promise<N8nInstance> {
		const parent = options.parentDir ?? tmpdir();
		await fs.mkdir(parent, { recursive: true });
		const root = await fs.mkdtemp(join(parent, `n8n-e2e-${runtime.name}-`));
		const instance = new N8nInstance(runtime, root, options.encryptionKey ?? randomBytes(24).toString('hex'), options.env ?? {});
		liveInstances.add(instance);
		await fs.mkdir(instance.nodesDir, { recursive: true });
		await fs.mkdir(instance.workDir, { recursive: true });
		// What n8n itself writes there before its first community package install.
		await fs.writeFile(join(instance.nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }, null, 2) + '\n');
		return instance;
	}

	/** Environment for an n8n process of this instance. */
	env(options: { brokerPort: number; port?: number; extra?: Record<string, string | undefined> }): NodeJS.ProcessEnv {
		return n8nEnv(this.runtime, {
			userFolder: this.userFolder,
			encryptionKey: this.encryptionKey,
			brokerPort: options.brokerPort,
			port: options.port,
			extra: { ...this.extraEnv, ...options.extra },
		});
	}

	/**
	 * Install a community package tarball the way a user does by hand:
	 * `cd ~/.n8n/nodes && npm install <tgz> --legacy-peer-deps`. Returns the package name.
	 */
	async installPackage(tarball: string): Promise<string> {
		const absolute = resolve(tarball);
		if (!existsSync(absolute)) throw new Error(`package tarball not found: ${absolute}`);
		const before = await this.installedPackageNames();
		await runOk('npm', ['install', absolute, '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: this.nodesDir,
			env: npmEnv(),
			timeoutMs: 180_000,
		});
		const after = await this.installedPackageNames();
		const added = after.filter((name) => !before.includes(name));
		if (added.length > 0) return added[0];
		// Re-install of an already listed package: read the name from the tarball's package.json.
		const listed = await run('tar', ['-xOzf', absolute, 'package/package.json'], { timeoutMs: 30_000 });
		return (JSON.parse(listed.stdout) as { name: string }).name;
	}

	private async installedPackageNames(): Promise<string[]> {
		const manifest = JSON.parse(await fs.readFile(join(this.nodesDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
		return Object.keys(manifest.dependencies ?? {});
	}

	/** Run any n8n CLI command on this instance (own free task-broker port). Never throws for a non-zero exit. */
	async cli(args: string[]): Promise<RunResult> {
		this.assertUsable();
		return run(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], { cwd: this.workDir, env: this.env({ brokerPort: await freePort() }), timeoutMs: 180_000 });
	}

	/** Like cli(), but throws with the output unless the command exits 0. */
	async cliOk(args: string[]): Promise<RunResult> {
		const result = await this.cli(args);
		if (result.exitCode !== 0) {
			throw new Error(
				`n8n ${args.join(' ')} failed on ${this.runtime.name} (exit ${result.exitCode}${result.timedOut ? ', timed out' : ''})\n` +
					`--- stdout (tail) ---\n${tail(result.stdout)}\n--- stderr (tail) ---\n${tail(result.stderr)}`,
			);
		}
		return result;
	}

	/** `n8n import:credentials --input=<file>` (a JSON array; see writeCredentialsFile). */
	async importCredentials(file: string): Promise<RunResult> {
		return this.cliOk(['import:credentials', `--input=${resolve(file)}`]);
	}

	/** `n8n import:workflow --input=<file>` (one workflow object or an array). */
	async importWorkflow(file: string): Promise<RunResult> {
		return this.cliOk(['import:workflow', `--input=${resolve(file)}`]);
	}

	/** `n8n publish:workflow --id=<id>`: active at the next `n8n start` (use the public API for a running server). */
	async publishWorkflow(id: string): Promise<RunResult> {
		return this.cliOk(['publish:workflow', `--id=${id}`]);
	}

	/** `n8n execute --id=<id> --rawOutput`, with the run JSON parsed from the output. */
	async execute(id: string): Promise<ExecuteResult> {
		const result = await this.cli(['execute', `--id=${id}`, '--rawOutput']);
		const parsed = extractJsonObject(result.stdout);
		const runJson = isRunJson(parsed) ? parsed : undefined;
		const succeeded = runJson !== undefined && !runJson.data.resultData.error && (runJson.status === undefined || runJson.status === 'success');
		return { ...result, run: runJson, succeeded };
	}

	/** Like execute(), but throws (with the output) unless the workflow succeeded. */
	async executeOk(id: string): Promise<RunJson> {
		const result = await this.execute(id);
		if (!result.succeeded || !result.run) {
			const error = result.run?.data.resultData.error;
			throw new Error(
				`n8n execute --id=${id} did not succeed on ${this.runtime.name} (exit ${result.exitCode})` +
					(error ? `: ${error.message ?? JSON.stringify(error)}` : '') +
					`\n--- stdout (tail) ---\n${tail(result.stdout)}\n--- stderr (tail) ---\n${tail(result.stderr)}`,
			);
		}
		return result.run;
	}

	/** Start `n8n start` (or `webhook`, `worker`) on this instance; stopped by dispose() at the latest. */
	async startServer(options: StartServerOptions = {}): Promise<N8nServer> {
		this.assertUsable();
		const command = options.command ?? 'start';
		const port = options.port ?? (await freePort());
		const brokerPort = await freePort();
		const name = options.name ?? command;
		const server = new N8nServer({
			runtime: this.runtime,
			command,
			name,
			// A worker listens on its health-check port only.
			env: this.env({ brokerPort, port: command === 'worker' ? undefined : port, extra: options.env }),
			cwd: this.workDir,
			port,
			logFile: join(this.workDir, `n8n-${name}-${port}.log`),
		});
		this.servers.add(server);
		return server.start();
	}

	/** Stop every server of this instance and remove its folder (unless kept). Safe to call twice. */
	async dispose(): Promise<void> {
		if (this.disposed) return;
		this.disposed = true;
		liveInstances.delete(this);
		await Promise.all([...this.servers].map((server) => server.stop()));
		this.servers.clear();
		if (process.env.E2E_KEEP === '1') {
			process.stderr.write(`[e2e] kept n8n folder ${this.root}\n`);
			return;
		}
		await fs.rm(this.root, { recursive: true, force: true });
	}

	private assertUsable(): void {
		if (this.disposed) throw new Error('N8nInstance already disposed');
	}
}
