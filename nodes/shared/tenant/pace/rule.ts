/**
 * The rule that decides a tenant's pace from its answers, on the clock it is given: how many
 * requests go at once (lanes, AIMD with slow start, as Netflix's concurrency-limits) and, once the
 * tenant throttled by rate, how many start a second (as the AWS SDKs' adaptive mode). A 429 teaches
 * a limit that held; going past it costs every execution a Retry-After pause, so the pace keeps
 * below it for a while. The numbers and why: docs/guarantees.md#pace.
 */

/** Lanes at the start: where Netflix's concurrency-limits starts its limiters (Vegas, Gradient2). */
export const START_LANES = 20;
/** The latency an answer may add to the fastest: as much again, at least this (at 1 ms answers, n8n's own load is no queue at the tenant)... */
const LATENCY_MARGIN_MS = 50;
/** ...plus this for each request in flight, whose answer n8n works on before the next (measured: a lone run at 50 ms answers needs it; 1.5 let 4 executions behind 8 workers wait 19)... */
const OWN_WORK_MS = 0.5;
/** ...and this a megabyte of the answer: a page of 100 sales notes (300 KB) takes n8n about 6 ms, so 20 pages that come back together read as a queue. */
const OWN_WORK_MS_PER_MB = 20;
/** Latencies judged together: the fastest of the latest 8 shows the tenant's queue, not our own event loop's (Linux's Vegas takes a round's fastest). */
const SAMPLES = 8;
/** Starts a second after a throttle by rate: this share of what the tenant accepted over its window, room for jitter. */
const RATE_SHARE = 0.9;
/** The window a rate is counted over (DRF's per second). */
const RATE_WINDOW_MS = 1000;
const MIN_RATE = 0.5;
/** A limit a 429 taught holds this long, twice as long each time going past it was throttled again (up to 16 times: 8 minutes). */
export const PROBE_AFTER_MS = 30_000;
const MOST_DOUBLINGS = 4;
/** Past that, a taught rate grows by this share of itself a second. */
const RATE_PROBE_GROWTH = 0.1;

export type Overload = 'throttled' | 'unavailable' | 'timeout';

/** A request as the rule saw it sent; `seq` tells answers to requests sent before a cut from later ones. */
export interface Sent {
	readonly seq: number;
	readonly sentAt: number;
	/** Our requests at the tenant when it was sent, itself included. */
	readonly inFlightAtSend: number;
	/** Every lane was in use once it went: only its answer shows that the tenant takes more. */
	readonly full: boolean;
}

/** A limit a 429 taught: kept until `probeAt`, then grown past. */
interface Taught {
	value: number;
	probeAt: number;
	again: number;
}

export class PaceRule {
	private limit: number;
	/** Past the first sign of overload: a lane per round trip, not per answer. */
	private avoiding = false;
	private nextSeq = 0;
	private cutFrom = 0;
	private fastestMs = Infinity;
	/** Requests sent before this were out before the first answer came. */
	private knownFrom = 0;
	/** Latencies of the latest answers to requests sent since the last cut. */
	private latest: number[] = [];
	private lanesTaught: Taught | undefined;
	private rateTaught: Taught | undefined;
	/** Our latest starts, oldest first, by `seq` without gaps; `passed` once answered (false: 429). */
	private readonly starts: Array<{ at: number; inFlight: number; passed?: boolean }> = [];
	private firstSeq = 0;

	/** `ceiling`: the tenant's Max Requests at Once. */
	constructor(public ceiling: number) {
		this.limit = Math.min(START_LANES, ceiling);
	}

	get lanes(): number {
		return Math.max(1, Math.min(this.ceiling, Math.floor(this.limit)));
	}

	/** Least time between two starts (ms); 0 when starts are not paced. */
	spacingMs(now: number): number {
		const taught = this.rateTaught;
		if (!taught) return 0;
		return 1000 / (taught.value * (1 + RATE_PROBE_GROWTH * Math.max(0, now - taught.probeAt) / 1000));
	}

