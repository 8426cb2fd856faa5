/*
 * A tenant's pace on its own (nodes/shared/tenant/pace/): the rule that decides how many requests go
 * at once, the limiter that keeps to it, and a run's part of it, driven request by request. The same
 * rules against a real tenant, through n8n's engine: requestBudget.test.ts.
 */
import { sleep } from 'n8n-workflow';

import { Limiter } from '../../nodes/shared/tenant/pace/limiter';
import { FORGET_AFTER_MS, forgetPaces, paceOf } from '../../nodes/shared/tenant/pace/registry';
import { PROBE_AFTER_MS, PaceRule, START_LANES, type Sent } from '../../nodes/shared/tenant/pace/rule';
import { MAX_CEILING, NotSent, RunBudget, type Lane } from '../../nodes/shared/tenant/pace/run';

/** A run on a tenant's pace of its own (Max Requests at Once: the most). */
const runBudget = (options: ConstructorParameters<typeof RunBudget>[1] = {}) => new RunBudget(new Limiter(MAX_CEILING), options);

/** Sends `count` requests through the budget as a busy run does (every lane in use, more waiting), answering each at once. */
async function busyRound(budget: RunBudget, count: number, answer: (lane: Lane) => void = (lane) => budget.answered(lane)) {
	await Promise.all(
		Array.from({ length: count }, async () => {
			const lane = await budget.take();
			await Promise.resolve();
			answer(lane);
			lane.end();
		}),
	);
}

