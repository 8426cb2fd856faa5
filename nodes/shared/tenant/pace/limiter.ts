import { sleep } from 'n8n-workflow';

import type { Overload, Sent } from './rule';
import { PaceRule } from './rule';

/** A start a timer made late by the event loop's usual few ms is made up (the rate is kept); a pause's starts are not, since they would reach the tenant together and its window counts them together. */
const BURST_MS = 20;
/** How often the event loop's lateness is sampled while requests are out, for 2 s at most after the last went or came back. */
const LATENESS_PROBE_MS = 10;
const LATENESS_PROBES = 200;
/** How long a sample is kept (longer than most answers take), and the least kept (less is a timer's usual lateness). */
const LATENESS_KEPT_MS = 2_000;
const LATENESS_NOTED_MS = 2;

/**
 * Keeps every request of the process to one tenant (registry.ts) to its rule: a queue, first come
 * first served; no more in flight than the rule's lanes; starts spaced by its rate; none while a
 * Retry-After runs. A waiting request belongs to its run (`owner`), which may drop it.
 */
export class Limiter {
	readonly rule: PaceRule;
	/** When a request last went or came back. */
	lastUsed: number;
	private inFlight = 0;
	private readonly waiting: Array<{ owner: object; resolve: (sent: Sent | undefined) => void }> = [];
	/** When each request in flight was sent, then when it left (leaveOnNextTurn), oldest first. */
	private readonly unanswered = new Map<number, number>();
	private resumeAt = 0;
	private nextStartAt = 0;
	private woken = false;
	/** Requests let go since the event loop last turned (their `seq`): they leave once it does. */
	private leaving: number[] = [];
	/** How late the event loop woke, when sampled 2 ms late or more (probeLateness), oldest first. */
	private readonly lateness: Array<{ at: number; lateMs: number }> = [];
	private probing = false;
	/** Samples since a request last went or came back: a count, not `lastUsed`, so a clock that stands still or steps back cannot keep sampling going. */
	private probes = 0;
	/** When the event loop's current turn handled its first answer: the answers handled after it in that turn had come by then. */
	private turnBeganAt: number | undefined;

	constructor(most: number, private readonly clock: () => number = () => Date.now()) {
		this.rule = new PaceRule(most);
		this.lastUsed = clock();
	}

	get idle(): boolean {
		return this.inFlight === 0 && this.waiting.length === 0;
	}

	/** A lane (`first`: a request trying again goes before those waiting); undefined when its run dropped it. */
	async take(owner: object, first = false): Promise<Sent | undefined> {
		return await new Promise((resolve) => {
			this.waiting[first ? 'unshift' : 'push']({ owner, resolve });
			this.admit();
		});
	}

	/** The request ended: its lane goes to the next in line. A second call does nothing. */
	release(sent: Sent) {
		if (!this.unanswered.delete(sent.seq)) return;
		this.inFlight--;
		this.lastUsed = this.clock();
		this.admit();
	}

	/** The limits 429s taught that hold now (rule.ts). */
	get taught(): { atOnce?: number; perSecond?: number } {
		return this.rule.taught(this.clock());
	}

	answered(sent: Sent, careful: boolean, bytes: number): 'latency' | undefined {
		const now = this.clock();
		this.probes = 0;
		const leftAt = this.unanswered.get(sent.seq) ?? sent.sentAt;
		// The longest the event loop was late while this request was out, as sampled.
		const late = this.lateness.filter((one) => one.at > leftAt && one.at <= now).map((one) => Math.min(one.lateMs, one.at - leftAt));
		const cameBy = this.turnBeganAt ?? this.beginTurn(now);
		const cut = this.rule.answered(sent, now, { leftAt, cameBy, lateMs: Math.max(0, ...late), oldestLeftAt: this.unanswered.values().next().value, careful, bytes });
		this.admit();
		return cut;
	}

	overloaded(sent: Sent, kind: Overload): boolean {
		return this.rule.overloaded(sent, kind, this.clock());
	}

	/** No request starts for `waitSeconds`; answers how much that adds to the hold (ms). */
	hold(waitSeconds: number): number {
		const now = this.clock();
		const until = now + waitSeconds * 1000;
		if (until <= this.resumeAt) return 0;
		const added = until - Math.max(this.resumeAt, now);
		this.resumeAt = until;
		return added;
	}

	/** `owner`'s waiting requests are let go unsent. */
	drop(owner: object) {
		for (const waiter of this.waiting.filter((one) => one.owner === owner)) {
			this.waiting.splice(this.waiting.indexOf(waiter), 1);
			waiter.resolve(undefined);
		}
	}

	private admit() {
		const now = this.clock();
		while (this.waiting.length > 0 && this.inFlight < this.rule.lanes) {
			const startAt = Math.max(this.resumeAt, this.nextStartAt);
			if (startAt > now) return this.wakeAt(startAt - now);
			this.inFlight++;
			this.lastUsed = now;
			const spacingMs = this.rule.spacingMs(now);
			if (spacingMs > 0) this.nextStartAt = Math.max(now - BURST_MS, this.nextStartAt) + spacingMs;
			const sent = this.rule.sent(now, this.inFlight);
			this.unanswered.set(sent.seq, now);
			this.leaveOnNextTurn(sent.seq);
			this.probes = 0;
			this.probeLateness();
			this.waiting.shift()?.resolve(sent);
		}
	}

	/**
	 * A request let go leaves once the work queued with it is done: when several executions start at
	 * once, every item of each queues for a lane and n8n prepares each request before the first goes
	 * (30 to 50 ms in the engine tests), which, read as the tenant's latency, held the fastest answer
	 * too high for good. Its latency counts from the next turn of the event loop.
	 */
	private leaveOnNextTurn(seq: number) {
		this.leaving.push(seq);
		if (this.leaving.length > 1) return;
		void sleep(0).then(() => {
			const now = this.clock();
			for (const one of this.leaving) if (this.unanswered.has(one)) this.unanswered.set(one, now);
			this.leaving = [];
		});
	}

	/**
	 * While requests are out, how late the event loop runs is sampled, to be taken off their latencies
	 * (rule.ts): n8n's work and pauses (starting executions, saving one, collecting garbage) hold
	 * answers 50 to 100 ms (the concurrent bench), which no tenant's queue caused. Read as the
	 * tenant's, they set a fresh pace's fastest answer twice the tenant's for good, and cut the lanes
	 * below a pool of workers the tenant keeps busy. Only a timer pending through a pause sees it.
	 */
	private probeLateness() {
		if (this.probing || this.probes >= LATENESS_PROBES) return;
		this.probing = true;
		this.probes++;
		const from = this.clock();
		void sleep(LATENESS_PROBE_MS).then(() => {
			this.probing = false;
			const at = this.clock();
			const lateMs = at - from - LATENESS_PROBE_MS;
			while (this.lateness.length > 0 && this.lateness[0].at < at - LATENESS_KEPT_MS) this.lateness.shift();
			if (lateMs >= LATENESS_NOTED_MS) this.lateness.push({ at, lateMs });
			if (this.inFlight > 0) this.probeLateness();
		});
	}

	/**
	 * Answers that left together come back together and are handled one after another in a turn of the
	 * event loop; the later ones wait for n8n's work on those before them, which no tenant's queue caused.
	 */
	private beginTurn(now: number): number {
		this.turnBeganAt = now;
		void sleep(0).then(() => (this.turnBeganAt = undefined));
		return now;
	}

	private wakeAt(ms: number) {
		if (this.woken) return;
		this.woken = true;
		void sleep(ms).then(() => {
			this.woken = false;
			this.admit();
		});
	}
}
