/* eslint-disable @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * n8n in queue mode for one test run: PostgreSQL and Redis of its own, a main process (`n8n
 * start`, which alone runs activation and schedules), one webhook process (`n8n webhook`, the only
 * one serving production webhooks: N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true) and workers (`n8n
 * worker`, which run every execution). Each process has its own user folder with the package
 * installed the way a user installs it; all share the database, Redis, a Bull prefix of this run
 * and one encryption key.
 */
import { createDecipheriv, createHash, randomBytes } from 'crypto';
import { freePort, type CredentialFixture, type N8nInstance, type N8nRuntime, type N8nServer, type StopReport, type WorkflowFixture } from '../../e2e/lib';
import { importAll, instanceWithPackage } from '../../e2e/suites/admintotal';
import { startPostgres, type Postgres } from './postgres';
import { startRedis, type Redis } from './redis';

export interface QueueClusterOptions {
	runtime: N8nRuntime;
	credentials: CredentialFixture[];
	workflows: WorkflowFixture[];
	workers?: number;
	/** Step timings are written here, e.g. `[queue node20] start main: 5123 ms`. */
	report?: (line: string) => void;
}

export class QueueCluster {
	/** Milliseconds per bring-up step, for the run's report. */
	readonly timings: Record<string, number> = {};
	private stopping: Promise<Record<string, StopReport>> | undefined;

	private constructor(
		readonly postgres: Postgres,
		readonly redis: Redis,
		readonly encryptionKey: string,
		private readonly instances: N8nInstance[],
		readonly main: N8nServer,
		readonly webhook: N8nServer,
		readonly workers: N8nServer[],
	) {}

	static async start(options: QueueClusterOptions): Promise<QueueCluster> {
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
			QUEUE_BULL_PREFIX: `admintotal-queue-${randomBytes(4).toString('hex')}`,
			// Production webhooks only on the webhook process; main answers 404 there.
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			// The production URL main shows and registers: the webhook process.
			WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		};
		const instances: N8nInstance[] = [];
		try {
			// One after the other: npm installs side by side share one cache.
			await timed('install the package in 2 + workers user folders', async () => {
				for (let i = 0; i < 2 + (options.workers ?? 2); i++) instances.push(await instanceWithPackage(options.runtime, { encryptionKey, env: shared }));
			});
			const [mainInstance, webhookInstance, ...workerInstances] = instances;
			// The CLI on the fresh database runs n8n's migrations, as main would.
			await timed('import credentials and workflows', () => importAll(mainInstance, options.credentials, options.workflows));
			const main = await timed('start main until ready', () => mainInstance.startServer({ name: 'main' }));
			await timed('owner and API key', () => main.ensureApiKey());
			const [webhook, ...workers] = await timed('start the webhook process and the workers until ready', () =>
				Promise.all([
					webhookInstance.startServer({ command: 'webhook', port: webhookPort }),
					...workerInstances.map(async (instance, index) => {
						const healthPort = await freePort();
						const env = { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
						return instance.startServer({ command: 'worker', name: `worker-${index + 1}`, port: healthPort, env });
					}),
				]),
			);
			timings['bring-up in all'] = Date.now() - began;
			report(`bring-up in all: ${timings['bring-up in all']} ms`);
			const cluster = new QueueCluster(postgres, redis, encryptionKey, instances, main, webhook, workers);
			Object.assign(cluster.timings, timings);
			return cluster;
		} catch (error) {
			await Promise.all(instances.map((instance) => instance.dispose()));
			await Promise.all([redis.stop(), postgres.stop()]);
			throw error;
		}
	}

	/** Executions each worker's log says it started: "Worker started execution N (job M)". */
	private startedBy(worker: N8nServer): string[] {
		return worker.lines.map((line) => /Worker started execution (\d+) \(job/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
	}

	/** Worker names whose log says they started this execution. */
	workersOf(executionId: string | number): string[] {
		return this.workers.filter((worker) => this.startedBy(worker).includes(String(executionId))).map((worker) => worker.name);
	}

	/** Executions started per worker, from the workers' logs. */
	executionsPerWorker(): Record<string, number> {
		return Object.fromEntries(this.workers.map((worker) => [worker.name, this.startedBy(worker).length]));
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

	/** Process ids of everything this cluster started, each the leader of its own process group. */
	pids(): Record<string, number[]> {
		const pids: Record<string, number[]> = { postgres: this.postgres.pid ? [this.postgres.pid] : [], redis: this.redis.pid ? [this.redis.pid] : [] };
		for (const server of [this.main, this.webhook, ...this.workers]) pids[server.name] = [...server.pids];
		return pids;
	}

	/** Stops every process this cluster started (n8n by process group), then Redis and PostgreSQL; removes the folders. Safe to call twice. */
	stop(): Promise<Record<string, StopReport>> {
		this.stopping ??= (async () => {
			const servers = [this.main, this.webhook, ...this.workers];
			const reports = await Promise.all(servers.map((server) => server.stop()));
			await Promise.all(this.instances.map((instance) => instance.dispose()));
			await Promise.all([this.redis.stop(), this.postgres.stop()]);
			return Object.fromEntries(servers.map((server, index) => [server.name, reports[index]]));
		})();
		return this.stopping;
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