describe('a tenant’s pace, and a run’s part of it', () => {
	// Answers here come back at once. Where a test counts lanes, the clock stands still (or moves only
	// when the test moves it), so that a pause of a busy machine cannot read as a slower tenant.
	const stopTheClock = () => jest.spyOn(Date, 'now').mockReturnValue(Date.now());
	afterEach(() => jest.restoreAllMocks());

	it(`starts at ${START_LANES} lanes, or the ceiling when it is lower`, () => {
		expect(runBudget().lanes).toBe(START_LANES);
		expect(runBudget({ ceiling: 2 }).lanes).toBe(2);
	});

	it('grows while every lane is in use and stops at the ceiling', async () => {
		stopTheClock();
		const budget = runBudget({ ceiling: 12 });
		await busyRound(budget, 400);
		expect(budget.lanes).toBe(12);
		expect(budget.summary.peak).toBe(12);
	});

	it('does not grow when the run has spare lanes: one request at a time shows nothing about the tenant', async () => {
		stopTheClock();
		const budget = runBudget();
		for (let i = 0; i < 50; i++) {
			const lane = await budget.take();
			budget.answered(lane);
			lane.end();
		}
		expect(budget.lanes).toBe(START_LANES);
	});

	it('a run of writes grows as a run of reads does until the tenant first pushes back, then half as fast', async () => {
		stopTheClock();
		const reads = runBudget();
		const writes = runBudget({ careful: true });
		await busyRound(reads, 40);
		await busyRound(writes, 40);
		expect(writes.lanes).toBeGreaterThan(START_LANES);
		expect(writes.lanes).toBe(reads.lanes);
		// One 503 each: both halve, then grow by a lane per round trip (reads) or half a lane (writes).
		for (const budget of [reads, writes]) {
			const lane = await budget.take();
			budget.overloaded(lane, 'unavailable', 0);
			lane.end();
		}
		const cutTo = reads.lanes;
		expect(writes.lanes).toBe(cutTo);
		await busyRound(reads, 40 * cutTo);
		await busyRound(writes, 40 * cutTo);
		expect(writes.lanes).toBeGreaterThan(cutTo);
		expect(writes.lanes - cutTo).toBeLessThan(reads.lanes - cutTo);
	});

	it('in slow start, 8 answers slower than the tolerance cut at once, before their round is over', async () => {
		const clock = stopTheClock();
		const budget = runBudget({ ceiling: 100 });
		await busyRound(budget, 40);
		const grown = budget.lanes;
		const lanes = await Promise.all(Array.from({ length: grown }, () => budget.take()));
		// Answers at once so far: the tolerance is 25 ms; these 8 take 120 ms, the rest of the round is still out.
		clock.mockReturnValue(Date.now() + 120);
		for (const lane of lanes.slice(0, 8)) budget.answered(lane);
		expect(budget.summary.latencyCuts).toBe(1);
		expect(budget.lanes).toBeLessThan(grown);
		for (const lane of lanes) lane.end();
	});

	it('in slow start, a request unanswered past the tolerance ends the doubling: growth is then a lane per round trip', async () => {
		const clock = stopTheClock();
		const budget = runBudget({ ceiling: 200 });
		const unanswered = await budget.take();
		await busyRound(budget, 5);
		clock.mockReturnValue(Date.now() + 120);
		const before = budget.lanes;
		await busyRound(budget, 100);
		// Doubling would have added about a lane per answer; a lane per round trip is a few.
		expect(budget.lanes - before).toBeLessThan(10);
		expect(budget.summary.latencyCuts).toBe(0);
		unanswered.end();
	});

	it('in slow start, 8 answers between quick and tolerated end the doubling: growth is then a lane per round trip (a pace that sat at 20 lanes behind 8 workers began the next executions doubling, 17 waiting)', () => {
		const rule = new PaceRule(MAX_CEILING);
		rule.answered(rule.sent(0, 1), 50, { careful: false });
		// Quick is within 72.5 ms (50, a quarter of its 50 allowance, 0.5 ms for each of 20 lanes), tolerated within 110.
		for (let i = 0; i < 8; i++) rule.answered(rule.sent(100, START_LANES), 180, { careful: false });
		expect(rule.lanes).toBe(START_LANES);
		// Then quick answers to requests sent with every lane in use: doubling would add one lane each.
		for (let i = 0; i < 25; i++) rule.answered(rule.sent(200, rule.lanes), 250, { careful: false });
		expect(rule.lanes).toBe(START_LANES + 1);
	});

	it("takes the event loop's lateness off each latency it judges, and off the fastest answer only for a fresh pace's first requests (the fastest is kept for good)", () => {
		const rule = new PaceRule(MAX_CEILING);
		// 140 ms, 80 of them our own: the tenant's fastest is taken as 70 (never more than half an answer is ours).
		rule.answered(rule.sent(0, 1), 140, { careful: false, lateMs: 80 });
		// Tolerated is within 150 ms: 8 answers of 200 ms, 120 of them our own (a pause of the process), cut nothing.
		for (let i = 0; i < 8; i++) expect(rule.answered(rule.sent(200, START_LANES), 400, { careful: false, lateMs: 120 })).toBeUndefined();
		expect(rule.lanes).toBe(START_LANES);
		// Once the tenant is known, an answer of 60 ms with 30 of lateness sets the fastest to 60, not 30:
		// 8 answers of 125 ms are then within the tolerance (130), which a fastest of 30 would put at 90.
		rule.answered(rule.sent(500, 1), 560, { careful: false, lateMs: 30 });
		for (let i = 0; i < 8; i++) expect(rule.answered(rule.sent(600, START_LANES), 725, { careful: false })).toBeUndefined();
		expect(rule.lanes).toBe(START_LANES);
	});

	it(`a 429 halves the budget once for the answers of one round, grows back to below what was in flight, and past it only after ${PROBE_AFTER_MS / 1000} s`, async () => {
		const clock = stopTheClock();
		const budget = runBudget();
		await busyRound(budget, 60);
		const grown = budget.lanes;
		const lanes = await Promise.all(Array.from({ length: grown }, () => budget.take()));
		// A second later (no answer in the last second: no rate to pace starts at, the lanes are what this is
		// about), the last two of the round are throttled, as by a tenant that lets fewer through: one cut, not two.
		clock.mockReturnValue(Date.now() + 1001);
		expect(budget.overloaded(lanes[grown - 1], 'throttled', 0)).toBe(true);
		expect(budget.overloaded(lanes[grown - 2], 'throttled', 0)).toBe(true);
		for (const lane of lanes) lane.end();
		expect(budget.lanes).toBe(Math.floor(grown / 2));
		expect(budget.summary).toMatchObject({ throttledAnswers: 2, throttleWaits: 1, taught: { atOnce: grown - 2 } });
		// Back to where it throttled as fast as answers come (a cut recovers); past it only once the limit has held a while.
		await busyRound(budget, 2000);
		expect(budget.lanes).toBe(grown - 2);
		const throttledAt = Date.now();
		clock.mockReturnValue(throttledAt + PROBE_AFTER_MS - 1000);
		await busyRound(budget, 2000);
		expect(budget.lanes).toBe(grown - 2);
		clock.mockReturnValue(throttledAt + PROBE_AFTER_MS + 1000);
		await busyRound(budget, 2000);
		expect(budget.lanes).toBeGreaterThan(grown - 2);
	});

	it('gives up after 3 throttles in a row: the 4th answers false and every waiting request is not sent', async () => {
		const budget = runBudget({ ceiling: 1 });
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
		last.end();
	});

	it('an answer between throttles renews the run’s patience', async () => {
		// Two seconds pass at each look at the clock: this is about patience, not the rate the throttles
		// set (it would space these starts a second or more apart).
		let now = Date.now();
		jest.spyOn(Date, 'now').mockImplementation(() => (now += 2000));
		const budget = runBudget({ ceiling: 1 });
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
		const budget = runBudget();
		const lane = await budget.take();
		budget.overloaded(lane, 'unavailable', 0.3);
		lane.end();
		const asked = Date.now();
		(await budget.take()).end();
		expect(Date.now() - asked).toBeGreaterThanOrEqual(280);
	});
});

