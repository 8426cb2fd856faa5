import type { ListOrder } from './drf/ordering';
import type { ResourceName } from './seed/index';
import type { Authenticator } from './server/authentication';
import type { Store } from './store/store';
import type { DemoShop } from './server/demoShop';
import type { WebhookSender } from './webhooks/sender';
import type { Pace } from './server/pace';

export type { Pace } from './server/pace';

export type { ResourceName } from './seed/index';
export type { ListOrder } from './drf/ordering';

export interface SandboxOptions {
	/** Default 0: a free port. Always bound to 127.0.0.1. */
	port?: number;
	/** Seed of the generated data (default DEMO.seed). */
	seed?: number;
	/** Records per resource; thousands work. */
	volume?: Partial<Record<ResourceName, number>>;
	/** Default { default: 20, max: 200 }. */
	pageSize?: { default: number; max: number };
	/** JWT access lifetime, default 300 (SimpleJWT's 5 minutes). */
	accessTokenTtlSeconds?: number;
	/** Default 86400 (SimpleJWT's 1 day). */
	refreshTokenTtlSeconds?: number;
	/** Origin of absolute next/previous links; default from the request's Host header, http. */
	linkOrigin?: string;
	/** Logs requests to stdout (fastify's logger). */
	log?: boolean;
	/** The tenant's pace: latency, 429 above a number in flight or a rate, a pool of workers, slowing under load (server/pace.ts). */
	pace?: Pace;
	/**
	 * The order of the lists the Polling Trigger reads (sales notes, orders; the 69-B list reversed for
	 * `-id`/`-fecha`): `id` ascending (default), `-id` newest first, `fecha` by date with the ID breaking
	 * ties, `-fecha` the reverse. Changed later by `sandbox.listOrder` or `PUT /__sandbox/list-order`.
	 */
	listOrder?: ListOrder;
}

export interface RecordedRequest {
	method: string;
	/** Without the query string. */
	path: string;
	/** Path and query, as received. */
	url: string;
	query: Record<string, string>;
	/** Lower-case names. */
	headers: Record<string, string>;
	/** Parsed JSON body, or undefined. */
	body: unknown;
	/** Final status; 0 when the connection was dropped by a fault. */
	status: number;
	/** Epoch ms when received. */
	at: number;
	/** How many other API requests were still unanswered when this one arrived (how many a client had in flight). */
	alongside: number;
	/** With `pace.workers`: requests waiting for a worker when this one arrived, itself included (0: a worker was free). */
	queued?: number;
	/** With `pace.workers`: how long it waited for a worker (ms). */
	waitedMs?: number;
}

export interface FaultRule {
	method?: string;
	/** Exact path (with or without the /api/v2 prefix) or a RegExp tested against the path. */
	path?: string | RegExp;
	/** Only requests whose query has these values, e.g. `{ offset: '12' }` for one page of a list. */
	query?: Record<string, string>;
	/** Only the Nth matching request (1-based). */
	nth?: number;
	/** How many times it fires; default once when `nth` is given, else forever. */
	times?: number;
	/** Status of the fault's answer; default 500, or 200 when only `body` is given, 429 with `retryAfterSeconds`. */
	status?: number;
	/** Body of the fault's answer (a string is sent as is); default the body the real stack gives for `status`. */
	body?: unknown;
	headers?: Record<string, string>;
	/** Answers 429 (or `status`) with Retry-After and DRF's throttled message. */
	retryAfterSeconds?: number;
	/** Delays the answer (the normal one, or the fault's). */
	delayMs?: number;
	/** Destroys the connection without answering. */
	drop?: boolean;
	/** Sends the status line, a Content-Length for the whole body and only its first half, then closes: a body cut mid-transfer. */
	truncate?: boolean;
	/**
	 * The route runs first (a write is saved) and its successful answer is then replaced by the
	 * rule's status and body, or the connection dropped (`drop`): the answer lost after the save.
	 * An answer the route refused (4xx) stays as it is.
	 */
	afterRoute?: boolean;
	/** The route answers, then its JSON body is given to this and its result sent instead: a page that lies about `count`, or lists a record twice. */
	reshape?: (body: { count?: number; next?: string | null; previous?: string | null; results: Array<Record<string, unknown>> }) => unknown;
	/** Runs when the rule fires, before the answer: the data changing between two requests (a record deleted between page reads). */
	meanwhile?: () => void;
}

export type SandboxAuth = Pick<Authenticator, 'expireAccessTokens' | 'revokeRefreshTokens' | 'issueTokens' | 'rotateApiKey'>;

export interface Sandbox {
	/** Origin, e.g. http://127.0.0.1:43123. */
	url: string;
	/** url + '/api/v2'. */
	apiBase: string;
	/** Every /api/v2 request received, in order (control requests are not recorded). */
	requests: RecordedRequest[];
	clearRequests(): void;
	faults: { add(rule: FaultRule): void; clear(): void; readonly rules: readonly FaultRule[] };
	auth: SandboxAuth;
	store: Store;
	webhooks: WebhookSender;
	/** The order the lists come in now (SandboxOptions.listOrder); set it to list the other way from the next request on. */
	listOrder: ListOrder;
	/** The demo shop the price/stock example syncs to (POST/GET /__shop/inventory). */
	shop: DemoShop;
	/** The tenant's pace, read at each request: set its fields to change it while the sandbox runs. */
	pace: Pace;
	/** Stops the server, timers and webhook schedules. */
	close(): Promise<void>;
}