	/** The limits 429s taught that still hold at `now`, as a run's hint says them: requests at once, and starts a second. */
	taught(now: number): { atOnce?: number; perSecond?: number } {
		const held = (limit: Taught | undefined) => (limit && now < limit.probeAt ? limit.value : undefined);
		const perSecond = held(this.rateTaught);
		return { atOnce: held(this.lanesTaught), perSecond: perSecond && Math.round(perSecond) };
	}

	/** An answer has shown how fast the tenant answers. */
	get knowsTenant(): boolean {
		return this.fastestMs < Infinity;
	}

	get seq(): number {
		return this.nextSeq;
	}

	sent(now: number, inFlightAtSend: number): Sent {
		while (this.starts.length > 0 && this.starts[0].at <= now - 2 * RATE_WINDOW_MS) {
			this.starts.shift();
			this.firstSeq++;
		}
		this.starts.push({ at: now, inFlight: inFlightAtSend });
		return { seq: this.nextSeq++, sentAt: now, inFlightAtSend, full: inFlightAtSend >= this.lanes };
	}

	/**
	 * An answer with no sign of overload. The fastest of the latest answers, past the tolerance,
	 * cuts the lanes ('latency'); while they are quick (below a limit a 429 taught, tolerated), an
	 * answer to a request sent with every lane in use grows them (`careful`: a write, half as fast once
	 * avoiding), up to that limit until it has held PROBE_AFTER_MS. Its latency counts from `leftAt`,
	 * when it left, to `cameBy`, when it had come at the latest; `lateMs`, how late our event loop ran
	 * while it was out, is not the tenant's fastest (limiter.ts).
	 */
	answered(sent: Sent, now: number, { leftAt = sent.sentAt, cameBy = now, lateMs = 0, oldestLeftAt, careful, bytes = 0 }: { leftAt?: number; cameBy?: number; lateMs?: number; oldestLeftAt?: number; careful: boolean; bytes?: number }): 'latency' | undefined {
		const ms = now - leftAt;
		const start = this.startOf(sent);
		if (start) start.passed = true;
		// The tenant's part: lateness that began before the answer came held no answer, so at most half an answer is taken as ours.
		const tenantMs = Math.max(ms - lateMs, ms / 2);
		const cameMs = Math.max(0, cameBy - leftAt);
		// The fastest is kept for good: only a fresh pace's first requests, sent while n8n starts its executions, take lateness off it.
		if (!this.knowsTenant) this.knownFrom = this.nextSeq;
		this.fastestMs = Math.min(this.fastestMs, sent.seq < this.knownFrom ? tenantMs : ms);
		if (sent.seq < this.cutFrom) return undefined;
		this.latest = [...this.latest.slice(1 - SAMPLES), tenantMs];
		// Tolerated: the fastest answer, as much again and n8n's own work; quick: a quarter of that more.
		// The fastest of the latest 8 past tolerated cuts the lanes; this answer past quick holds them
		// (some requests queue at the tenant, or n8n is busy).
		const allowance = Math.max(this.fastestMs, LATENCY_MARGIN_MS);
		// This answer's size stands for those in flight, which a run asks alike.
		const ownMs = (OWN_WORK_MS + (OWN_WORK_MS_PER_MB * bytes) / 1e6) * this.lanes;
		const toleratedMs = this.fastestMs + allowance + ownMs;
		const fastestLatest = Math.min(...this.latest);
		if (this.latest.length === SAMPLES && fastestLatest > toleratedMs) {
			this.cut(Math.min(0.9, Math.max(0.5, toleratedMs / fastestLatest)));
			return 'latency';
		}
		const quickMs = this.fastestMs + allowance / 4 + ownMs;
		// The fastest of the latest answers past quick: the tenant queues some of every round, so slow start is over (HyStart++).
		if (this.latest.length === SAMPLES && fastestLatest > quickMs) this.avoiding = true;
		// Below a limit a 429 taught, the tenant has said where it refuses: tolerated answers grow the lanes back.
		const taught = this.lanesTaught;
		const belowTaught = taught !== undefined && this.limit < taught.value;
		if (!sent.full || (!belowTaught && cameMs > quickMs)) return undefined;
		// A request unanswered past the tolerance shows a slower round before its answer does (HyStart++).
		if (oldestLeftAt !== undefined && now - oldestLeftAt > toleratedMs) this.avoiding = true;
		const step = this.avoiding ? (careful ? 0.5 : 1) / this.lanes : 1;
		const top = taught && (belowTaught || now < taught.probeAt) ? taught.value : this.ceiling;
		if (this.limit < top) this.limit = Math.min(top, this.limit + step);
		return undefined;
	}