describe('the rule, on the clock it is given', () => {
	/** `count` requests sent and answered one after another, `gapMs` apart from `from`, each alone in flight. */
	const answerInTurn = (rule: PaceRule, count: number, from: number, gapMs: number) => {
		for (let i = 0; i < count; i++) rule.answered(rule.sent(from + i * gapMs, 1), from + i * gapMs + 5, { careful: false });
	};

	it('a 429 after a second of requests, with no more in flight than requests that passed, is a throttle by rate: starts are paced at 0.9 of those that passed in the second before it', () => {
		const rule = new PaceRule(MAX_CEILING);
		answerInTurn(rule, 60, 0, 18);
		expect(rule.spacingMs(1_100)).toBe(0);
		expect(rule.overloaded(rule.sent(1_100, 1), 'throttled', 1_105)).toBe(true);
		// Those sent from 108 to 1,062 ms: 54.
		expect(rule.spacingMs(1_105)).toBeCloseTo(1000 / (54 * 0.9));
	});

	it("a 429 in the pace's first second is one at once: what a ramp's first second passed is no rate", () => {
		const rule = new PaceRule(MAX_CEILING);
		answerInTurn(rule, 50, 0, 18);
		rule.overloaded(rule.sent(900, 1), 'throttled', 905);
		expect(rule.spacingMs(905)).toBe(0);
	});

	it("a 429 at as many in flight as passed only before the last cut is one at once: our count of requests in flight runs ahead of the tenant's", () => {
		// 4 executions whose count ran ahead took such a 429 for a rate of 26 a second, and 53 s for a round of 10 (paceModel.test.ts).
		const rule = new PaceRule(MAX_CEILING);
		for (let i = 0; i < 60; i++) rule.answered(rule.sent(i * 18, 12), i * 18 + 5, { careful: false });
		rule.overloaded(rule.sent(1_100, 15), 'throttled', 1_101);
		expect(rule.taught(1_101)).toEqual({ atOnce: 14, perSecond: undefined });
		rule.overloaded(rule.sent(1_200, 11), 'throttled', 1_201);
		expect(rule.taught(1_201)).toEqual({ atOnce: 10, perSecond: undefined });
		expect(rule.spacingMs(1_201)).toBe(0);
	});

	it("a 429 taught as a rate keeps the lanes: they are what the tenant's answers showed, and paced starts need them (halved, 4 executions behind 100 a second took 1.5x its floor)", () => {
		const rule = new PaceRule(MAX_CEILING);
		answerInTurn(rule, 60, 0, 18);
		rule.overloaded(rule.sent(1_100, 1), 'throttled', 1_105);
		expect(rule.spacingMs(1_105)).toBeGreaterThan(0);
		expect(rule.lanes).toBe(START_LANES);
		// Once the taught rate has held, a 429 past it teaches the rate again, and the lanes stay.
		answerInTurn(rule, 60, 1_105 + PROBE_AFTER_MS, 18);
		rule.overloaded(rule.sent(2_300 + PROBE_AFTER_MS, 1), 'throttled', 2_305 + PROBE_AFTER_MS);
		expect(rule.taught(2_305 + PROBE_AFTER_MS).perSecond).toBeDefined();
		expect(rule.lanes).toBe(START_LANES);
	});

	it('a 429 with more in flight than ever passed is a throttle by requests at once: the lanes keep below it, starts are not paced', () => {
		// Early in a run few requests have passed yet: pacing starts at those (1 a second after a first page)
		// made Return All behind a tenant throttling above 10 at once take 7.17 s instead of 1.86.
		const rule = new PaceRule(MAX_CEILING);
		rule.answered(rule.sent(0, 1), 50, { careful: false });
		for (let i = 0; i < 10; i++) rule.sent(60, 2 + i);
		rule.overloaded(rule.sent(60, 11), 'throttled', 61);
		expect(rule.lanes).toBe(10);
		expect(rule.spacingMs(61)).toBe(0);
	});

	it("below a limit a 429 taught, the lanes grow back a lane a round trip on answers n8n's work held (tolerated, not quick): behind 4 executions they stayed at the half", () => {
		const rule = new PaceRule(MAX_CEILING);
		rule.answered(rule.sent(0, 1), 50, { careful: false });
		// 16 at once, none answered yet: the 16th is refused, a limit of 15 at once.
		for (let i = 1; i < 16; i++) rule.sent(60, i);
		rule.overloaded(rule.sent(60, 16), 'throttled', 100);
		expect(rule.lanes).toBe(10);
		// Every lane in use, answers in 90 ms: past quick for a 50 ms tenant, within its tolerance.
		for (let now = 200; now < 2_000; now += 10) rule.answered(rule.sent(now - 90, rule.lanes), now, { careful: false });
		expect(rule.lanes).toBe(15);
	});

	it(`past a limit a 429 taught only after ${PROBE_AFTER_MS / 1000} s, then twice as long each time the tenant throttles there again`, () => {
		const rule = new PaceRule(MAX_CEILING);
		const busyAt = (now: number) => rule.answered(rule.sent(now - 50, rule.lanes), now, { careful: false });
		rule.overloaded(rule.sent(0, 11), 'throttled', 1);
		for (let now = 100; now < PROBE_AFTER_MS; now += 100) busyAt(now);
		expect(rule.lanes).toBe(10);
		// A run's hint says the limit while it holds, not once the pace goes past it.
		expect(rule.taught(PROBE_AFTER_MS)).toEqual({ atOnce: 10 });
		expect(rule.taught(PROBE_AFTER_MS + 1)).toEqual({});
		for (let now = PROBE_AFTER_MS + 100; now < PROBE_AFTER_MS + 1000; now += 50) busyAt(now);
		expect(rule.lanes).toBeGreaterThan(10);
		// Going past it, the tenant throttles above 10 again.
		const probe = PROBE_AFTER_MS + 1000;
		rule.overloaded(rule.sent(probe, 11), 'throttled', probe + 1);
		expect(rule.spacingMs(probe + 1)).toBe(0);
		for (let now = probe + 100; now < probe + 2 * PROBE_AFTER_MS; now += 100) busyAt(now);
		expect(rule.lanes).toBe(10);
		for (let now = probe + 2 * PROBE_AFTER_MS + 100; now < probe + 2 * PROBE_AFTER_MS + 1000; now += 50) busyAt(now);
		expect(rule.lanes).toBeGreaterThan(10);
	});

	it("pages that come back together, slower than the first page alone by n8n's work on them, are no queue at the tenant: the lanes grow; small answers as slow are one", () => {
		// A Return All: the first page alone in 90 ms, then waves of pages at once that n8n parses one after
		// another (100 to 300 ms). At 150 ms answers, 300 KB pages read as a queue held it at 20 lanes (1.71 s, 1.12 before).
		const waves = (bytes: number) => {
			const rule = new PaceRule(MAX_CEILING);
			rule.answered(rule.sent(0, 1), 90, { careful: false, bytes });
			for (let wave = 0, now = 100; wave < 4; wave++, now += 260) {
				const sent = Array.from({ length: rule.lanes }, () => rule.sent(now, rule.lanes));
				sent.forEach((one, index) => rule.answered(one, now + 100 + (index * 200) / sent.length, { careful: false, bytes }));
			}
			return rule.lanes;
		};
		expect(waves(300_000)).toBeGreaterThan(2 * START_LANES);
		expect(waves(300)).toBeLessThan(START_LANES);
	});

	it("answers that came back together, handled one after another in a turn of the event loop, are as quick as the first of them: a round of 20 grows 20 lanes; as far apart from a tenant's queue, fewer", () => {
		const round = (together: boolean) => {
			const rule = new PaceRule(MAX_CEILING);
			rule.answered(rule.sent(0, 1), 50, { careful: false });
			const sent = Array.from({ length: rule.lanes }, () => rule.sent(100, rule.lanes));
			// n8n works 2 ms on each answer before it reaches the next.
			sent.forEach((one, index) => rule.answered(one, 150 + 2 * index, { careful: false, cameBy: together ? 150 : undefined }));
			return rule.lanes;
		};
		expect(round(true)).toBe(2 * START_LANES);
		expect(round(false)).toBeLessThan(2 * START_LANES - 3);
	});

	it('a single 429 on the first request teaches no limit: the lanes halve and grow again as answers come', () => {
		const rule = new PaceRule(MAX_CEILING);
		rule.overloaded(rule.sent(0, 1), 'throttled', 1);
		expect(rule.lanes).toBe(START_LANES / 2);
		for (let now = 100; now < 2000; now += 10) rule.answered(rule.sent(now - 50, rule.lanes), now, { careful: false });
		expect(rule.lanes).toBeGreaterThan(START_LANES / 2 + 3);
	});
});

