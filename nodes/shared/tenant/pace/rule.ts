/**
 * The rule that decides a tenant's pace from its answers: how many requests at once (lanes), and,
 * once it has throttled, how many may start per second. Pure: every call is given the time, so a
 * test drives it on a clock it moves. The limiter (limiter.ts) enforces what it decides; the numbers
 * and why: docs/guarantees.md#pace.
 * - lanes: AIMD with slow start, as TCP finds a path's capacity (one lane per answer until the first
 *   sign of overload, then one per round trip, half for writes), cut at once on a 429, 503/504, a
 *   request out of time (halved) or a clear rise in latency (by a tenth to a half), one cut per round trip;
 * - after a 429, lanes and rate grow back on a cubic curve (CUBIC, RFC 9438; the AWS SDKs' adaptive
 *   mode for the rate): quickly to where the tenant throttled, slowly past it, so a cut recovers and a
 *   tenant's limit is met seconds apart, not at every round trip.
 */

/** Lanes at the start: where Netflix's concurrency-limits starts its limiters (Vegas, Gradient2). */
export const START_LANES = 20;
/** A round trip's mean latency must exceed twice the fastest answer and this much more to count as overload (noise at 1 ms answers is not). */
const LATENCY_MARGIN_MS = 50;
/** Answers of a round enough to judge its latency before the round is over (HyStart++'s N_RTT_SAMPLE). */
const ROUND_SAMPLES = 8;
/** After a throttle the rate is this share of what the tenant accepted (the AWS SDKs' and CUBIC's beta). */
const RATE_CUT = 0.7;
/** CUBIC's C, in lanes (or requests per second) per second cubed: from half to where it throttled in 2.3 s at 10 lanes. */
const CUBIC_C = 0.4;
/** Starts per second the rate never goes below (the AWS SDKs' floor). */
const MIN_RATE = 0.5;
/** The rate is measured over this much of the latest time the tenant was not holding us. */
const RATE_WINDOW_MS = 1000;

export type Overload = 'throttled' | 'unavailable' | 'timeout';

/** A request as the rule saw it sent. */
export interface Sent {
	/** In the order requests were sent: tells answers to requests sent before a cut from later ones. */
	readonly seq: number;
	readonly sentAt: number;
	/** Our requests at the tenant when this one was sent, itself included. */
	readonly inFlightAtSend: number;
}

/** What the rule knows of the moment an answer came. */
export interface Moment {
	now: number;
	/** Every lane in use and more waiting: only then do answers show the tenant takes more. */
	busy: boolean;
	/** When the oldest request still unanswered was sent. */
	oldestSentAt?: number;
	/** A write: past the first sign of overload it grows half as fast (its failure from overload has an unknown outcome). */
	careful?: boolean;
}

/** y(t) = C(t − K)³ + top, with K chosen so that y(0) = top · `from`: concave up to `top`, convex past it. */
function cubic(top: number, from: number, seconds: number): number {
	const k = Math.cbrt((top * (1 - from)) / CUBIC_C);
	return CUBIC_C * (seconds - k) ** 3 + top;
}

export class PaceRule {
	/** Lanes never go above this: the tenant's Max Requests at Once. */
	ceiling: number;
	private limit: number;
	/** After the first sign of overload: grow by a lane per round trip, not per answer. */
	private avoiding = false;
	private nextSeq = 0;
	/** Answers to requests sent before this are echoes of the last cut. */
	private cutFrom = 0;
	private fastestMs = Infinity;
	private round = { size: START_LANES, answers: 0, totalMs: 0 };
	/** Latencies of the latest answers before the first cut (slow start judges them as they come). */
	private recent: number[] = [];
	/** Where and when the tenant last throttled: the lanes that passed, and the rate it accepted. */
	private throttled: { lanes: number; rate?: number; at: number } | undefined;
	/** Starts per second, once the tenant has throttled with a rate to measure; undefined: not paced. */
	private rateLimit: number | undefined;
	/** When the answers the tenant accepted came, over the latest RATE_WINDOW_MS. */
	private readonly accepted: number[] = [];
	private firstSentAt: number | undefined;
	/** Pauses the tenant asked for (Retry-After), not counted as time it could have answered in. */
	private holds: Array<{ from: number; until: number }> = [];

	constructor(ceiling: number) {
		this.ceiling = ceiling;
		this.limit = Math.min(START_LANES, ceiling);
	}

	/** Requests allowed at once now. */
	get lanes(): number {
		return Math.max(1, Math.min(this.ceiling, Math.floor(this.limit)));
	}

	/** Least time between two starts (ms), or 0 when starts are not paced. */
	get spacingMs(): number {
		return this.rateLimit === undefined ? 0 : 1000 / this.rateLimit;
	}

	get seq(): number {
		return this.nextSeq;
	}

