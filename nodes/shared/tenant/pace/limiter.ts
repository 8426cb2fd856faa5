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
	/** When each request in flight was sent, oldest first. */
	private readonly unanswered = new Map<number, number>();
	private resumeAt = 0;
	private nextStartAt = 0;
	private woken = false;

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
		const cut = this.rule.answered(sent, this.clock(), { oldestSentAt: this.unanswered.values().next().value, careful, bytes });
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
			this.waiting.shift()?.resolve(sent);
		}
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
