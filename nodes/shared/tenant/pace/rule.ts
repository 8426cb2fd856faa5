/**
 * The rule that decides a tenant's pace from its answers, on the clock it is given: lanes (requests
 * at once) by AIMD with slow start, and after a 429 a rate of starts; both grow back on CUBIC's curve
 * (RFC 9438; the AWS SDKs' adaptive mode for the rate). The numbers and why: docs/guarantees.md#pace.
 */

/** Lanes at the start: where Netflix's concurrency-limits starts its limiters (Vegas, Gradient2). */
export const START_LANES = 20;
/** Latency counts as overload past twice the fastest answer and this much (noise at 1 ms answers does not). */
const LATENCY_MARGIN_MS = 50;
/** Answers of a round enough to judge its latency before it is over (HyStart++'s N_RTT_SAMPLE). */
const ROUND_SAMPLES = 8;
/** After a throttle the rate is this share of what the tenant accepted (the AWS SDKs' beta). */
const RATE_CUT = 0.7;
/** CUBIC's C, in lanes (or starts a second) per second cubed. */
const CUBIC_C = 0.4;
const MIN_RATE = 0.5;
const RATE_WINDOW_MS = 1000;

export type Overload = 'throttled' | 'unavailable' | 'timeout';

/** A request as the rule saw it sent; `seq` tells answers to requests sent before a cut from later ones. */
export interface Sent {
	readonly seq: number;
	readonly sentAt: number;
	/** Our requests at the tenant when it was sent, itself included. */
	readonly inFlightAtSend: number;
}

/** C(t − K)³ + top, with K such that it is top · `from` at t = 0: concave up to `top`, convex past it. */
function cubic(top: number, from: number, seconds: number): number {
	return CUBIC_C * (seconds - Math.cbrt((top * (1 - from)) / CUBIC_C)) ** 3 + top;
}

export class PaceRule {
	private limit: number;
	/** Past the first sign of overload: a lane per round trip, not per answer. */
	private avoiding = false;
	private nextSeq = 0;
	private cutFrom = 0;
	private fastestMs = Infinity;
	private round = { size: START_LANES, answers: 0, totalMs: 0 };
	/** The latest answers' latencies before the first cut (slow start judges them as they come). */
	private recent: number[] = [];
	/** The last throttle: the lanes that passed, the rate accepted, when. */
	private throttled: { lanes: number; rate?: number; at: number } | undefined;
	/** Starts a second, once a throttle gave a rate to measure. */
	private rate: number | undefined;
	private readonly accepted: number[] = [];
	private firstSentAt: number | undefined;
	/** Retry-After pauses: time the tenant could not have answered in. */
	private holds: Array<{ from: number; until: number }> = [];

	/** `ceiling`: the tenant's Max Requests at Once. */
	constructor(public ceiling: number) {
		this.limit = Math.min(START_LANES, ceiling);
	}

	get lanes(): number {
		return Math.max(1, Math.min(this.ceiling, Math.floor(this.limit)));
	}

	/** Least time between two starts (ms); 0 when starts are not paced. */
	get spacingMs(): number {
		return this.rate === undefined ? 0 : 1000 / this.rate;
	}

	get seq(): number {
		return this.nextSeq;
	}

	sent(now: number, inFlightAtSend: number): Sent {
		this.firstSentAt ??= now;
		return { seq: this.nextSeq++, sentAt: now, inFlightAtSend };
	}

