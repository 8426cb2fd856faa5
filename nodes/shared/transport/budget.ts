import { sleep } from 'n8n-workflow';

/**
 * A run's request budget: how many of its requests may be in flight at once (the node's Parallel
 * Requests), shared by every request the run makes: each item's pages, lookups and writes, and a
 * login or session renewal, which goes inside the lane of the request that needed it. Made once per
 * run (execute.ts) and handed down as an argument. A 429 halves it for the rest of the run and holds
 * every new request back until the wait Admintotal asked for is over.
 */
export class RequestBudget {
	private width: number;
	private inFlight = 0;
	private readonly waiting: Array<(granted: boolean) => void> = [];
	private resumeAt = 0;
	private closed = false;

	/** `stopsAtFailure`: a request that fails stops the run (a node's run without On Error: Continue). */
	constructor(
		width: number,
		private readonly stopsAtFailure = false,
	) {
		this.width = Math.max(1, Math.floor(width));
	}

	/** Requests allowed at once now. */
	get lanes(): number {
		return this.width;
	}

	/** Waits for a free lane, first come first served; call what it returns to give the lane back. Throws NotSent once the run has stopped. */
	async take(): Promise<() => void> {
		if (this.closed) throw new NotSent();
		if (this.inFlight < this.width && this.waiting.length === 0) this.inFlight++;
		// A lane given back is handed straight to the next in line, still counted.
		else if (!(await new Promise<boolean>((resolve) => this.waiting.push(resolve)))) throw new NotSent();
		for (let pause = this.resumeAt - Date.now(); pause > 0; pause = this.resumeAt - Date.now()) await sleep(pause);
		let given = false;
		return () => {
			if (given) return;
			given = true;
			const next = this.inFlight <= this.width ? this.waiting.shift() : undefined;
			if (next) next(true);
			else this.inFlight--;
		};
	}

	/**
	 * A request failed for good. When that stops the run, the requests waiting for a lane are not
	 * sent, nor any later one; those in flight end as they do.
	 */
	failed() {
		if (!this.stopsAtFailure) return;
		this.closed = true;
		for (const waiter of this.waiting.splice(0)) waiter(false);
	}

	/** Admintotal answered 429: half as many at once from now on, and none new until `waitSeconds` are over. */
	slowDown(waitSeconds: number) {
		this.width = Math.max(1, Math.floor(this.width / 2));
		this.resumeAt = Math.max(this.resumeAt, Date.now() + waitSeconds * 1000);
	}
}

/** A request the run did not send because it had already failed. */
export class NotSent extends Error {
	constructor() {
		super('Not sent: the run stopped at an earlier failure');
	}
}
