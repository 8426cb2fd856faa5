/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/**
 * A database or cache server started in the foreground for one test run: a tracked process (its
 * own process group, killed if the test process dies) writing to a log file in its temp folder,
 * stopped by signalling its group (then SIGKILL), the folder removed unless E2E_KEEP=1.
 */
import { createWriteStream, promises as fs } from 'fs';
import { groupAlive, killGroup, settlesWithin, sleep, spawnTracked } from '../../e2e/lib';

export interface ServerProcess {
	pid: number | undefined;
	/** True once the server has exited (during start-up: it failed). */
	exited(): boolean;
	log(): Promise<string>;
	stop(): Promise<void>;
}

export function startServerProcess(
	name: string,
	command: string,
	args: string[],
	where: { dir: string; logFile: string; stopSignal: NodeJS.Signals; graceMs: number },
): ServerProcess {
	const child = spawnTracked(command, args, { cwd: where.dir, env: process.env });
	child.stdin?.end();
	const log = createWriteStream(where.logFile);
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const exited = () => child.exitCode !== null || child.signalCode !== null;
	return {
		pid: child.pid,
		exited,
		log: async () => await fs.readFile(where.logFile, 'utf8').catch(() => ''),
		stop: async () => {
			if (!exited()) {
				killGroup(child.pid, where.stopSignal);
				if (!(await settlesWithin(exit, where.graceMs))) killGroup(child.pid, 'SIGKILL');
			}
			const deadline = Date.now() + 10_000;
			while (groupAlive(child.pid) && Date.now() < deadline) await sleep(100);
			log.end();
			if (process.env.E2E_KEEP === '1') process.stderr.write(`[queue] kept the ${name} folder ${where.dir}\n`);
			else await fs.rm(where.dir, { recursive: true, force: true });
		},
	};
}