	/** A request goes: its place in the order. */
	sent(now: number, inFlightAtSend: number): Sent {
		this.firstSentAt ??= now;
		return { seq: this.nextSeq++, sentAt: now, inFlightAtSend };
	}

	isEcho(sent: Sent): boolean {
		return sent.seq < this.cutFrom;
	}

	/** An answer that is no sign of overload: lanes and rate may grow. Answers 'latency' when its latency cut the lanes. */
	answered(sent: Sent, { now, busy, oldestSentAt, careful = false }: Moment): 'latency' | undefined {
		const ms = now - sent.sentAt;
		this.accepted.push(now);
		while (this.accepted[0] <= now - RATE_WINDOW_MS) this.accepted.shift();
		this.fastestMs = Math.min(this.fastestMs, ms);
		this.round.answers++;
		this.round.totalMs += ms;
		// No cut yet (a cut marks the requests sent so far, at least one).
		const beforeFirstCut = this.cutFrom === 0;
		if (beforeFirstCut) this.recent = [...this.recent.slice(1 - ROUND_SAMPLES), ms];
		const toleratedMs = 2 * this.fastestMs + LATENCY_MARGIN_MS;
		// A round trip's answers: as many as there were lanes when it began. Until the first cut the
		// lanes may double while a round's answers come in, so there the latest ROUND_SAMPLES answers
		// are judged as they come too (HyStart++, RFC 9406, leaves slow start on the same sign).
		let meanMs = 0;
		if (this.round.answers >= this.round.size) {
			meanMs = this.round.totalMs / this.round.answers;
			this.round = { size: this.lanes, answers: 0, totalMs: 0 };
		}
		if (beforeFirstCut && this.recent.length === ROUND_SAMPLES) meanMs = Math.max(meanMs, this.recent.reduce((sum, one) => sum + one, 0) / ROUND_SAMPLES);
		if (this.isEcho(sent)) return undefined;
		if (meanMs > toleratedMs) {
			// Down in proportion to how far past the tolerance the answers are, by a tenth to a half.
			this.cut(Math.min(0.9, Math.max(0.5, toleratedMs / meanMs)));
			return 'latency';
		}
		// Grown only while every lane is in use: spare lanes have shown nothing about the tenant.
		if (!busy) return undefined;
		// A request still unanswered after the tolerance says the round is slower before its answer does: slow start ends.
		if (!this.avoiding && oldestSentAt !== undefined && now - oldestSentAt > toleratedMs) this.avoiding = true;
		const step = careful && this.avoiding ? 0.5 : 1;
		const aimd = this.limit + (this.avoiding ? step / this.lanes : step);
		const since = this.throttled;
		if (since === undefined) this.limit = Math.min(this.ceiling, aimd);
		else {
			// Back to where it throttled as AIMD grows, past it only on the cubic curve.
			const seconds = (now - since.at) / 1000;
			this.limit = Math.min(this.ceiling, Math.max(this.limit, Math.min(aimd, since.lanes), cubic(since.lanes, 0.5, seconds)));
			// The rate grows on its own curve, never past twice what the tenant is accepting (no credit for starts never asked for).
			if (this.rateLimit !== undefined && since.rate !== undefined) {
				this.rateLimit = Math.max(this.rateLimit, Math.min(cubic(since.rate, RATE_CUT, seconds), 2 * this.acceptedRate(now)));
			}
		}
		return undefined;
	}

	/**
	 * The tenant showed overload: the lanes are halved (once per round trip). A 429 also marks where it
	 * throttled (no more lanes than passed then, until they grow back) and paces the starts below the
	 * rate it was accepting. Answers whether it cut.
	 */
	overloaded(sent: Sent, kind: Overload, now: number): boolean {
		if (kind === 'throttled') {
			const lanes = Math.max(1, sent.inFlightAtSend - 1);
			// An echo of a throttle marks it lower when it was sent with fewer in flight.
			if (this.isEcho(sent) && this.throttled) this.throttled.lanes = Math.min(this.throttled.lanes, lanes);
			else {
				const measured = this.acceptedRate(now);
				const rate = measured > 0 ? Math.min(measured, this.rateLimit ?? Infinity) : undefined;
				this.throttled = { lanes, rate, at: now };
				if (rate !== undefined) this.rateLimit = Math.max(MIN_RATE, rate * RATE_CUT);
			}
		}
		const fresh = !this.isEcho(sent);
		if (fresh) this.cut(0.5);
		// Never more at once right after a throttle than passed when it came.
		if (kind === 'throttled') this.limit = Math.min(this.limit, this.throttled?.lanes ?? Infinity);
		return fresh;
	}

	/** The tenant asked for no request before `until` (ms): that time does not count in its rate. */
	held(now: number, until: number) {
		this.holds = [...this.holds.filter((hold) => hold.until > now - RATE_WINDOW_MS), { from: now, until }];
	}

	/** Answers accepted per second over the latest window, not counting pauses the tenant asked for. */
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
