import { sleep } from 'n8n-workflow';

/**
 * A run's request budget: how many of its requests may be in flight at once, shared by every
 * request of the run (each item's pages, lookups and writes, and a login inside the lane of the
 * request that needed it). Made once per run (Tenant.open) and handed down with the Tenant.
 *
 * The tenant's pace is not written anywhere, so the budget finds it from the answers, the way TCP
 * finds a path's (AIMD with slow start; loss-based AIMD is what Netflix's concurrency-limits
 * recommends for clients). The numbers, and why, are in docs/guarantees.md#pace:
 * - it starts at START_LANES and never goes above the ceiling (the node's Parallel Requests) or below 1;
 * - it grows only while its lanes are all in use and answers come back without a sign of overload:
 *   one lane per answer until the first sign (twice as many each round trip, for writes too), then
 *   one lane per round trip (half a lane for writes: near the tenant's limit, a write that fails
 *   from overload has an unknown outcome and is never tried again);
 * - it shrinks at once: halved on a 429, a 503 or 504, or a request out of time; by a tenth to a
 *   half on a clear rise in latency (a round trip's answers taking on average more than twice the
 *   fastest seen and LATENCY_MARGIN_MS more; before the first cut, also the latest ROUND_SAMPLES
 *   answers, and a request unanswered that long ends the doubling). One cut per round trip: answers
 *   to requests sent before a cut do not cut again;
 * - a 429 also caps the run below the number in flight when the throttled request was sent, and
 *   holds every new request until its Retry-After is over;
 * - patience is the run's, not each item's: THROTTLE_WAITS throttles in a row, with no answer in
 *   between to a request sent after one, end the run: the request throttled once more fails and
 *   every request still waiting gets its error unsent, however many items there are.
 */

/** Lanes at the start of a run: where Netflix's concurrency-limits starts its limiters (Vegas, Gradient2). */
export const START_LANES = 20;
/** Parallel Requests when the user has not set it: at 150 ms answers, n8n's own work per item (1 to 3 ms) is the limit, not the budget. */
export const DEFAULT_CEILING = 200;
/** The most a user may set (Netflix's Gradient2 caps its limit there too). */
export const MAX_CEILING = 200;
/** Throttles in a row (429 answers with no answer between them) that the run waits out. */
export const THROTTLE_WAITS = 3;
/** A round trip's mean latency must exceed twice the fastest answer and this much more to count as overload (noise at 1 ms answers is not). */
const LATENCY_MARGIN_MS = 50;
/** Answers of a round enough to judge its latency before the round is over (HyStart++'s N_RTT_SAMPLE). */
const ROUND_SAMPLES = 8;

export type Overload = 'throttled' | 'unavailable' | 'timeout';

/** One request's hold on the budget. */
export interface Lane {
	/** In the order requests were sent: tells answers to requests sent before a cut from later ones. */
	readonly seq: number;
	/** Requests of the run in flight when this one was sent, itself included. */
	readonly inFlightAtSend: number;
	readonly sentAt: number;
	/** Gives the lane back; a second call does nothing. */
	end(): void;
}

/** What the run's budget did, for the run's hint and log. */
export interface BudgetReport {
	ceiling: number;
	/** Most requests in flight at once. */
	peak: number;
	/** 429 answers, and the waits they caused (one per throttle, however many answers it had). */
	throttledAnswers: number;
	throttleWaits: number;
	waitedMs: number;
	/** Cuts for 503/504 answers or requests out of time. */
	otherCuts: number;
	/** Cuts for a rise in latency. */
	latencyCuts: number;
	/** The cap a 429 set, when one did. */
	throttledCap: number | undefined;
}

export class RequestBudget {
	readonly ceiling: number;
	private limit: number;
	/** After the first sign of overload: grow by a lane per round trip, not per answer. */
	private avoiding = false;
	private cap: number;
	private inFlight = 0;
	private nextSeq = 0;
	/** Answers to requests sent before this are echoes of the last cut. */
	private cutFrom = 0;
	private readonly waiting: Array<{ resolve: (granted: boolean) => void }> = [];
	private resumeAt = 0;
	private closedWith: string | undefined;
	private throttlesInARow = 0;
	private fastestMs = Infinity;
	private window = { size: START_LANES, answers: 0, totalMs: 0 };
	/** When each request in flight was sent, oldest first. */
	private readonly unanswered = new Map<number, number>();
	/** Latencies of the latest answers before the first cut (slow start judges them as they come). */
	private recent: number[] = [];
	private readonly report: BudgetReport;
	private readonly careful: boolean;
	private readonly stopsAtFailure: boolean;

