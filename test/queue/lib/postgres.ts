/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test code runs in Node.js, not inside n8n */
/**
 * A throw-away PostgreSQL cluster for one test run: `initdb` into a temp folder, the server in the
 * foreground as a tracked process (its own process group, killed if the test process dies),
 * listening on 127.0.0.1 only, on a free port, with its unix socket in the temp folder.
 * As root, the server runs as the `postgres` user (initdb refuses root).
 */
import { randomBytes } from 'crypto';
import { existsSync, promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { freePort, runOk, sleep } from '../../e2e/lib';
import { startServerProcess } from './serverProcess';

export const POSTGRES_BIN = process.env.QUEUE_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Postgres {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	/** The temp folder holding the data directory, the socket and the server log. */
	dir: string;
	logFile: string;
	/** The server's process id (leader of its own process group). */
	pid: number | undefined;
	/** Rows of a query as JSON (the query is wrapped in json_agg). */
	rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
	stop(): Promise<void>;
}

/** Runs a command as the postgres user when we are root (setpriv execs it: same pid, no extra process). */
async function asServerUser(): Promise<{ prefix: string[]; uid?: number; gid?: number }> {
	if (process.getuid?.() !== 0) return { prefix: [] };
	const uid = Number((await runOk('id', ['-u', 'postgres'])).stdout.trim());
	const gid = Number((await runOk('id', ['-g', 'postgres'])).stdout.trim());
	return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups', '--'], uid, gid };
}

export async function startPostgres(): Promise<Postgres> {
	for (const tool of ['initdb', 'postgres', 'psql']) {
		if (!existsSync(join(POSTGRES_BIN, tool))) throw new Error(`${join(POSTGRES_BIN, tool)} not found: install PostgreSQL 15 (Debian: apt-get install postgresql-15) or set QUEUE_POSTGRES_BIN`);
	}
	const dir = await fs.mkdtemp(join(tmpdir(), 'admintotal-queue-pg-'));
	const data = join(dir, 'data');
	const logFile = join(dir, 'postgres.log');
	const user = await asServerUser();
	if (user.uid !== undefined && user.gid !== undefined) await fs.chown(dir, user.uid, user.gid);
	const run = (bin: string, args: string[]) => [...user.prefix, join(POSTGRES_BIN, bin), ...args];

	const [initCommand, ...initArgs] = run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
	await runOk(initCommand, initArgs, { cwd: dir, timeoutMs: 120_000 });

	const port = await freePort();
	// Durability is not wanted from a cluster that lives for one test run.
	const [command, ...args] = run('postgres', ['-D', data, '-c', 'listen_addresses=127.0.0.1', '-p', String(port), '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']);
	// SIGINT: PostgreSQL's fast shutdown.
	const server = startServerProcess('PostgreSQL', command, args, { dir, logFile, stopSignal: 'SIGINT', graceMs: 15_000 });
	const stop = server.stop;

	const psql = async (database: string, role: string, sql: string, password?: string) => {
		const result = await runOk(join(POSTGRES_BIN, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', role, '-d', database, '-v', 'ON_ERROR_STOP=1', '-AtX', '-c', sql], {
			env: { ...process.env, PGPASSWORD: password ?? '', PGCONNECT_TIMEOUT: '5' },
			timeoutMs: 60_000,
		});
		return result.stdout;
	};

	try {
		const deadline = Date.now() + 60_000;
		for (;;) {
			if (server.exited()) throw new Error(`postgres exited at start-up; see ${logFile}:\n${await server.log()}`);
			const ready = await runOk(join(POSTGRES_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q'], { timeoutMs: 10_000 }).then(
				() => true,
				() => false,
			);
			if (ready) break;
			if (Date.now() > deadline) throw new Error(`postgres not ready after 60 s; see ${logFile}`);
			await sleep(100);
		}
		const password = randomBytes(12).toString('hex');
		// Two calls: CREATE DATABASE cannot run in the transaction psql makes of several statements.
		await psql('postgres', 'postgres', `CREATE ROLE n8n LOGIN PASSWORD '${password}'`);
		await psql('postgres', 'postgres', 'CREATE DATABASE n8n OWNER n8n');
		return {
			host: '127.0.0.1',
			port,
			database: 'n8n',
			user: 'n8n',
			password,
			dir,
			logFile,
			pid: server.pid,
			rows: async <T>(sql: string) => JSON.parse((await psql('n8n', 'n8n', `SELECT coalesce(json_agg(q), '[]'::json) FROM (${sql}) q`, password)).trim() || '[]') as T[],
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
