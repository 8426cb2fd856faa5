import { sleep } from 'n8n-workflow';

import type { Overload, Sent } from './rule';
import { PaceRule } from './rule';

/** A request waiting for a lane at the tenant: whose it is (a run), and how it is let go. */
interface Waiter {
	owner: object;
	resolve: (sent: Sent | undefined) => void;
}

/**
 * Enforces a tenant's pace for every request of the process that reaches it (registry.ts): a queue of
 * waiting requests, first come first served; at most the rule's lanes in flight (never more than the
 * tenant's Max Requests at Once); starts spaced by the rule's rate once the tenant has throttled; and
 * nothing starts while a Retry-After is running.
 */
export class Limiter {
	readonly rule: PaceRule;
	/** When a request last went or came back. */
	lastUsed: number;
	private inFlight = 0;
	private readonly waiting: Waiter[] = [];
	/** When each request in flight was sent, oldest first. */
	private readonly unanswered = new Map<number, number>();
	private resumeAt = 0;
	private nextStartAt = 0;
	private woken = false;

	constructor(most: number, private readonly clock: () => number = () => Date.now()) {
		this.rule = new PaceRule(most);
		this.lastUsed = clock();
	}

	/** The most requests at once, whatever the rule finds. */
	set most(most: number) {
		this.rule.ceiling = most;
	}

	get idle(): boolean {
		return this.inFlight === 0 && this.waiting.length === 0;
	}

	/** Waits for a lane (`first`: a request trying again goes before those waiting); undefined when its run dropped it. */
	async take(owner: object, first = false): Promise<Sent | undefined> {
		return await new Promise((resolve) => {
			if (first) this.waiting.unshift({ owner, resolve });
			else this.waiting.push({ owner, resolve });
			this.admit();
		});
	}

	/** The request's answer came or it failed: its lane goes to the next in line. A second call does nothing. */
	release(sent: Sent) {
		if (!this.unanswered.delete(sent.seq)) return;
		this.inFlight--;
		this.lastUsed = this.clock();
		this.admit();
	}

	/** An answer that is no sign of overload; 'latency' when its latency cut the lanes. */
	answered(sent: Sent, careful: boolean): 'latency' | undefined {
		const busy = this.inFlight + this.waiting.length >= this.rule.lanes;
		const cut = this.rule.answered(sent, { now: this.clock(), busy, oldestSentAt: this.unanswered.values().next().value, careful });
		this.admit();
		return cut;
	}

	/** The tenant showed overload; a Retry-After holds every request. Answers whether the lanes were cut. */
	overloaded(sent: Sent, kind: Overload): boolean {
		return this.rule.overloaded(sent, kind, this.clock());
	}

	/** No request starts before `waitSeconds` from now; answers how much longer than already held (ms). */
	hold(waitSeconds: number): number {
		const now = this.clock();
		const until = now + waitSeconds * 1000;
		if (until <= this.resumeAt) return 0;
		const added = until - Math.max(this.resumeAt, now);
		this.resumeAt = until;
		this.rule.held(now, until);
		return added;
	}

	/** The requests of `owner` still waiting are let go unsent. */
	drop(owner: object) {
		for (let at = this.waiting.length - 1; at >= 0; at--) {
			if (this.waiting[at].owner === owner) this.waiting.splice(at, 1)[0].resolve(undefined);
		}
	}

	/** Lets go as many waiting requests as the lanes, the hold and the rate allow now; wakes up when the next may go. */
	private admit() {
		const now = this.clock();
		while (this.waiting.length > 0 && this.inFlight < this.rule.lanes) {
			const startAt = Math.max(this.resumeAt, this.nextStartAt);
			if (startAt > now) return this.wakeAt(startAt - now);
			const { resolve } = this.waiting.shift() as Waiter;
			this.inFlight++;
			this.lastUsed = now;
			if (this.rule.spacingMs > 0) this.nextStartAt = Math.max(now, this.nextStartAt) + this.rule.spacingMs;
			const sent = this.rule.sent(now, this.inFlight);
			this.unanswered.set(sent.seq, now);
			resolve(sent);
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