describe('how late our event loop ran', () => {
	it("is not the tenant's: a first answer held 70 ms by it counts at most half its time (120 ms, 60), so answers queued at twice the tenant's grow no lanes", () => {
		const lanesAfter = (lateMs: number) => {
			const rule = new PaceRule(MAX_CEILING);
			rule.answered(rule.sent(0, 1), 120, { lateMs, careful: false });
			// Every lane in use, answers at 110 ms: twice a 50 ms tenant and more (a queue), quick for one of 120 ms.
			for (let now = 200; now < 1_000; now += 10) rule.answered(rule.sent(now - 110, rule.lanes), now, { careful: false });
			return rule.lanes;
		};
		expect(lanesAfter(70)).toBeLessThanOrEqual(START_LANES);
		// Lateness longer than half the answer began before it came: 120 ms with 110 of it ours is still 60, not 10 (which would cut these lanes).
		expect(lanesAfter(110)).toBe(START_LANES);
		expect(lanesAfter(0)).toBeGreaterThan(START_LANES + 10);
	});
});

describe('the limiter', () => {
	it('counts a latency from when the request could leave: work the event loop did before it (other items, other executions) is not the tenant’s', async () => {
		let now = 1_000;
		const limiter = new Limiter(MAX_CEILING, () => now);
		const answered = jest.spyOn(limiter.rule, 'answered');
		const first = (await limiter.take({})) as Sent;
		// What was queued with it holds the event loop for 40 ms; the request leaves after.
		now += 40;
		await sleep(1);
		now += 50;
		limiter.answered(first, false, 0);
		expect(answered).toHaveBeenLastCalledWith(first, 1_090, expect.objectContaining({ leftAt: 1_040 }));
		// Let go while the event loop is free, it counts from its next turn.
		const second = (await limiter.take({})) as Sent;
		await sleep(1);
		now += 60;
		limiter.answered(second, false, 0);
		expect(answered).toHaveBeenLastCalledWith(second, 1_150, expect.objectContaining({ leftAt: 1_090 }));
	});

	it('an answer handled in the same turn of the event loop as one before it had come when that one was handled; in a later turn, when it is handled', async () => {
		let now = 1_000;
		const limiter = new Limiter(MAX_CEILING, () => now);
		const answered = jest.spyOn(limiter.rule, 'answered');
		const sent: Sent[] = [];
		for (let i = 0; i < 3; i++) sent.push((await limiter.take({})) as Sent);
		await sleep(1);
		now += 50;
		limiter.answered(sent[0], false, 0);
		expect(answered).toHaveBeenLastCalledWith(sent[0], 1_050, expect.objectContaining({ leftAt: 1_000, cameBy: 1_050 }));
		now += 3;
		limiter.answered(sent[1], false, 0);
		expect(answered).toHaveBeenLastCalledWith(sent[1], 1_053, expect.objectContaining({ cameBy: 1_050 }));
		await sleep(1);
		now += 3;
		limiter.answered(sent[2], false, 0);
		expect(answered).toHaveBeenLastCalledWith(sent[2], 1_056, expect.objectContaining({ cameBy: 1_056 }));
	});

	it('samples how late the event loop ran while requests were out, and stops 2 s after the last went or came back', async () => {
		let now = 1_000;
		const limiter = new Limiter(MAX_CEILING, () => now);
		const answered = jest.spyOn(limiter.rule, 'answered');
		// A request leaves, the event loop is held 90 ms while it is out (n8n starting executions, a pause), and it is answered 50 ms later.
		const heldWhileOut = async () => {
			const sent = (await limiter.take({})) as Sent;
			await sleep(1);
			now += 90;
			await sleep(20);
			now += 50;
			limiter.answered(sent, false, 0);
			limiter.release(sent);
			return sent;
		};
		// The sample due 10 ms after it left woke 80 ms late.
		const first = await heldWhileOut();
		expect(answered).toHaveBeenLastCalledWith(first, 1_140, expect.objectContaining({ leftAt: 1_000, lateMs: 80 }));
		// Once the tenant is known, too (after the sampling of the first has stopped, with nothing out).
		await sleep(30);
		const second = await heldWhileOut();
		expect(answered).toHaveBeenLastCalledWith(second, 1_280, expect.objectContaining({ leftAt: 1_140, lateMs: 80 }));
		// A request that never comes back (a test's, a bug's) keeps no timer going for good.
		const stuck = jest.spyOn(limiter as unknown as { probeLateness: () => void }, 'probeLateness');
		await limiter.take({});
		await sleep(2_500);
		const probes = stuck.mock.calls.length;
		await sleep(100);
		expect(stuck.mock.calls.length).toBe(probes);
		// 200 samples (2 s), and the calls that found one pending.
		expect(probes).toBeLessThanOrEqual(205);
	});
});

