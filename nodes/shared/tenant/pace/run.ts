import type { Limiter } from './limiter';
import type { Overload, Sent } from './rule';

/** Parallel Requests when the user has not set it: at 150 ms answers, n8n's own work per item (1 to 3 ms) is the limit, not the pace. */
export const DEFAULT_CEILING = 200;
/** The most Parallel Requests and Max Requests at Once may be (Netflix's Gradient2 caps its limit there too), and the latter's default. */
export const MAX_CEILING = 200;
/** Throttles (429), or rounds out of time, in a row that a run waits out: at the next it stops asking. */
export const PATIENCE = 3;

export interface Lane extends Sent {
	/** Gives the lane back; a second call does nothing. */
	end(): void;
}

/** What the pace did in a run, for its hint and log. */
export interface BudgetReport {
	ceiling: number;
	peak: number;
	/** 429 answers, and the waits they caused (one per throttle, however many answers it had). */
	throttledAnswers: number;
	throttleWaits: number;
	waitedMs: number;
	/** Cuts for 503/504 or requests out of time, and for a rise in latency. */
	otherCuts: number;
	latencyCuts: number;
	/** What the tenant's 429s taught its pace (rule.ts), shared with every run of the process. */
	taught: { atOnce?: number; perSecond?: number };
}

/**
 * A run's part of its tenant's pace (a node's run, a poll, a search): its ceiling (Parallel
 * Requests, the most one execution sends), patience, closing and report. How many go at once, and
 * how fast, is the tenant's (limiter.ts), shared with every other run of the process.
 */
export class RunBudget {
	readonly ceiling: number;
	/** Requests holding a place in the run: sent, or waiting for the tenant's lane. */
	private held = 0;
	private sending = 0;
	private readonly waiting: Array<(granted: boolean) => void> = [];
	private closedWith: string | undefined;
	private readonly inARow = { throttled: 0, timeout: 0 };
	/** Requests sent before this were in the round of the run's last counted overload. */
	private cutFrom = 0;
	private readonly report: BudgetReport;

	/** `careful`: a run of writes; `stopsAtFailure`: a request that fails stops the run (no On Error: Continue). */
	constructor(
		private readonly pace: Limiter,
		private readonly options: { ceiling?: number; careful?: boolean; stopsAtFailure?: boolean } = {},
	) {
		this.ceiling = Math.max(1, Math.floor(options.ceiling ?? DEFAULT_CEILING));
		this.report = { ceiling: this.ceiling, peak: 0, throttledAnswers: 0, throttleWaits: 0, waitedMs: 0, otherCuts: 0, latencyCuts: 0, taught: {} };
	}

	/** Requests the run may have at once now. */
	get lanes(): number {
		return Math.min(this.ceiling, this.pace.rule.lanes);
	}

	/** A place within the run's ceiling, then a lane of the tenant's pace (`again`: goes first). Throws NotSent once the run has stopped. */
	async take({ again = false } = {}): Promise<Lane> {
		if (this.closedWith !== undefined) throw new NotSent(this.closedWith);
		if (this.held < this.ceiling && this.waiting.length === 0) this.held++;
		// A place given back is handed straight to the next in line, still counted.
		else if (!(await new Promise<boolean>((resolve) => this.waiting[again ? 'unshift' : 'push'](resolve)))) throw new NotSent(this.closedWith);
		const sent = await this.pace.take(this, again);
		if (sent === undefined || this.closedWith !== undefined) {
			if (sent) this.pace.release(sent);
			this.handOn();
			throw new NotSent(this.closedWith);
		}
		this.report.peak = Math.max(this.report.peak, ++this.sending);
		let ended = false;
		const end = () => {
			if (ended) return;
			ended = true;
			this.sending--;
			this.pace.release(sent);
			this.handOn();
		};
		return { ...sent, end };
	}

	/** An answer (of `bytes`) with no sign of overload: the pace may grow, and the run's patience is renewed. */
	answered(lane: Lane, bytes = 0) {
		if (lane.seq >= this.cutFrom) Object.assign(this.inARow, { throttled: 0, timeout: 0 });
		if (this.pace.answered(lane, this.options.careful === true, bytes) === 'latency') this.report.latencyCuts++;
	}

	/**
	 * Overload: the pace is cut, a Retry-After holds every request to the tenant, and a throttle or a
	 * request out of time counts against the run's patience: `false` when that is over (it gave up).
	 */
	overloaded(lane: Lane, kind: Overload, waitSeconds = 0): boolean {
		if (kind === 'throttled') this.report.throttledAnswers++;
		if (kind !== 'unavailable' && lane.seq >= this.cutFrom) {
			if (this.inARow[kind] >= PATIENCE) {
				const waited = `${times(this.inARow[kind])} (${(this.report.waitedMs / 1000).toFixed(1)} s in all)`;
				const why = kind === 'throttled' ? `kept limiting requests (429) after the run had waited ${waited}` : `did not answer in time ${times(PATIENCE + 1)} in a row, with fewer requests at once each time`;
				this.close(`Not sent: Admintotal ${why}, so the run stopped asking`);
				return false;
			}
			this.inARow[kind]++;
			this.cutFrom = this.pace.rule.seq;
			if (kind === 'throttled') this.report.throttleWaits++;
		}
		if (this.pace.overloaded(lane, kind) && kind !== 'throttled') this.report.otherCuts++;
		if (waitSeconds > 0) this.report.waitedMs += this.pace.hold(waitSeconds);
		return this.closedWith === undefined;
	}

	/** A request failed for good: when that stops the run, those waiting and any later are not sent. */
	failed() {
		if (this.options.stopsAtFailure) this.close('Not sent: the run stopped at an earlier failure');
	}

	/** The run stops asking: every request waiting, and any later one, is not sent, for `reason`. */
	giveUp(reason: string) {
		this.close(reason);
	}

	get summary(): BudgetReport {
		return { ...this.report, taught: this.pace.taught };
	}

	private close(reason: string) {
		this.closedWith ??= reason;
		for (const waiter of this.waiting.splice(0)) waiter(false);
		this.pace.drop(this);
	}

	private handOn() {
		const next = this.waiting.shift();
		if (next) next(true);
		else this.held--;
	}
}

/** Why a run was slower than its Parallel Requests allow, in the user's words (its hint and log); undefined when the tenant never pushed back. */
export function paceNote(report: BudgetReport): { message: string; throttled: boolean } | undefined {
	const { ceiling, peak, throttledAnswers, throttleWaits, waitedMs, otherCuts, latencyCuts, taught } = report;
	const said: string[] = [];
	const limits = [taught.atOnce && `${taught.atOnce} requests at once`, taught.perSecond && `${taught.perSecond} requests a second`].filter(Boolean);
	const cap = limits.length === 0 ? '' : `; the node now keeps to ${limits.join(' and ')}`;
	if (throttledAnswers > 0) said.push(`Admintotal asked this run to slow down ${times(throttledAnswers)} (429 Too Many Requests): it paused ${times(throttleWaits)}, ${(waitedMs / 1000).toFixed(1)} s in all${cap}.`);
	else if (waitedMs > 0) said.push(`Admintotal asked this run to wait ${(waitedMs / 1000).toFixed(1)} s (Retry-After).`);
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
