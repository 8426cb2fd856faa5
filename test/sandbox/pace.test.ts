/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSandbox, type Sandbox } from './index';
import { WorkerPool, type Admission } from './server/workerPool';
import { call } from './testing';

/** The tenant's pace (server/pace.ts): a rate throttle as DRF's, and a pool of workers that queues. */
describe('sandbox pace', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ volume: { productos: 30 } });
	});
	afterAll(() => sandbox.close());
	beforeEach(() => sandbox.clearRequests());
	afterEach(() => {
		for (const key of Object.keys(sandbox.pace)) delete sandbox.pace[key as keyof typeof sandbox.pace];
	});

	/** Polls until `done` holds (the sandbox has received what the test sent). */
	const until = async (done: () => boolean) => {
		while (!done()) await sleep(5);
	};

	describe('ratePerSecond, as DRF SimpleRateThrottle', () => {
		it('lets through as many as the rate allows in the window and answers the rest 429 with Retry-After until the oldest leaves it', async () => {
			// 4 in any minute.
			sandbox.pace.ratePerSecond = 4 / 60;
			sandbox.pace.ratePeriodMs = 60_000;
			const answers = await Promise.all(Array.from({ length: 10 }, () => call(sandbox, 'cuentas/')));
			expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
			const throttled = answers.filter((answer) => answer.status === 429);
			expect(throttled).toHaveLength(6);
			for (const answer of throttled) {
				// The window is a minute and the first request went through well under a second ago: 60 s, rounded up.
				expect(answer.headers.get('retry-after')).toBe('60');
				expect(answer.json).toEqual({ detail: 'Solicitud fue regulada. Se espera que esté disponible en 60 segundos.' });
			}
			expect(sandbox.requests.map((request) => request.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
		});

		it('slides: once the oldest leaves the window a request goes through, and refused requests never filled it', async () => {
			// 10 a second over 300 ms: 3 in any 300 ms.
			sandbox.pace.ratePerSecond = 10;
			sandbox.pace.ratePeriodMs = 300;
			const statuses = [];
			for (let i = 0; i < 3; i++) statuses.push((await call(sandbox, 'cuentas/')).status);
			const refused = await call(sandbox, 'cuentas/');
			// Less than a second away: at least 1, never 0 (DRF would send no Retry-After at all).
			expect(refused.headers.get('retry-after')).toBe('1');
			statuses.push(refused.status, (await call(sandbox, 'cuentas/')).status);
			expect(statuses).toEqual([200, 200, 200, 429, 429]);
			await sleep(350);
			const after = await Promise.all(Array.from({ length: 5 }, () => call(sandbox, 'cuentas/')));
			expect(after.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429]);
		});

		it('changes while the sandbox runs, over PUT /__sandbox/pace', async () => {
			const put = (pace: object) => call(sandbox, '/__sandbox/pace', { method: 'PUT', body: pace, apiKey: false });
			expect((await put({ ratePerSecond: 1 / 60, ratePeriodMs: 60_000 })).json).toEqual({ ratePerSecond: 1 / 60, ratePeriodMs: 60_000 });
			expect([(await call(sandbox, 'cuentas/')).status, (await call(sandbox, 'cuentas/')).status]).toEqual([200, 429]);
			await put({});
			expect((await call(sandbox, 'cuentas/')).status).toBe(200);
			// Switched on again: an empty window.
			await put({ ratePerSecond: 1 / 60, ratePeriodMs: 60_000 });
			expect([(await call(sandbox, 'cuentas/')).status, (await call(sandbox, 'cuentas/')).status]).toEqual([200, 429]);
		});
	});

	describe('workers', () => {
		it('queues what finds every worker busy, refuses nothing, and serves the queue in arrival order', async () => {
			// No worker free (all busy with other clients): everything waits.
			sandbox.pace.workers = 0;
			const completed: string[] = [];
			const pending = Array.from({ length: 5 }, (_, index) =>
				call(sandbox, `cuentas/?limit=1&offset=${index}`).then((answer) => {
					completed.push(String(index));
					return answer;
				}),
			);
			await until(() => sandbox.requests.length === 5);
			await sleep(50);
			expect(sandbox.requests.map((request) => request.queued)).toEqual([1, 2, 3, 4, 5]);
			expect(sandbox.requests.every((request) => request.status === 0)).toBe(true);
			expect(completed).toEqual([]);
			// One worker comes free while they wait: one at a time, first come first served.
			sandbox.pace.workers = 1;
			const answers = await Promise.all(pending);
			expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
			expect(completed).toEqual(sandbox.requests.map((request) => request.query.offset));
			expect(sandbox.requests.every((request) => (request.waitedMs ?? 0) > 0)).toBe(true);
		});

		it('serves as many at once as it has workers, the latency inside the worker, and records the queue', async () => {
			await call(sandbox, '/__sandbox/pace', { method: 'PUT', body: { workers: 2, latencyMs: 40 }, apiKey: false });
			const answers = await Promise.all(Array.from({ length: 6 }, () => call(sandbox, 'cuentas/')));
			expect(answers.every((answer) => answer.status === 200)).toBe(true);
			const queued = sandbox.requests.map((request) => request.queued!);
			// Two found a worker free; the others found the queue at most 4 long.
			expect(queued.filter((length) => length === 0).length).toBeGreaterThanOrEqual(2);
			expect(Math.max(...queued)).toBeLessThanOrEqual(4);
			expect(sandbox.requests.every((request) => typeof request.waitedMs === 'number')).toBe(true);
		});

		it('records nothing of a queue when the tenant has no pool', async () => {
			await call(sandbox, 'cuentas/');
			expect(sandbox.requests[0].queued).toBeUndefined();
			expect(sandbox.requests[0].waitedMs).toBeUndefined();
		});
	});
});