describe('the registry of tenants', () => {
	afterEach(() => forgetPaces());
	const credentials = (extra: Record<string, unknown> = {}) => ({ authMethod: 'apiKey', apiKey: 'key-of-account-one', ...extra });

	it("one pace per tenant and account: the same for the same API base and key, another for another key or tenant", () => {
		const pace = paceOf('https://a.example/api/v2', credentials());
		expect(paceOf('https://a.example/api/v2', credentials())).toBe(pace);
		expect(paceOf('https://a.example/api/v2', credentials({ apiKey: 'key-of-account-two' }))).not.toBe(pace);
		expect(paceOf('https://b.example/api/v2', credentials())).not.toBe(pace);
	});

	it("the credential's Max Requests at Once bounds the tenant's lanes; unset, 200; a value that is no whole number from 1 to 200 is refused, naming the field", () => {
		expect(paceOf('https://a.example/api/v2', credentials({ maxRequestsAtOnce: 4 })).rule.lanes).toBe(4);
		expect(paceOf('https://c.example/api/v2', credentials()).rule.ceiling).toBe(MAX_CEILING);
		for (const wrong of ['many', 0, 2.5, 201, NaN, { most: 4 }]) {
			expect(() => paceOf('https://a.example/api/v2', credentials({ maxRequestsAtOnce: wrong as never }))).toThrow(/Max Requests at Once must be a whole number from 1 to 200/);
		}
	});

	it(`a pace unused for ${FORGET_AFTER_MS / 60_000} minutes is forgotten`, () => {
		const clock = jest.spyOn(Date, 'now');
		const start = Date.now();
		clock.mockReturnValue(start);
		const pace = paceOf('https://a.example/api/v2', credentials());
		clock.mockReturnValue(start + FORGET_AFTER_MS - 1000);
		expect(paceOf('https://a.example/api/v2', credentials())).toBe(pace);
		clock.mockReturnValue(start + FORGET_AFTER_MS + 1);
		expect(paceOf('https://a.example/api/v2', credentials())).not.toBe(pace);
		clock.mockRestore();
	});
});
