/**
 * What `npm run bench:n8n -- --concurrent` runs (issue 48): the tenants K executions meet at once,
 * each with its capacity, its floor and the targets of ours; and the production workflow they run,
 * Webhook -> the prospect IDs -> Prospect Get, with our node or n8n's HTTP Request node.
 */
import { DEMO, type Pace, type Sandbox } from '../../sandbox';
import type { CredentialFixture, JsonObject, N8nRuntime, WorkflowFixture } from '../../e2e/lib';
import { apiKeyCredential, linearWorkflow, nodeId, nodeType, setJson, uses, type NodeSpec } from '../../e2e/suites/admintotal';
import { CREDENTIAL_REFS, httpRequestVersion, type HttpBatching } from './workflows';

/** How long every tenant takes to answer: one across a network. */
export const CONCURRENT_LATENCY_MS = 50;

/** What one case measured: the tenant's view of K executions at once. */
export interface LoadFigures {
	/** Requests the tenant served, and those it answered 429. */
	requests: number;
	throttled: number;
	/** The most requests it had unanswered at once (a queued one counts). */
	peakInFlight: number;
	/** The longest its workers' queue grew, and the longest a request waited in it (0 without workers). */
	longestQueue: number;
	longestWaitMs: number;
	/** Requests arriving a second or more after the first 429 (the tenant's first throttled window has passed), and the 429s among them; absent in results before these were counted. */
	laterRequests?: number;
	laterThrottled?: number;
}

export interface Target {
	/** Every execution complete. */
	allComplete: boolean;
	/** Wall time at most this many times the floor. */
	maxFloorRatio: number;
	/** At most this many answers 429 in all. */
	max429?: number;
	/** Under this share of the requests answered 429 once the first throttled window has passed (the words). */
	max429Share?: number;
	/** Never more than this many waiting in the tenant's queue. */
	maxQueue?: number;
}

export interface Tenant {
	key: 'throttle' | 'rate' | 'workers' | 'capped';
	/** Three letters for the workflows' and credential's IDs. */
	code: string;
	name: string;
	pace: Pace;
	/** Seconds the tenant needs for `requests` at its capacity. */
	floorSeconds: (requests: number) => number;
	/** The Batching a careful user sets on the HTTP Request node for this tenant when one execution meets it (undefined: as added). */
	httpBatching: HttpBatching;
	/** The targets of ours (issue 48, for 4 executions of 500 items at 50 ms); none for a reference. */
	target?: Target;
	/** The credential's Max Requests at Once, when the case sets it. */
	maxRequestsAtOnce?: number;
}

export const TENANTS: Tenant[] = [
	{
		key: 'throttle',
		code: 'Thr',
		name: '429 above 10 in flight',
		pace: { latencyMs: CONCURRENT_LATENCY_MS, throttleAbove: 10 },
		floorSeconds: (requests) => (requests / 10) * (CONCURRENT_LATENCY_MS / 1000),
		httpBatching: { batchSize: 10, batchInterval: 100 },
		target: { allComplete: true, maxFloorRatio: 1.3, max429: 20 },
	},
	{
		key: 'rate',
		code: 'Rat',
		name: '100 requests per second (DRF rate throttle)',
		pace: { latencyMs: CONCURRENT_LATENCY_MS, ratePerSecond: 100 },
		floorSeconds: (requests) => requests / 100,
		httpBatching: { batchSize: 100, batchInterval: 1000 },
		target: { allComplete: true, maxFloorRatio: 1.2, max429Share: 0.05 },
	},
	{
		key: 'workers',
		code: 'Wrk',
		name: '8 workers that queue',
		pace: { latencyMs: CONCURRENT_LATENCY_MS, workers: 8 },
		floorSeconds: (requests) => (requests / 8) * (CONCURRENT_LATENCY_MS / 1000),
		httpBatching: undefined,
		target: { allComplete: false, maxFloorRatio: 1.1, maxQueue: 16 },
	},
	{
		// A reference for the first: the same 10 at once, without a 429 to learn it from, so the time past
		// its floor is n8n's own work on each request at 10 lanes, not the pace.
		key: 'capped',
		code: 'Cap',
		name: 'no throttle, ours kept to 10 at once (Max Requests at Once)',
		pace: { latencyMs: CONCURRENT_LATENCY_MS },
		floorSeconds: (requests) => (requests / 10) * (CONCURRENT_LATENCY_MS / 1000),
		httpBatching: undefined,
		maxRequestsAtOnce: 10,
	},
];

