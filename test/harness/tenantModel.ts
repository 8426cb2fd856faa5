/**
 * A tenant as the pace meets it, on a virtual loop's clock (virtualLoop.ts): each request arrives a
 * moment after it leaves, in the order it left, and is answered by the sandbox's pace switches'
 * rules (test/sandbox/server/pace.ts): 429 above some at once, DRF's rate throttle, workers that queue.
 */
export interface TenantPace {
	latencyMs: number;
	/** Up to this much more on each answer's way back, at random. */
	jitterMs: number;
	throttleAbove?: number;
	ratePerSecond?: number;
	workers?: number;
}

export interface Answer {
	status: 200 | 429;
	retryAfter?: number;
	/** When it is back at our side. */
	backAt: number;
}

const NETWORK_MS = 0.3;

export class TenantModel {
	/** Arrivals the rate let through, oldest first. */
	private readonly window: number[] = [];
	/** When each served request leaves the tenant (its answer sent): how many are unanswered at an arrival. */
	private leaving: number[] = [];
	private readonly workersFreeAt: number[];
	readonly seen = { served: 0, peak: 0, longestQueue: 0, arrivedAt: [] as number[], throttledAt: [] as number[] };

	constructor(
		readonly pace: TenantPace,
		private readonly random: () => number,
	) {
		this.workersFreeAt = Array.from({ length: pace.workers ?? 0 }, () => 0);
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
		if (pace.ratePerSecond !== undefined) {
			while (this.window.length > 0 && this.window[0] <= arrival - 1000) this.window.shift();
			if (this.window.length >= pace.ratePerSecond) return refuse(Math.max(1, Math.ceil((this.window[0] + 1000 - arrival) / 1000)));
			this.window.push(arrival);
		}
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
