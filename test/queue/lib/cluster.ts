/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * n8n in queue mode for one test run: PostgreSQL and Redis of its own, a main process (`n8n
 * start`, which alone runs activation and schedules), one webhook process (`n8n webhook`, the only
 * one serving production webhooks: N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true) and workers (`n8n
 * worker`, which run every execution). Each process has its own user folder with the package
 * installed the way a user installs it; all share the database, Redis, a Bull prefix of this run
 * and one encryption key.
 */
import { createDecipheriv, createHash, randomBytes } from 'crypto';
import {
	DEFAULT_OWNER,
	N8nInstance,
	freePort,
	http,
	writeCredentialsFile,
	type CredentialFixture,
	type N8nRuntime,
	type N8nServer,
	type WorkflowFixture,
} from '../../e2e/lib';
import { PACKAGE } from '../../e2e/suites/admintotal';
import { QueueProcess } from './n8nProcess';
import { startPostgres, type Postgres } from './postgres';
import { startRedis, type Redis } from './redis';
import { promises as fs } from 'fs';
import { join } from 'path';

/** How a process stopped: within its grace period (SIGTERM) or killed with its group; main's driver does not say. */
export interface StopReport {
	graceful?: boolean;
	ms: number;
}

export interface QueueClusterOptions {
	runtime: N8nRuntime;
	/** The packed package, installed into every process's user folder. */
	tarball: string;
	credentials: CredentialFixture[];
	workflows: WorkflowFixture[];
	workers?: number;
	/** Step timings are written here, e.g. `[queue node20] start main: 5123 ms`. */
	report?: (line: string) => void;
}

export class QueueCluster {
	/** Milliseconds per bring-up step, for the run's report. */
	readonly timings: Record<string, number> = {};

	private constructor(
		readonly runtime: N8nRuntime,
		readonly postgres: Postgres,
		readonly redis: Redis,
		readonly encryptionKey: string,
		readonly bullPrefix: string,
		readonly mainInstance: N8nInstance,
		readonly webhook: QueueProcess,
		readonly workers: QueueProcess[],
		private mainServer: N8nServer | undefined,
	) {}

	get main(): N8nServer {
		if (!this.mainServer) throw new Error('the main process is not running');
		return this.mainServer;
	}