	/**
	 * `ceiling`: the node's Parallel Requests; `careful`: a run of writes; `stopsAtFailure`: a request
	 * that fails stops the run (a node's run without On Error: Continue).
	 */
	constructor({ ceiling = DEFAULT_CEILING, careful = false, stopsAtFailure = false }: { ceiling?: number; careful?: boolean; stopsAtFailure?: boolean } = {}) {
		this.ceiling = Math.max(1, Math.floor(ceiling));
		this.cap = this.ceiling;
		this.limit = Math.min(START_LANES, this.ceiling);
		this.careful = careful;
		this.stopsAtFailure = stopsAtFailure;
		this.report = { ceiling: this.ceiling, peak: 0, throttledAnswers: 0, throttleWaits: 0, waitedMs: 0, otherCuts: 0, latencyCuts: 0, throttledCap: undefined };
	}

	/** Requests allowed at once now. */
	get lanes(): number {
		return Math.max(1, Math.floor(this.limit));
	}

	/**
	 * Waits for a free lane, first come first served (a request trying again goes first: it was
	 * sent before those still waiting), and until any Retry-After is over. Throws NotSent once the
	 * run has stopped or given up.
	 */
	async take({ again = false } = {}): Promise<Lane> {
		if (this.closedWith !== undefined) throw new NotSent(this.closedWith);
		if (this.inFlight < this.lanes && this.waiting.length === 0) this.inFlight++;
		else {
			// A lane given back is handed straight to the next in line, still counted.
			const granted = await new Promise<boolean>((resolve) => (again ? this.waiting.unshift({ resolve }) : this.waiting.push({ resolve })));
			if (!granted) throw new NotSent(this.closedWith);
		}
		for (let pause = this.resumeAt - Date.now(); pause > 0; pause = this.resumeAt - Date.now()) await sleep(pause);
		if (this.closedWith !== undefined) {
			this.handOn();
			throw new NotSent(this.closedWith);
		}
		this.report.peak = Math.max(this.report.peak, this.inFlight);
		const seq = this.nextSeq++;
		const sentAt = Date.now();
		this.unanswered.set(seq, sentAt);
		let ended = false;
		return {
			seq,
			inFlightAtSend: this.inFlight,
			sentAt,
			end: () => {
				if (ended) return;
				ended = true;
				this.unanswered.delete(seq);
				this.handOn();
			},
		};
	}

	/** An answer that is no sign of overload: the budget may grow, and its latency is weighed. */
	answered(lane: Lane) {
		const ms = Date.now() - lane.sentAt;
		if (lane.seq >= this.cutFrom) this.throttlesInARow = 0;
		this.fastestMs = Math.min(this.fastestMs, ms);
		this.window.answers++;
		this.window.totalMs += ms;
		// No cut yet (a cut marks the requests sent so far, at least one).
		const beforeFirstCut = this.cutFrom === 0;
		if (beforeFirstCut) this.recent = [...this.recent.slice(1 - ROUND_SAMPLES), ms];
		const toleratedMs = 2 * this.fastestMs + LATENCY_MARGIN_MS;
		// A round trip's answers: as many as there were lanes when the window opened. Until the first
		// cut the lanes may double while a round's answers come in, so there the latest ROUND_SAMPLES
		// answers are also judged as they come (HyStart++, RFC 9406, leaves slow start on the same
		// sign), not only the round's mean at its end.
		let meanMs = 0;
		if (this.window.answers >= this.window.size) {
			meanMs = this.window.totalMs / this.window.answers;
			this.window = { size: this.lanes, answers: 0, totalMs: 0 };
		}
		if (beforeFirstCut && this.recent.length === ROUND_SAMPLES) meanMs = Math.max(meanMs, this.recent.reduce((sum, one) => sum + one, 0) / ROUND_SAMPLES);
		if (meanMs > toleratedMs && lane.seq >= this.cutFrom) {
			this.report.latencyCuts++;
			// Down in proportion to how far past the tolerance the answers are, by a tenth to a half.
			return this.cut(Math.min(0.9, Math.max(0.5, toleratedMs / meanMs)));
		}
		// Grown only by answers to requests sent since the last cut, and while every lane is in use: a
		// run with spare lanes has shown nothing about the tenant.
		if (lane.seq < this.cutFrom || this.inFlight + this.waiting.length < this.lanes) return;
		// A request still unanswered after the tolerance says the round is slower before its answer
		// does: slow start ends there (the answers, when they come, decide the cut).
		const oldest = this.unanswered.values().next();
		if (!this.avoiding && !oldest.done && Date.now() - oldest.value > toleratedMs) this.avoiding = true;
		const step = this.careful && this.avoiding ? 0.5 : 1;
		this.limit = Math.min(this.cap, this.limit + (this.avoiding ? step / this.lanes : step));
		this.admitWaiting();
	}

