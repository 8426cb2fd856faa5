/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the virtual loop stands in for the global timers and clock while it runs */
/**
 * A single-threaded event loop on a virtual clock, for the pace's tests (test/foundation/paceModel.test.ts):
 * timers fire in order, a turn (a timer and the promises it settles) takes the time its work says
 * (`work`), and a timer due while a turn runs fires late, as Node's do behind a busy process. Date.now
 * and the global timers are the loop's while it runs, so the pace's own code runs on it unchanged.
 */
/** Past this much virtual time, a run is taken as one that never ends. */
const MOST_MS = 10 * 60_000;

export class VirtualLoop {
	now = 1_000_000;
	private readonly timers = new Map<number, { at: number; run: () => void }>();
	private nextId = 1;
	private busyMs = 0;

	/** The turn now running takes `ms` longer (n8n's work on a request or an answer, a pause of the garbage collector). */
	work(ms: number) {
		this.busyMs += ms;
	}

	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => this.at(this.now + this.busyMs + ms, resolve));
	}

	/** Runs `main` on the loop until it settles; every turn's timers are the loop's meanwhile. */
	async run<T>(main: () => Promise<T>): Promise<T> {
		const flush = () => new Promise<void>((resolve) => realSetImmediate(resolve));
		const realSetImmediate = global.setImmediate;
		const saved = { setTimeout: global.setTimeout, clearTimeout: global.clearTimeout, now: Date.now };
		global.setTimeout = ((run: () => void, ms = 0) => ({ id: this.at(this.now + this.busyMs + Math.max(1, ms), run), unref() {}, ref() {} })) as unknown as typeof setTimeout;
		global.clearTimeout = ((handle?: { id: number }) => handle && this.timers.delete(handle.id)) as typeof clearTimeout;
		Date.now = () => this.now + this.busyMs;
		try {
			let settled: { value: T } | { error: unknown } | undefined;
			main().then((value) => (settled = { value }), (error: unknown) => (settled = { error }));
			await flush();
			const deadline = this.now + MOST_MS;
			while (settled === undefined) {
				if (this.now > deadline) throw new Error(`main has not settled within ${MOST_MS / 60_000} minutes of the loop's time`);
				this.now += this.busyMs;
				this.busyMs = 0;
				const next = [...this.timers.entries()].reduce<[number, { at: number; run: () => void }] | undefined>((first, one) => (first === undefined || one[1].at < first[1].at ? one : first), undefined);
				if (next === undefined) throw new Error('The loop has nothing left to run, and main has not settled');
				this.timers.delete(next[0]);
				this.now = Math.max(this.now, next[1].at);
				next[1].run();
				await flush();
			}
			if ('error' in settled) throw settled.error;
			return settled.value;
		} finally {
			Object.assign(global, { setTimeout: saved.setTimeout, clearTimeout: saved.clearTimeout });
			Date.now = saved.now;
		}
	}

	private at(at: number, run: () => void): number {
		const id = this.nextId++;
		this.timers.set(id, { at, run });
		return id;
	}
}
