/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * A throw-away Redis for one test run: `redis-server` in the foreground as a tracked process,
 * bound to 127.0.0.1 on a free port, no persistence, its working folder in temp.
 * test/queue/install-redis.sh installs it (Debian's package) when missing.
 */
import { existsSync, promises as fs } from 'fs';
import { connect } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { freePort, sleep } from '../../e2e/lib';
import { startServerProcess } from './serverProcess';

export interface Redis {
	host: string;
	port: number;
	dir: string;
	logFile: string;
	/** The server's process id (leader of its own process group). */
	pid: number | undefined;
	stop(): Promise<void>;
}

export function redisServerBin(): string {
	const candidates = [process.env.QUEUE_REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'].filter((path): path is string => !!path);
	const found = candidates.find((path) => existsSync(path));
	if (!found) throw new Error('redis-server not found: run bash test/queue/install-redis.sh (or set QUEUE_REDIS_SERVER)');
	return found;
}

/** True when Redis answers PING with +PONG. */
function pings(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(2_000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.on('data', (chunk) => {
			answer += chunk.toString('utf8');
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
	});
}

export async function startRedis(): Promise<Redis> {
	const bin = redisServerBin();
	const dir = await fs.mkdtemp(join(tmpdir(), 'admintotal-queue-redis-'));
	const logFile = join(dir, 'redis.log');
	const port = await freePort();
	const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--protected-mode', 'yes'];
	const server = startServerProcess('Redis', bin, args, { dir, logFile, stopSignal: 'SIGTERM', graceMs: 10_000 });
	const stop = server.stop;

	const deadline = Date.now() + 30_000;
	while (!(await pings(port))) {
		if (server.exited() || Date.now() > deadline) {
			const log = await server.log();
			await stop();
			throw new Error(`redis-server did not answer PING on 127.0.0.1:${port}; log:\n${log}`);
		}
		await sleep(100);
	}
	return { host: '127.0.0.1', port, dir, logFile, pid: server.pid, stop };
}
