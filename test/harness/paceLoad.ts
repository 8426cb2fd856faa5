/**
 * K executions of N items each, at once, through a tenant's pace (nodes/shared/tenant/pace/) as a
 * node's run sends them (request.ts: a lane, the request, its answer, a 429 waited out and tried
 * again first), on a virtual event loop whose every turn costs what n8n's work on a request costs,
 * against a model of the tenant. Rounds run one after another on one pace, as executions in one
 * process do. Used by test/foundation/paceModel.test.ts.
 */
import { Limiter } from '../../nodes/shared/tenant/pace/limiter';
import { MAX_CEILING, RunBudget } from '../../nodes/shared/tenant/pace/run';
import { TenantModel, type TenantPace } from './tenantModel';
import { VirtualLoop } from './virtualLoop';

/** What n8n's process does besides our requests, in ms of its event loop. */
export interface Load {
	executions: number;
	items: number;
	/** An item's plan, before any request of its execution goes (execute.ts). */
	planMs: number;
	/** Preparing a request once its lane is given, and handling its answer. */
	sendMs: number;
	answerMs: number;
	/** A pause of the whole process (garbage collection, an execution saved) about every `pauseEveryMs`, 0.5 to 1.5 times `pauseMs`. */
	pauseMs: number;
	pauseEveryMs: number;
	/** Executions start within this much of each other (their webhooks). */
	spreadMs: number;
	rounds: number;
	/** The credential's Max Requests at Once. */
	mostAtOnce?: number;
	seed: number;
}

export interface RoundOutcome {
	wallMs: number;
	/** From the first request's arrival at the tenant to the last answer handled: the round without n8n's start of its executions. */
	servingMs: number;
	failed: number;
	served: number;
	throttled: number;
	/** 429 answers to requests arriving a second or more after the first 429 of the round. */
	throttledLater: number;
	/** Requests that arrived a second or more after the first 429 of the round. */
	arrivedLater: number;
	/** The most requests the tenant had unanswered at once (queued ones count), and waiting for a worker. */
	peak: number;
	longestQueue: number;
	/** The lowest rate a second the pace held during the round (undefined: none). */
	lowestRate?: number;
}

/** A seeded source of numbers in [0, 1), so a failing load is run again as it was. */
function seeded(seed: number): () => number {
	let state = seed >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 2 ** 32;
	};
}

export async function runLoad(pace: TenantPace, load: Load): Promise<RoundOutcome[]> {
	const random = seeded(load.seed);
	const loop = new VirtualLoop();
	return await loop.run(async () => {
		const limiter = new Limiter(load.mostAtOnce ?? MAX_CEILING);
		let busy = true;
		void (async () => {
			while (busy) {
				await loop.sleep(load.pauseEveryMs * (0.5 + random()));
				loop.work(load.pauseMs * (0.5 + random()));
			}
		})();
		const rounds: RoundOutcome[] = [];
		for (let round = 0; round < load.rounds; round++) {
			const tenant = new TenantModel(pace, random);
			const began = Date.now();
			let lowestRate: number | undefined;
			let watching = true;
			void (async () => {
				while (watching) {
					const { perSecond } = limiter.taught;
					if (perSecond !== undefined) lowestRate = Math.min(lowestRate ?? Infinity, perSecond);
					await loop.sleep(50);
				}
			})();
			const item = async (budget: RunBudget) => {
				for (let again = false; ; again = true) {
					const lane = await budget.take({ again });
					loop.work(load.sendMs);
					await loop.sleep(0);
					const answer = tenant.send(Date.now());
					await loop.sleep(answer.backAt - Date.now());
					loop.work(load.answerMs);
					if (answer.status === 200) {
						budget.answered(lane);
						return lane.end();
					}
					const goesOn = budget.overloaded(lane, 'throttled', answer.retryAfter);
					lane.end();
					if (!goesOn) throw new Error('the run gave up');
				}
			};
			const executions = await Promise.allSettled(
				Array.from({ length: load.executions }, async () => {
					await loop.sleep(random() * load.spreadMs);
					loop.work(load.items * load.planMs);
					await loop.sleep(0);
					const budget = new RunBudget(limiter);
					await Promise.all(Array.from({ length: load.items }, async () => await item(budget)));
				}),
			);
			watching = false;
			const { seen } = tenant;
			const firstThrottled = seen.throttledAt[0];
			const later = (at: number) => firstThrottled !== undefined && at >= firstThrottled + 1000;
			rounds.push({
				wallMs: Date.now() - began,
				servingMs: Date.now() - (seen.arrivedAt[0] ?? began),
				failed: executions.filter((one) => one.status === 'rejected').length,
				served: seen.served,
				throttled: seen.throttledAt.length,
				throttledLater: seen.throttledAt.filter(later).length,
				arrivedLater: seen.arrivedAt.filter(later).length,
				peak: seen.peak,
				longestQueue: seen.longestQueue,
				lowestRate,
			});
			// The next round's executions come a few seconds later, as a schedule's or a shop's next burst.
			await loop.sleep(3000);
		}
		busy = false;
		return rounds;
	});
}
