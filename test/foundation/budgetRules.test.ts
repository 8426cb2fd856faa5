/*
 * The run's request budget on its own (nodes/shared/tenant/budget.ts): the rules that decide how
 * many requests go at once, driven request by request. The same rules against a real tenant, through
 * n8n's engine: requestBudget.test.ts.
 */
import { NotSent, RequestBudget, START_LANES, type Lane } from '../../nodes/shared/tenant/budget';

/** Sends `count` requests through the budget as a busy run does (every lane in use, more waiting), answering each at once. */
async function busyRound(budget: RequestBudget, count: number, answer: (lane: Lane) => void = (lane) => budget.answered(lane)) {
	await Promise.all(
		Array.from({ length: count }, async () => {
			const lane = await budget.take();
			await Promise.resolve();
			answer(lane);
			lane.end();
		}),
	);
}

describe('the request budget', () => {
	it(`starts at ${START_LANES} lanes, or the ceiling when it is lower`, () => {
		expect(new RequestBudget().lanes).toBe(START_LANES);
		expect(new RequestBudget({ ceiling: 2 }).lanes).toBe(2);
	});

	it('grows while every lane is in use and stops at the ceiling', async () => {
		const budget = new RequestBudget({ ceiling: 12 });
		await busyRound(budget, 400);
		expect(budget.lanes).toBe(12);
		expect(budget.summary.peak).toBe(12);
	});

	it('does not grow when the run has spare lanes: one request at a time shows nothing about the tenant', async () => {
		const budget = new RequestBudget();
		for (let i = 0; i < 50; i++) {
			const lane = await budget.take();
			budget.answered(lane);
			lane.end();
		}
		expect(budget.lanes).toBe(START_LANES);
	});

	it('a run of writes grows more slowly than a run of reads', async () => {
		const reads = new RequestBudget();
		const writes = new RequestBudget({ careful: true });
		await busyRound(reads, 40);
		await busyRound(writes, 40);
		expect(writes.lanes).toBeGreaterThan(START_LANES);
		expect(writes.lanes).toBeLessThan(reads.lanes);
	});

	it('a 429 halves the budget once for the answers of one round, and caps it below what was in flight', async () => {
		const budget = new RequestBudget();
		await busyRound(budget, 60);
		const grown = budget.lanes;
		const lanes = await Promise.all(Array.from({ length: grown }, () => budget.take()));
		// The last two of the round are throttled, as by a tenant that lets fewer through: one cut, not two.
		expect(budget.overloaded(lanes[grown - 1], 'throttled', 0)).toBe(true);
		expect(budget.overloaded(lanes[grown - 2], 'throttled', 0)).toBe(true);
		for (const lane of lanes) lane.end();
		expect(budget.lanes).toBe(Math.floor(grown / 2));
		expect(budget.summary).toMatchObject({ throttledAnswers: 2, throttleWaits: 1, throttledCap: grown - 2 });
		await busyRound(budget, 2000);
		expect(budget.lanes).toBe(grown - 2);
	});

	it('gives up after 3 throttles in a row: the 4th answers false and every waiting request is not sent', async () => {
		const budget = new RequestBudget({ ceiling: 1 });
		for (let wait = 1; wait <= 3; wait++) {
			const lane = await budget.take();
			expect(budget.overloaded(lane, 'throttled', 0)).toBe(true);
			lane.end();
		}
		const last = await budget.take();
		const waiting = budget.take();
		expect(budget.overloaded(last, 'throttled', 0)).toBe(false);
		await expect(waiting).rejects.toThrow(NotSent);
		await expect(waiting).rejects.toThrow(/kept limiting requests \(429\) after the run had waited 3 times/);
		await expect(budget.take()).rejects.toThrow(NotSent);
	});

	it('an answer between throttles renews the run’s patience', async () => {
		const budget = new RequestBudget({ ceiling: 1 });
		for (let round = 0; round < 5; round++) {
			for (let wait = 1; wait <= 3; wait++) {
				const lane = await budget.take();
				expect(budget.overloaded(lane, 'throttled', 0)).toBe(true);
				lane.end();
			}
			const answered = await budget.take();
			budget.answered(answered);
			answered.end();
		}
		expect(budget.summary.throttleWaits).toBe(15);
	});

	it('a Retry-After holds every new request of the run until it is over', async () => {
		const budget = new RequestBudget();
		const lane = await budget.take();
		budget.overloaded(lane, 'unavailable', 0.3);
		lane.end();
		const asked = Date.now();
		(await budget.take()).end();
		expect(Date.now() - asked).toBeGreaterThanOrEqual(280);
	});
});