describe('WorkerPool', () => {
	/** An answer the test closes (sent, or its client gone). */
	const answer = () => new EventEmitter() as EventEmitter & { once(event: 'close', listener: () => void): unknown };

	it('never serves more at once than its size, takes the queue in order, and drops who left while waiting', async () => {
		let clock = 1_000;
		const pool = new WorkerPool(() => 2, () => clock);
		const answers = Array.from({ length: 5 }, answer);
		const admitted: Array<[number, { queued: number; waitedMs: number }]> = [];
		const admissions: Admission[] = answers.map((one) => pool.admit(one));
		admissions.forEach(({ queued, served }, index) => void served.then((waitedMs) => admitted.push([index, { queued, waitedMs }])));
		expect(admissions.map(({ queued }) => queued)).toEqual([0, 0, 1, 2, 3]);
		await sleep(0);
		expect(admitted).toEqual([
			[0, { queued: 0, waitedMs: 0 }],
			[1, { queued: 0, waitedMs: 0 }],
		]);
		clock += 30;
		// The fourth's client leaves while it waits: it never takes a worker.
		answers[3].emit('close');
		answers[0].emit('close');
		await sleep(0);
		expect(admitted.map(([index]) => index)).toEqual([0, 1, 3, 2]);
		expect(admitted[3][1]).toEqual({ queued: 1, waitedMs: 30 });
		answers[1].emit('close');
		await sleep(0);
		expect(admitted.map(([index]) => index)).toEqual([0, 1, 3, 2, 4]);
		expect(admitted[4][1]).toEqual({ queued: 3, waitedMs: 30 });
		// Two served (2 and 4): a new arrival waits.
		const late = answer();
		let lateAdmitted = false;
		void pool.admit(late).served.then(() => (lateAdmitted = true));
		await sleep(20);
		expect(lateAdmitted).toBe(false);
		answers[2].emit('close');
		await sleep(0);
		expect(lateAdmitted).toBe(true);
		answers[4].emit('close');
		late.emit('close');
	});
});
