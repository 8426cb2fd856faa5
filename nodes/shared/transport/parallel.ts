import { sleep } from 'n8n-workflow';

/** Halves the number of requests in flight and holds new ones back for the seconds Admintotal asked (a 429). */
export type SlowDown = (waitSeconds: number) => void;

/**
 * Runs `task(0)` … `task(count - 1)`, at most `width` at a time, each started in index order. A 429
 * (reported through `slowDown`) halves the width for the rest of the run and pauses new tasks until
 * the wait Admintotal asked for is over. After a failure, or a task answering `false`, no new task
 * starts; the failure of the earliest task is thrown once the running tasks have ended, so nothing keeps
 * sending and the error names the first page that failed.
 */
export async function inParallel(count: number, width: number, task: (index: number, slowDown: SlowDown) => Promise<boolean>): Promise<boolean> {
	let lanes = Math.max(1, width);
	let started = 0;
	let resumeAt = 0;
	let stopped = false;
	let failure: { index: number; error: unknown } | undefined;
	const slowDown: SlowDown = (waitSeconds) => {
		lanes = Math.max(1, Math.floor(lanes / 2));
		resumeAt = Math.max(resumeAt, Date.now() + waitSeconds * 1000);
	};
	const lane = async (position: number) => {
		while (!stopped && started < count && position < lanes) {
			const pause = resumeAt - Date.now();
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			const index = started++;
			try {
				if (!(await task(index, slowDown))) stopped = true;
			} catch (error) {
				if (!failure || index < failure.index) failure = { index, error };
				stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(lanes, count) }, async (_, position) => await lane(position)));
	if (failure) throw failure.error;
	return !stopped;
}
