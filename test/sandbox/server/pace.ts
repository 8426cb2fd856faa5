/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../drf/messages';
import type { RequestLog } from './recording';

/**
 * The tenant's pace, which the spec does not show: how long it takes to answer, how many requests
 * at once it lets through before answering 429, and how it slows down under load. Every API answer
 * keeps to it (after recording, before fault rules), so a test or `npm run dev` can meet a tenant
 * far away or a throttling one. Changeable while the sandbox runs (`sandbox.pace`).
 */
export interface Pace {
	/** Added to every API answer (ms), as from a tenant across a network. */
	latencyMs?: number;
	/** A request that arrives while this many others are unanswered gets 429 with Retry-After, as from a rate limiter. */
	throttleAbove?: number;
	/** The Retry-After of those 429 answers (default 1). */
	retryAfterSeconds?: number;
	/** Each answer takes `msPerRequest` longer for every request unanswered beyond `inFlight` when it arrived: a tenant that slows under load. */
	slowsAbove?: { inFlight: number; msPerRequest: number };
}

/** Applies the pace; true when it answered the request itself (a 429). */
export async function keepPace(pace: Pace, request: FastifyRequest, reply: FastifyReply, log: RequestLog): Promise<boolean> {
	const alongside = log.recordOf(request)?.alongside ?? 0;
	if (pace.throttleAbove !== undefined && alongside >= pace.throttleAbove) {
		const seconds = pace.retryAfterSeconds ?? 1;
		await reply.code(429).header('retry-after', String(seconds)).send({ detail: M.throttled(seconds) });
		return true;
	}
	const slower = pace.slowsAbove ? Math.max(0, alongside - pace.slowsAbove.inFlight) * pace.slowsAbove.msPerRequest : 0;
	const delay = (pace.latencyMs ?? 0) + slower;
	if (delay > 0) await sleep(delay);
	return false;
}