	/**
	 * Overload, counted once per round trip (answers whether this one was). A 429 teaches a limit: by
	 * rate when a request sent with as many in flight had passed (starts are then paced at RATE_SHARE of
	 * those that passed over the window before it, and the lanes, which paced starts need, are kept),
	 * else by requests at once (no more than were in flight besides it). Any other overload, and a
	 * limit at once, halves the lanes.
	 */
	overloaded(sent: Sent, kind: Overload, now: number): boolean {
		const fresh = sent.seq >= this.cutFrom;
		let byRate = false;
		if (kind === 'throttled') {
			const start = this.startOf(sent);
			if (start) start.passed = false;
			const atOnce = sent.inFlightAtSend - 1;
			// Past a limit at once taught before, it is that limit again; so is a 429 in the pace's first
			// window (a rate taken for one would slow the pace to what a ramp's first second passed), or one
			// no request sent with as many in flight since the last cut passed (our count of requests in
			// flight runs ahead of the tenant's: some have not left, some answers wait for n8n).
			const pastTaught = this.lanesTaught !== undefined && atOnce >= this.lanesTaught.value;
			const aWindowSent = this.starts.length > 0 && this.starts[0].at <= sent.sentAt - RATE_WINDOW_MS;
			byRate = !pastTaught && aWindowSent && this.starts.some((one, index) => this.firstSeq + index >= this.cutFrom && one.passed === true && one.inFlight >= sent.inFlightAtSend);
			if (fresh && byRate) {
				const passed = this.starts.filter((one) => one.passed !== false && one.at > sent.sentAt - RATE_WINDOW_MS && one.at < sent.sentAt).length;
				this.rateTaught = this.teach(this.rateTaught, Math.max(MIN_RATE, (RATE_SHARE * passed * 1000) / RATE_WINDOW_MS), now);
			}
			const last = this.lanesTaught;
			// The answers of one round teach one limit: the fewest at once they were refused above.
			if (atOnce >= 1 && !byRate) this.lanesTaught = fresh || !last ? this.teach(last, atOnce, now) : { ...last, value: Math.min(last.value, atOnce) };
		}
		if (fresh && byRate) this.cutFrom = this.nextSeq;
		else if (fresh) this.cut(0.5);
		if (this.lanesTaught) this.limit = Math.min(this.limit, this.lanesTaught.value);
		return fresh;
	}

	/** A limit taught anew; a throttle while going past the last one doubles the time it holds. */
	private teach(last: Taught | undefined, value: number, now: number): Taught {
		const again = last && now >= last.probeAt ? Math.min(MOST_DOUBLINGS, last.again + 1) : (last?.again ?? 0);
		return { value, again, probeAt: now + PROBE_AFTER_MS * 2 ** again };
	}

	private startOf(sent: Sent) {
		return this.starts[sent.seq - this.firstSeq] as (typeof this.starts)[number] | undefined;
	}

	private cut(factor: number) {
		this.avoiding = true;
		this.limit = Math.max(1, Math.floor(Math.min(this.limit, this.ceiling) * factor));
		this.cutFrom = this.nextSeq;
		this.latest = [];
	}
}
