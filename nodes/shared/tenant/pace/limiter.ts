import { sleep } from 'n8n-workflow';

import type { Overload, Sent } from './rule';
import { PaceRule } from './rule';

const BURST_MS = 100;

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
		const cut = this.rule.answered(sent, this.clock(), { leftAt: this.unanswered.get(sent.seq), oldestSentAt: this.unanswered.values().next().value, careful, bytes });
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
			// A start a timer made late is made up within BURST_MS, so the rate is kept, not lowered by the event loop.
			const spacingMs = this.rule.spacingMs(now);
			if (spacingMs > 0) this.nextStartAt = Math.max(now - BURST_MS, this.nextStartAt) + spacingMs;
			const sent = this.rule.sent(now, this.inFlight);
			this.unanswered.set(sent.seq, now);
			this.leaveOnNextTurn(sent.seq);
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

	private wakeAt(ms: number) {
		if (this.woken) return;
		this.woken = true;
		void sleep(ms).then(() => {
			this.woken = false;
			this.admit();
		});
	}
}