/** Whether a case met its target, and which part failed. */
export function judge(target: Target, figures: LoadFigures & { complete: number; executions: number; floorRatio: number }): { met: boolean; missed: string[] } {
	const missed: string[] = [];
	if (target.allComplete && figures.complete < figures.executions) missed.push(`${figures.executions - figures.complete} of ${figures.executions} failed`);
	if (!(figures.floorRatio <= target.maxFloorRatio)) missed.push(`${figures.floorRatio.toFixed(2)}x floor > ${target.maxFloorRatio}`);
	if (target.max429 !== undefined && figures.throttled > target.max429) missed.push(`${figures.throttled} answers 429 > ${target.max429}`);
	const share = laterShare(figures);
	if (target.max429Share !== undefined && !(share < target.max429Share)) missed.push(`${(share * 100).toFixed(1)} % answered 429 after the first throttled second ≥ ${target.max429Share * 100} %`);
	if (target.maxQueue !== undefined && figures.longestQueue > target.maxQueue) missed.push(`${figures.longestQueue} waiting > ${target.maxQueue}`);
	return { met: missed.length === 0, missed };
}

/** The share of requests answered 429 once the first throttled second has passed (0 when none came later). */
export function laterShare(figures: LoadFigures): number {
	return (figures.laterThrottled ?? 0) / Math.max(1, figures.laterRequests ?? 0);
}

export function targetText(target: Target): string {
	return [
		target.allComplete ? 'all complete' : undefined,
		`≤ ${target.maxFloorRatio}x floor`,
		target.max429 !== undefined ? `≤ ${target.max429} answers 429` : undefined,
		target.max429Share !== undefined ? `< ${target.max429Share * 100} % answered 429 after the first throttled second` : undefined,
		target.maxQueue !== undefined ? `≤ ${target.maxQueue} waiting` : undefined,
	]
		.filter(Boolean)
		.join(', ');
}

/** A workflow of the case: which node, and the webhook path that starts it. */
export interface ConcurrentWorkflow {
	side: 'ours' | 'http';
	path: string;
	workflow: WorkflowFixture;
}

/** The tenant's credential for our node: each tenant its own sandbox, so its own Base URL (a pace per tenant is kept by Base URL and account). */
export function tenantCredential(tenant: Tenant, sandbox: Sandbox): CredentialFixture {
	const credential = apiKeyCredential(sandbox, DEMO.apiKey, { id: `benchConcCred${tenant.code}`, name: `Admintotal API (bench, ${tenant.name})` });
	return tenant.maxRequestsAtOnce === undefined ? credential : { ...credential, data: { ...credential.data, maxRequestsAtOnce: tenant.maxRequestsAtOnce } };
}

/** A production Webhook answering with every item of the last node once the execution is done (an error answers 500). */
function webhook(path: string, number: number): NodeSpec {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: nodeId(number, 99),
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
	};
}

/** The IDs as one array, then one item each (not the work). */
function prospectIds(ids: number[]): NodeSpec[] {
	return [
		setJson('Prospect IDs', { ids: ids.map((id) => ({ id })) }),
		{ name: 'One Item Each', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'ids', include: 'noOtherFields', options: {} } },
	];
}

/** Ours and the HTTP Request node's workflow for one tenant: `items` prospects, the tenant's prospects in turn. */
export function concurrentWorkflows(runtime: N8nRuntime, tenant: Tenant, sandbox: Sandbox, index: number, items: number): ConcurrentWorkflow[] {
	const known = sandbox.store.prospectos.map((prospect) => prospect.id);
	const ids = Array.from({ length: items }, (_, item) => known[item % known.length]);
	const number = 930 + index * 2;
	const oursPath = `bench-concurrent-${tenant.key}-ours`;
	const httpPath = `bench-concurrent-${tenant.key}-http`;
	const batching = tenant.httpBatching;
	const http: NodeSpec = {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: httpRequestVersion(runtime),
		parameters: {
			method: 'GET',
			url: `=${sandbox.url}/api/v2/prospectos/{{ $json.id }}/`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			options: batching ? { batching: { batch: batching } } : {},
		},
		credentials: { httpHeaderAuth: CREDENTIAL_REFS.http },
	};
	return [
		{
			side: 'ours',
			path: oursPath,
			workflow: linearWorkflow(`benchConc${tenant.code}Ours`, number, `Bench concurrent: ${tenant.name}, ours`, [
				webhook(oursPath, number),
				...prospectIds(ids),
				{
					name: 'Admintotal Prospect',
					type: nodeType('admintotalProspect'),
					typeVersion: 1,
					parameters: { resource: 'prospect', operation: 'get', prospectId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify: false, options: {} },
					credentials: uses(tenantCredential(tenant, sandbox)),
				},
			]),
		},
		{
			side: 'http',
			path: httpPath,
			workflow: linearWorkflow(`benchConc${tenant.code}Http`, number + 1, `Bench concurrent: ${tenant.name}, HTTP Request node`, [
				webhook(httpPath, number + 1),
				...prospectIds(ids),
				http,
			]),
		},
	];
}

/** Throws unless a webhook's answer is one record per item, each the prospect asked for. */
export function verifyAnswer(body: unknown, items: number): void {
	if (!Array.isArray(body)) throw new Error(`the webhook answered ${typeof body}, not the items`);
	if (body.length !== items) throw new Error(`${body.length} items out, expected ${items}`);
	const withId = (body as JsonObject[]).filter((item) => typeof item.id === 'number').length;
	if (withId !== items) throw new Error(`${withId} items with a prospect id, expected ${items}`);
}