	static async start(options: QueueClusterOptions): Promise<QueueCluster> {
		const { runtime } = options;
		const report = options.report ?? (() => undefined);
		const timings: Record<string, number> = {};
		const timed = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
			const started = Date.now();
			try {
				return await step();
			} finally {
				timings[label] = Date.now() - started;
				report(`${label}: ${timings[label]} ms`);
			}
		};
		const began = Date.now();
		const [postgres, redis] = await timed('PostgreSQL and Redis', () => Promise.all([startPostgres(), startRedis()]));
		const encryptionKey = randomBytes(24).toString('hex');
		const bullPrefix = `admintotal-queue-${randomBytes(4).toString('hex')}`;
		const webhookPort = await freePort();
		const shared: Record<string, string> = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: postgres.password,
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			QUEUE_BULL_PREFIX: bullPrefix,
			// Production webhooks only on the webhook process; main answers 404 there.
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			// The production URL main shows and registers: the webhook process.
			WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		};
		const instances: N8nInstance[] = [];
		const processes: QueueProcess[] = [];
		try {
			const tarball = options.tarball;
			const instance = async () => {
				const created = await N8nInstance.create(runtime, { encryptionKey, env: shared });
				instances.push(created);
				const installed = await created.installPackage(tarball);
				if (installed !== PACKAGE) throw new Error(`installed ${installed}, expected ${PACKAGE}`);
				return created;
			};
			const workerCount = options.workers ?? 2;
			// One after the other: npm installs side by side share one cache.
			const [mainInstance, webhookInstance, ...workerInstances] = await timed('install the package in 2 + workers user folders', async () => {
				const made: N8nInstance[] = [];
				for (let i = 0; i < 2 + workerCount; i++) made.push(await instance());
				return made;
			});

			// The CLI on the fresh database runs n8n's migrations, as main would.
			await timed('import credentials and workflows', async () => {
				await mainInstance.importCredentials(await writeCredentialsFile(mainInstance.workDir, options.credentials));
				const file = join(mainInstance.workDir, 'workflows.json');
				await fs.writeFile(file, JSON.stringify(options.workflows.map((workflow) => ({ active: false, settings: { executionOrder: 'v1' }, ...workflow })), null, 2));
				await mainInstance.importWorkflow(file);
			});
			const main = await timed('start main until ready', () => mainInstance.startServer());
			await timed('owner and API key', () => main.ensureApiKey());

			const webhook = new QueueProcess({ role: 'webhook', name: 'webhook', instance: webhookInstance, port: webhookPort, brokerPort: await freePort(), env: {} });
			const workers: QueueProcess[] = [];
			for (const [index, workerInstance] of workerInstances.entries()) {
				const healthPort = await freePort();
				workers.push(
					new QueueProcess({
						role: 'worker',
						name: `worker-${index + 1}`,
						instance: workerInstance,
						port: healthPort,
						brokerPort: await freePort(),
						env: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' },
					}),
				);
			}
			processes.push(webhook, ...workers);
			const cluster = new QueueCluster(runtime, postgres, redis, encryptionKey, bullPrefix, mainInstance, webhook, workers, main);
			await timed('start the webhook process and the workers until ready', () => Promise.all([webhook.start(), ...workers.map((worker) => worker.start())]));
			timings['bring-up in all'] = Date.now() - began;
			report(`bring-up in all: ${timings['bring-up in all']} ms`);
			Object.assign(cluster.timings, timings);
			cluster.instances = instances;
			return cluster;
		} catch (error) {
			await Promise.all(processes.map((process) => process.stop(5_000)));
			await Promise.all(instances.map((created) => created.dispose()));
			await Promise.all([redis.stop(), postgres.stop()]);
			throw error;
		}
	}

	private instances: N8nInstance[] = [];

	/** Worker names whose log says they started this execution. */
	workersOf(executionId: string | number): string[] {
		return this.workers.filter((worker) => worker.startedExecutions().includes(String(executionId))).map((worker) => worker.name);
	}

	/** Executions started per worker, from the workers' logs. */
	executionsPerWorker(): Record<string, number> {
		return Object.fromEntries(this.workers.map((worker) => [worker.name, worker.startedExecutions().length]));
	}

	/** A credential's data as n8n keeps it in PostgreSQL, decrypted with the shared key. */
	async credentialData(id: string): Promise<{ data: Record<string, unknown>; updatedAt: string }> {
		const [row] = await this.postgres.rows<{ data: string; updatedAt: string }>(`SELECT data, "updatedAt" FROM credentials_entity WHERE id = '${id.replace(/'/g, "''")}'`);
		if (!row) throw new Error(`no credential ${id} in PostgreSQL`);
		return { data: JSON.parse(decryptN8nData(row.data, this.encryptionKey)) as Record<string, unknown>, updatedAt: row.updatedAt };
	}

	/** A workflow's static data as saved in PostgreSQL (workflow_entity."staticData"). */
	async staticData(workflowId: string): Promise<Record<string, Record<string, unknown>> | null> {
		const [row] = await this.postgres.rows<{ staticData: Record<string, Record<string, unknown>> | null }>(`SELECT "staticData" FROM workflow_entity WHERE id = '${workflowId.replace(/'/g, "''")}'`);
		if (!row) throw new Error(`no workflow ${workflowId} in PostgreSQL`);
		return typeof row.staticData === 'string' ? (JSON.parse(row.staticData) as Record<string, Record<string, unknown>>) : row.staticData;
	}

	/** The owner's `n8n-auth` cookie for main's internal REST API (what the editor uses), from POST /rest/login. */
	async ownerCookie(): Promise<string> {
		await this.main.ensureApiKey();
		const response = await http(`${this.main.baseUrl}/rest/login`, { method: 'POST', body: { emailOrLdapLoginId: DEFAULT_OWNER.email, password: DEFAULT_OWNER.password } });
		const cookie = ([] as string[])
			.concat(response.headers['set-cookie'] ?? [])
			.map((value) => value.split(';')[0])
			.find((value) => value.startsWith('n8n-auth='));
		if (response.status !== 200 || !cookie) throw new Error(`login on main failed: ${response.status} ${response.text.slice(0, 300)}`);
		return cookie;
	}

	/** Stops the webhook process and starts it again on the same port and folder. */
	async restartWebhook(): Promise<StopReport> {
		const stopped = await this.webhook.stop();
		await this.webhook.start();
		return stopped;
	}

	/** Process ids of everything this cluster started, each the leader of its own process group. */
	pids(): Record<string, number[]> {
		const pids: Record<string, number[]> = {
			postgres: this.postgres.pid ? [this.postgres.pid] : [],
			redis: this.redis.pid ? [this.redis.pid] : [],
			main: this.mainPid ? [this.mainPid] : [],
		};
		for (const process of [this.webhook, ...this.workers]) pids[process.name] = [...process.pids];
		return pids;
	}

	private get mainPid(): number | undefined {
		return this.mainServer?.pid ?? this.stoppedMainPid;
	}

	private stoppedMainPid: number | undefined;
	private stopping: Promise<Record<string, StopReport>> | undefined;

	/** Stops every process this cluster started (n8n by process group), then Redis and PostgreSQL; removes the folders. Safe to call twice. */
	stop(): Promise<Record<string, StopReport>> {
		this.stopping ??= this.doStop();
		return this.stopping;
	}

	private async doStop(): Promise<Record<string, StopReport>> {
		this.stoppedMainPid = this.mainServer?.pid;
		const stops: Record<string, StopReport> = {};
		await Promise.all([
			...[this.webhook, ...this.workers].map(async (process) => (stops[process.name] = await process.stop())),
			(async () => {
				const started = Date.now();
				await this.mainServer?.stop();
				stops.main = { ms: Date.now() - started };
			})(),
		]);
		this.mainServer = undefined;
		await Promise.all(this.instances.map((instance) => instance.dispose()));
		await Promise.all([this.redis.stop(), this.postgres.stop()]);
		return stops;
	}
}

/**
 * n8n's encryption of credential data: OpenSSL's "Salted__" format, AES-256-CBC with key and IV
 * from MD5 over the key and the salt (EVP_BytesToKey).
 */
export function decryptN8nData(encoded: string, encryptionKey: string): string {
	const input = Buffer.from(encoded, 'base64');
	if (input.subarray(0, 8).toString('latin1') !== 'Salted__') throw new Error('not n8n-encrypted data');
	const salt = input.subarray(8, 16);
	const password = Buffer.concat([Buffer.from(encryptionKey, 'binary'), salt]);
	const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
	const first = md5(password);
	const second = md5(first, password);
	const iv = md5(second, password);
	const decipher = createDecipheriv('aes-256-cbc', Buffer.concat([first, second]), iv);
	return Buffer.concat([decipher.update(input.subarray(16)), decipher.final()]).toString('utf8');
}
