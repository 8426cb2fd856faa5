/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../drf/messages';
import type { RequestLog } from './recording';
import { WorkerPool } from './workerPool';

/**
 * The tenant's pace, which the spec does not show: how long it takes to answer, how many requests
 * at once it lets through before answering 429, how many a second, how many workers serve it, and
 * how it slows down under load. Every API answer keeps to it (after recording, before fault rules),
 * so a test or `npm run dev` can meet a tenant far away or a throttling one. Changeable while the
 * sandbox runs (`sandbox.pace`).
 */
export interface Pace {
	/** Added to every API answer (ms), as from a tenant across a network. */
	latencyMs?: number;
	/** A request that arrives while this many others are unanswered gets 429 with Retry-After, as from a rate limiter. */
	throttleAbove?: number;
	/** The Retry-After of those 429 answers (default 1). */
	retryAfterSeconds?: number;
	/**
	 * DRF's SimpleRateThrottle ('100/s'): a request that finds this many requests let through in the
	 * last second gets 429, Retry-After the whole seconds (rounded up, at least 1) until the oldest
	 * of them leaves the window. Refused requests are not counted.
	 */
	ratePerSecond?: number;
	/** The window the rate is counted over (default 1000 ms): 60000 with 100 a second is DRF's '6000/m', which lets a burst through. */
	ratePeriodMs?: number;
	/**
	 * A tenant behind this many workers: at most this many requests are served (latency included) at
	 * once, the others wait in arrival order, never refused. Each record says how long the queue was
	 * when it arrived and how long it waited (`queued`, `waitedMs`).
	 */
	workers?: number;
	/** Each answer takes `msPerRequest` longer for every request unanswered beyond `inFlight` when it arrived: a tenant that slows under load. */
	slowsAbove?: { inFlight: number; msPerRequest: number };
}

/**
 * DRF's SimpleRateThrottle: a request that finds `most` let through in the last `periodMs` is
 * refused, with the whole seconds (rounded up, at least 1) until the oldest of them leaves the
 * window; refused requests are not counted. The sandbox's and the pace model's (test/harness/tenantModel.ts).
 */
export class RateWindow {
	/** Arrival times of the requests let through, oldest first. */
	private readonly arrivals: number[] = [];

	constructor(
		readonly most: number,
		readonly periodMs: number,
	) {}

	/** Counts a request arriving at `now`; the Retry-After (seconds) when the window is full. */
	refuses(now: number): number | undefined {
		while (this.arrivals.length > 0 && this.arrivals[0] <= now - this.periodMs) this.arrivals.shift();
		if (this.arrivals.length >= this.most) return Math.max(1, Math.ceil((this.arrivals[0] + this.periodMs - now) / 1000));
		this.arrivals.push(now);
		return undefined;
	}
}

/** The pace's state: the rate's window of requests let through and the pool of workers, over the `Pace` read at each request. */
export class PaceKeeper {
	/** The rate's window, for the rate it was counted for. */
	private window: RateWindow | undefined;
	private rate = '';
	private readonly pool: WorkerPool;

	constructor(
		readonly pace: Pace,
		private readonly now: () => number = Date.now,
	) {
		this.pool = new WorkerPool(() => this.pace.workers ?? Number.POSITIVE_INFINITY, now);
	}

	/** Applies the pace; true when it answered the request itself (a 429). */
	async keep(request: FastifyRequest, reply: FastifyReply, log: RequestLog): Promise<boolean> {
		const { pace } = this;
		const record = log.recordOf(request);
		if (pace.workers !== undefined) {
			const admission = this.pool.admit(reply.raw);
			if (record) record.queued = admission.queued;
			const waitedMs = await admission.served;
			if (record) record.waitedMs = waitedMs;
		}
		const alongside = record?.alongside ?? 0;
		if (pace.throttleAbove !== undefined && alongside >= pace.throttleAbove) return throttle(reply, pace.retryAfterSeconds ?? 1);
		const wait = this.rateWait();
		if (wait !== undefined) return throttle(reply, wait);
		const slower = pace.slowsAbove ? Math.max(0, alongside - pace.slowsAbove.inFlight) * pace.slowsAbove.msPerRequest : 0;
		const delay = (pace.latencyMs ?? 0) + slower;
		if (delay > 0) await sleep(delay);
		return false;
	}

	/** Counts the request against the rate; the Retry-After (seconds) when the window is full, as DRF's throttle. */
	private rateWait(): number | undefined {
		const { ratePerSecond, ratePeriodMs = 1000 } = this.pace;
		// A rate set anew (or switched on again) starts from an empty window.
		const rate = `${ratePerSecond}/${ratePeriodMs}`;
		if (rate !== this.rate) this.window = ratePerSecond === undefined ? undefined : new RateWindow(Math.max(1, Math.round((ratePerSecond * ratePeriodMs) / 1000)), ratePeriodMs);
		this.rate = rate;
		return this.window?.refuses(this.now());
	}
}

async function throttle(reply: FastifyReply, seconds: number): Promise<true> {
	await reply.code(429).header('retry-after', String(seconds)).send({ detail: M.throttled(seconds) });
	return true;
}
