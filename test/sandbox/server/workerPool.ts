/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in Node.js, not inside n8n */
/**
 * A tenant behind a pool of workers (gunicorn's, say): at most `size()` requests are served at once,
 * the others wait in arrival order and are never refused. The size is read whenever a worker could
 * be free, so a test or the bench changes it while requests wait (0: every worker busy elsewhere).
 */

/** What the pool needs of an answer: it frees its worker when it closes (sent, or the client gone). */
export interface Closable {
	once(event: 'close', listener: () => void): unknown;
}

export interface Admission {
	/** Requests waiting for a worker when this one arrived, itself included; 0 when a worker was free. */
	queued: number;
	/** Resolves when a worker takes the request (or its client left), with how long it waited (ms). */
	served: Promise<number>;
}

/** While someone waits, how often the pool looks again at its size (it may have grown). */
const RECHECK_MS = 10;

export class WorkerPool {
	private busy = 0;
	private readonly waiting: Array<() => void> = [];
	private recheck: NodeJS.Timeout | undefined;

	constructor(
		private readonly size: () => number,
		private readonly now: () => number = Date.now,
	) {}

	/** Joins the queue, or takes a free worker at once; the worker is freed when `answer` closes. */
	admit(answer: Closable): Admission {
		let state: 'waiting' | 'served' | 'gone' = 'waiting';
		const take = () => {
			state = 'served';
			this.busy++;
		};
		answer.once('close', () => {
			if (state === 'served') this.free();
			state = 'gone';
		});
		if (this.waiting.length === 0 && this.busy < this.size()) {
			take();
			return { queued: 0, served: Promise.resolve(0) };
		}
		const arrived = this.now();
		let turn = () => {};
		const served = new Promise<number>((resolve) => {
			turn = () => {
				if (state === 'waiting') take();
				resolve(this.now() - arrived);
			};
			answer.once('close', () => {
				// A client that left while waiting leaves the queue; its handler goes on to answer no one.
				const index = this.waiting.indexOf(turn);
				if (index >= 0) this.waiting.splice(index, 1);
				resolve(this.now() - arrived);
			});
		});
		const queued = this.waiting.push(turn);
		this.watch();
		return { queued, served };
	}

	private free(): void {
		this.busy--;
		this.drain();
	}

	private drain(): void {
		while (this.waiting.length > 0 && this.busy < this.size()) this.waiting.shift()!();
		if (this.waiting.length === 0 && this.recheck) {
			clearInterval(this.recheck);
			this.recheck = undefined;
		}
	}

	private watch(): void {
		this.recheck ??= setInterval(() => this.drain(), RECHECK_MS).unref();
	}
}
