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
/** The rate is what the tenant accepted over this window (DRF's per second); `accepted.length` is it, a second. */
const RATE_WINDOW_MS = 1000;

export type Overload = 'throttled' | 'unavailable' | 'timeout';

/** A request as the rule saw it sent; `seq` tells answers to requests sent before a cut from later ones. */
export interface Sent {
	readonly seq: number;
	readonly sentAt: number;
	/** Our requests at the tenant when it was sent, itself included. */
	readonly inFlightAtSend: number;
}

/** c(t − K)³ + top, with K such that it is top · `from` at t = 0: concave up to `top`, convex past it. */
function cubic(top: number, from: number, seconds: number, c = CUBIC_C): number {
	return c * (seconds - Math.cbrt((top * (1 - from)) / c)) ** 3 + top;
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
	/** The last throttle: the lanes that passed, the rate accepted, when, and how many times in a row it came at or past those lanes. */
	private throttled: { lanes: number; rate?: number; at: number; again: number } | undefined;
	/** Starts a second, once a throttle by rate gave one to measure. */
	private rate: number | undefined;
	/** The answers accepted over the latest RATE_WINDOW_MS: when, and with how many of ours in flight when sent. */
	private readonly accepted: Array<{ at: number; inFlight: number }> = [];

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
		return { seq: this.nextSeq++, sentAt: now, inFlightAtSend };
	}

	/**
	 * An answer with no sign of overload: the pace may grow while every lane is in use (`busy`), or
	 * its latency cuts the lanes ('latency'). `careful`: a write, which grows half as fast once avoiding.
	 */
	answered(sent: Sent, now: number, { busy, oldestSentAt, careful }: { busy: boolean; oldestSentAt?: number; careful: boolean }): 'latency' | undefined {
		const ms = now - sent.sentAt;
		this.accepted.push({ at: now, inFlight: sent.inFlightAtSend });
		this.forgetAccepted(now);
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
			// Back to where it throttled as AIMD grows, past it on the cubic curve (flatter each time it throttled
			// there again: probed seconds apart, then tens); the rate on its own, never past twice what is accepted.
			const seconds = (now - last.at) / 1000;
			this.limit = Math.min(this.ceiling, Math.max(this.limit, Math.min(aimd, last.lanes), cubic(last.lanes, 0.5, seconds, CUBIC_C / 2 ** last.again)));
			if (this.rate !== undefined && last.rate !== undefined) this.rate = Math.max(this.rate, Math.min(cubic(last.rate, RATE_CUT, seconds), 2 * this.accepted.length));
		}
		return undefined;
	}

	/**
	 * Overload: the lanes are halved, once per round trip (answers whether this cut). A 429 also marks
	 * where it throttled (no more lanes than passed then) and paces starts at what the tenant accepted
	 * over the last second (DRF's window); below that when it throttled by rate (a request sent with as
	 * many in flight had passed).
	 */
	overloaded(sent: Sent, kind: Overload, now: number): boolean {
		const fresh = sent.seq >= this.cutFrom;
		if (kind === 'throttled') {
			const lanes = Math.max(1, sent.inFlightAtSend - 1);
			const last = this.throttled;
			if (!fresh && last) last.lanes = Math.min(last.lanes, lanes);
			else {
				this.forgetAccepted(now);
				const byRate = this.accepted.some((answer) => answer.inFlight >= sent.inFlightAtSend);
				const rate = this.accepted.length > 0 ? Math.min(this.accepted.length, this.rate ?? Infinity) : undefined;
				this.throttled = { lanes, rate, at: now, again: last && lanes >= last.lanes ? last.again + 1 : 0 };
				if (rate !== undefined) this.rate = Math.max(MIN_RATE, rate * (byRate ? RATE_CUT : 1));
			}
		}
		if (fresh) this.cut(0.5);
		if (kind === 'throttled') this.limit = Math.min(this.limit, this.throttled?.lanes ?? Infinity);
		return fresh;
	}

	private forgetAccepted(now: number) {
		while (this.accepted.length > 0 && this.accepted[0].at <= now - RATE_WINDOW_MS) this.accepted.shift();
	}

	private cut(factor: number) {
		this.avoiding = true;
		this.limit = Math.max(1, Math.floor(Math.min(this.limit, this.ceiling) * factor));
		this.cutFrom = this.nextSeq;
		this.round = { size: this.lanes, answers: 0, totalMs: 0 };
	}
}