	/**
	 * An answer with no sign of overload: the pace may grow while every lane is in use (`busy`), or
	 * its latency cuts the lanes ('latency'). `careful`: a write, which grows half as fast once avoiding.
	 */
	answered(sent: Sent, now: number, { busy, oldestSentAt, careful }: { busy: boolean; oldestSentAt?: number; careful: boolean }): 'latency' | undefined {
		const ms = now - sent.sentAt;
		this.accepted.push(now);
		while (this.accepted[0] <= now - RATE_WINDOW_MS) this.accepted.shift();
		this.fastestMs = Math.min(this.fastestMs, ms);
		this.round.answers++;
		this.round.totalMs += ms;
		const beforeFirstCut = this.cutFrom === 0;
		if (beforeFirstCut) this.recent = [...this.recent.slice(1 - ROUND_SAMPLES), ms];
		const toleratedMs = 2 * this.fastestMs + LATENCY_MARGIN_MS;
		// A round trip: as many answers as lanes when it began; while the lanes double, the latest
		// ROUND_SAMPLES are judged as they come too (HyStart++, RFC 9406).
		let meanMs = 0;
		if (this.round.answers >= this.round.size) {
			meanMs = this.round.totalMs / this.round.answers;
			this.round = { size: this.lanes, answers: 0, totalMs: 0 };
		}
		if (beforeFirstCut && this.recent.length === ROUND_SAMPLES) meanMs = Math.max(meanMs, this.recent.reduce((sum, one) => sum + one, 0) / ROUND_SAMPLES);
		if (sent.seq < this.cutFrom) return undefined;
		if (meanMs > toleratedMs) {
			this.cut(Math.min(0.9, Math.max(0.5, toleratedMs / meanMs)));
			return 'latency';
		}
		if (!busy) return undefined;
		// A request unanswered past the tolerance shows a slower round before its answer does.
		if (!this.avoiding && oldestSentAt !== undefined && now - oldestSentAt > toleratedMs) this.avoiding = true;
		const step = careful && this.avoiding ? 0.5 : 1;
		const aimd = this.limit + (this.avoiding ? step / this.lanes : step);
		const last = this.throttled;
		if (!last) this.limit = Math.min(this.ceiling, aimd);
		else {
			// Back to where it throttled as AIMD grows, past it on the cubic curve; the rate on its own, never past twice what is accepted.
			const seconds = (now - last.at) / 1000;
			this.limit = Math.min(this.ceiling, Math.max(this.limit, Math.min(aimd, last.lanes), cubic(last.lanes, 0.5, seconds)));
			if (this.rate !== undefined && last.rate !== undefined) this.rate = Math.max(this.rate, Math.min(cubic(last.rate, RATE_CUT, seconds), 2 * this.acceptedRate(now)));
		}
		return undefined;
	}

	/**
	 * Overload: the lanes are halved, once per round trip (answers whether this cut). A 429 also marks
	 * where it throttled (no more lanes than passed then) and paces starts below the rate accepted.
	 */
	overloaded(sent: Sent, kind: Overload, now: number): boolean {
		const fresh = sent.seq >= this.cutFrom;
		if (kind === 'throttled') {
			const lanes = Math.max(1, sent.inFlightAtSend - 1);
			if (!fresh && this.throttled) this.throttled.lanes = Math.min(this.throttled.lanes, lanes);
			else {
				const measured = this.acceptedRate(now);
				const rate = measured > 0 ? Math.min(measured, this.rate ?? Infinity) : undefined;
				this.throttled = { lanes, rate, at: now };
				if (rate !== undefined) this.rate = Math.max(MIN_RATE, rate * RATE_CUT);
			}
		}
		if (fresh) this.cut(0.5);
		if (kind === 'throttled') this.limit = Math.min(this.limit, this.throttled?.lanes ?? Infinity);
		return fresh;
	}

	/** A Retry-After from `now` to `until`: not counted as time the tenant could answer in. */
	held(now: number, until: number) {
		this.holds = [...this.holds.filter((hold) => hold.until > now - RATE_WINDOW_MS), { from: now, until }];
	}

	/** Answers accepted a second over the latest window, pauses not counted (and never over less than a quarter of it). */
	private acceptedRate(now: number): number {
		const from = Math.max(now - RATE_WINDOW_MS, this.firstSentAt ?? now);
		const paused = this.holds.reduce((sum, hold) => sum + Math.max(0, Math.min(now, hold.until) - Math.max(from, hold.from)), 0);
		const active = now - from - paused;
		const count = this.accepted.filter((at) => at > now - RATE_WINDOW_MS).length;
		return active > 0 ? (count * 1000) / Math.max(active, RATE_WINDOW_MS / 4) : 0;
	}

	private cut(factor: number) {
		this.avoiding = true;
		this.limit = Math.max(1, Math.floor(Math.min(this.limit, this.ceiling) * factor));
		this.cutFrom = this.nextSeq;
		this.round = { size: this.lanes, answers: 0, totalMs: 0 };
	}
}
