/**
 * Runs `task(0)` … `task(count - 1)`, at most `width` at a time, each started in index order (how
 * many reach the tenant at once is the run's budget's call: budget.ts). After a failure, or a task
 * answering `false`, no new task starts; the failure of the earliest task is thrown once the running
 * tasks have ended, so nothing keeps sending and the error names the first page that failed.
 */
export async function inParallel(count: number, width: number, task: (index: number) => Promise<boolean>): Promise<boolean> {
	let started = 0;
	let stopped = false;
	let failure: { index: number; error: unknown } | undefined;
	const lane = async () => {
		while (!stopped && started < count) {
			const index = started++;
			try {
				if (!(await task(index))) stopped = true;
			} catch (error) {
				if (!failure || index < failure.index) failure = { index, error };
				stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(Math.max(1, width), count) }, lane));
	if (failure) throw failure.error;
	return !stopped;
}
