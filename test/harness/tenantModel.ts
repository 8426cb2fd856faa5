import { RateWindow, type Pace } from '../sandbox/server/pace';

/**
 * A tenant as the pace meets it, on a virtual loop's clock (virtualLoop.ts): each request arrives a
 * moment after it leaves, in the order it left, and is answered by the sandbox's pace switches'
 * rules (test/sandbox/server/pace.ts): 429 above some at once, DRF's rate throttle, workers that queue.
 */
/** The sandbox's pace switches the model keeps to, and the jitter of answers on their way back. */
export type TenantPace = Required<Pick<Pace, 'latencyMs'>> &
	Pick<Pace, 'throttleAbove' | 'ratePerSecond' | 'workers'> & {
		/** Up to this much more on each answer's way back, at random. */
		jitterMs: number;
	};

export interface Answer {
	status: 200 | 429;
	retryAfter?: number;
	/** When it is back at our side. */
	backAt: number;
}

const NETWORK_MS = 0.3;

export class TenantModel {
	private readonly window: RateWindow | undefined;
	/** When each served request leaves the tenant (its answer sent): how many are unanswered at an arrival. */
	private leaving: number[] = [];
	private readonly workersFreeAt: number[];
	readonly seen = { served: 0, peak: 0, longestQueue: 0, arrivedAt: [] as number[], throttledAt: [] as number[] };

	constructor(
		readonly pace: TenantPace,
		private readonly random: () => number,
	) {
		this.workersFreeAt = Array.from({ length: pace.workers ?? 0 }, () => 0);
		this.window = pace.ratePerSecond === undefined ? undefined : new RateWindow(pace.ratePerSecond, 1000);
	}

	/** A request leaving us at `leftAt`: its answer, decided as it arrives (arrivals keep the order requests leave in). */
	send(leftAt: number): Answer {
		const { pace } = this;
		const arrival = leftAt + NETWORK_MS;
		const back = (at: number) => at + NETWORK_MS + this.random() * pace.jitterMs;
		this.seen.arrivedAt.push(arrival);
		this.leaving = this.leaving.filter((at) => at > arrival);
		const alongside = this.leaving.length;
		this.seen.peak = Math.max(this.seen.peak, alongside + 1);
		const refuse = (retryAfter: number): Answer => {
			this.seen.throttledAt.push(arrival);
			return { status: 429, retryAfter, backAt: back(arrival) };
		};
		if (pace.throttleAbove !== undefined && alongside >= pace.throttleAbove) return refuse(1);
		const wait = this.window?.refuses(arrival);
		if (wait !== undefined) return refuse(wait);
		let start = arrival;
		if (this.workersFreeAt.length > 0) {
			const worker = this.workersFreeAt.indexOf(Math.min(...this.workersFreeAt));
			start = Math.max(arrival, this.workersFreeAt[worker]);
			this.seen.longestQueue = Math.max(this.seen.longestQueue, alongside + 1 - this.workersFreeAt.length);
			this.workersFreeAt[worker] = start + pace.latencyMs;
		}
		const done = start + pace.latencyMs;
		this.leaving.push(done);
		this.seen.served++;
		return { status: 200, backAt: back(done) };
	}
}