	/**
	 * The tenant showed overload: the budget is cut (once per round trip), and a Retry-After holds
	 * every new request of the run. A throttle (429) also caps the run and counts against its
	 * patience: answers `false` when that is over (the run has given up).
	 */
	overloaded(lane: Lane, kind: Overload, waitSeconds = 0): boolean {
		const echo = lane.seq < this.cutFrom;
		if (kind === 'throttled') {
			this.report.throttledAnswers++;
			const cap = Math.max(1, lane.inFlightAtSend - 1);
			if (cap < this.cap) this.cap = this.report.throttledCap = cap;
			if (!echo && this.throttlesInARow >= THROTTLE_WAITS) {
				const waited = `${times(this.throttlesInARow)} (${(this.report.waitedMs / 1000).toFixed(1)} s in all)`;
				this.close(`Not sent: Admintotal kept limiting requests (429) after the run had waited ${waited}, so the run stopped asking`);
				return false;
			}
			if (!echo) {
				this.throttlesInARow++;
				this.report.throttleWaits++;
			}
		}
		if (waitSeconds > 0) this.holdUntil(Date.now() + waitSeconds * 1000);
		if (!echo) {
			if (kind !== 'throttled') this.report.otherCuts++;
			this.cut(0.5);
		}
		return this.closedWith === undefined;
	}

	/**
	 * A request failed for good. When that stops the run, the requests waiting for a lane are not
	 * sent, nor any later one; those in flight end as they do.
	 */
	failed() {
		if (this.stopsAtFailure) this.close('Not sent: the run stopped at an earlier failure');
	}

	/** The run stops asking: every request waiting, and any later one, is not sent, for `reason`. */
	giveUp(reason: string) {
		this.close(reason);
	}

	/** What the budget did in this run. */
	get summary(): BudgetReport {
		return { ...this.report };
	}

	private cut(factor: number) {
		this.avoiding = true;
		this.limit = Math.max(1, Math.min(this.cap, Math.floor(this.limit * factor)));
		this.cutFrom = this.nextSeq;
		this.window = { size: this.lanes, answers: 0, totalMs: 0 };
	}

	/** No new request before `until` (a Retry-After is the whole run's). */
	private holdUntil(until: number) {
		if (until <= this.resumeAt) return;
		this.report.waitedMs += until - Math.max(this.resumeAt, Date.now());
		this.resumeAt = until;
	}

	private close(reason: string) {
		this.closedWith ??= reason;
		for (const waiter of this.waiting.splice(0)) waiter.resolve(false);
	}

	/** A lane given back goes to the next in line while the budget allows it, else it is freed. */
	private handOn() {
		const next = this.inFlight <= this.lanes ? this.waiting.shift() : undefined;
		if (next) next.resolve(true);
		else this.inFlight--;
	}

	/** Lanes the budget just grew by go to those waiting. */
	private admitWaiting() {
		while (this.inFlight < this.lanes && this.waiting.length > 0) {
			this.inFlight++;
			this.waiting.shift()!.resolve(true);
		}
	}
}

/**
 * Why a run was slower than its Parallel Requests allow, in the user's words (the run's execution
 * hint and log); undefined when the tenant never pushed back.
 */
export function paceNote(report: BudgetReport): { message: string; throttled: boolean } | undefined {
	const { ceiling, peak, throttledAnswers, throttleWaits, waitedMs, otherCuts, latencyCuts, throttledCap } = report;
	const said: string[] = [];
	if (throttledAnswers > 0) {
		const cap = throttledCap === undefined ? '' : `, and the node kept to ${throttledCap} at once after that`;
		said.push(`Admintotal asked this run to slow down ${times(throttledAnswers)} (429 Too Many Requests): it paused ${times(throttleWaits)}, ${(waitedMs / 1000).toFixed(1)} s in all${cap}.`);
	} else if (waitedMs > 0) said.push(`Admintotal asked this run to wait ${(waitedMs / 1000).toFixed(1)} s (Retry-After).`);
	if (otherCuts > 0) said.push(`Admintotal was unavailable or out of time ${times(otherCuts)}, so the node sent fewer requests at once.`);
	if (latencyCuts > 0) said.push(`Admintotal answered more slowly as more requests went at once, so the node sent fewer at once (${times(latencyCuts)}).`);
	if (said.length === 0) return undefined;
	said.push(`At most ${peak} requests were in flight at once (Parallel Requests: ${ceiling}).`);
	return { message: said.join(' '), throttled: throttledAnswers > 0 || otherCuts > 0 };
}

function times(count: number): string {
	return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** A request the run did not send: it had already failed, or the tenant kept throttling it. */
export class NotSent extends Error {
	constructor(reason = 'Not sent: the run stopped at an earlier failure') {
		super(reason);
	}
}
