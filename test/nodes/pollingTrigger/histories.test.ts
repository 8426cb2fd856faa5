/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code prints its figures with process.stdout */
/*
 * The Polling Trigger proven against random histories (issue 33). The promise, for New Sales Note
 * and Sales Note Cancelled (New Order runs the same code on another path), checked after every poll:
 *
 * 1. Never reported twice: a record is reported at most once, plus once each time it comes back
 *    into the list after leaving it (re-dated out and in, deleted and restored) — the one blind spot.
 * 2. Never reported if it was in the list when the trigger started following it (activation, new
 *    filters, damaged memory), or if it came into the list by the window moving (the clock,
 *    the timezone, Look Back) rather than by a change of the tenant; a record created, cancelled
 *    or re-dated after the trigger first followed the tenant may be reported (once) however it came.
 * 3. Never lost in silence: a record that enters the list (created, cancelled, re-dated into the
 *    window) after a saved poll followed its day, and stays listed, is reported within 11 polls once
 *    the tenant stops changing; only polls whose page failed may fail. A `count` off by one, for one
 *    read or for good, changes nothing, nor does a page that lists a record twice in place of another.
 * 4. Memory stays bounded (a few bytes per record), and memory that cannot be read starts over as
 *    at a first activation, never failing a poll.
 *
 * Histories mix notes created today, yesterday, tomorrow and a week back, some with an ID below the
 * newest (committed late); cancellations; date edits in and out of the window; deletions; one or two changes
 * while a poll reads its pages (the activation's too); counts off by one; failing pages; pages
 * listing one record twice (issue 48); restarts
 * (memory saved only when n8n saves it); the clock stepping a day; timezone, Look Back and filter
 * edits; damaged memory. The served list has pages of 3 records, so every read has page boundaries,
 * and comes in an order drawn per history (issue 41): by ID or by date, either way, or one the
 * trigger cannot name; every run covers every order, and a history may turn the order midway.
 *
 * Most histories run the compiled node's `poll` in-process against the same served list; some run
 * through n8n-core's PollContext over HTTP (the real path). HISTORIES=20000 npm run test:histories
 * runs more.
 */
import fc from 'fast-check';

import { credentialFor } from '../../harness/engine';
import { hostileTenantPerFile } from '../../harness/hostileTenant';
import { PollingTrigger } from '../../harness/poll';
import { DEMO } from '../../sandbox';
import { fakeDateOnly } from './fixture';
import { commands, exercised, runHistory, type EventName, type TriggerDriver } from './histories';
import { inProcessDriver } from './inProcess';
import { SERVED_ORDERS, noteList, serveNotes, type ServedOrder } from './servedNotes';

const MEMORY = 'node:Admintotal Polling Trigger';
/** Histories per event: in-process, and through n8n-core over HTTP (about 30 ms each). */
const HISTORIES = Number(process.env.HISTORIES ?? 1000);
const HTTP_HISTORIES = Number(process.env.HTTP_HISTORIES ?? Math.max(100, Math.round(HISTORIES / 20)));

function httpDriver(tenantUrl: string, event: EventName, list: TriggerDriver['list']): TriggerDriver {
	const trigger = new PollingTrigger({
		parameters: { event, simplify: false, lookBackDays: 3 },
		credential: credentialFor({ baseUrl: tenantUrl, authMethod: 'apiKey', apiKey: DEMO.apiKey }),
	});
	trigger.setTimezone('UTC');
	return {
		list,
		async poll() {
			const before = trigger.saved;
			const result = await trigger.poll();
			return { ids: result.json.map((record) => Number(record.id)), error: result.error, saved: trigger.saved !== before };
		},
		restart: () => trigger.restart(),
		edit: (parameters) => trigger.edit(parameters),
		setTimezone: (timezone) => trigger.setTimezone(timezone),
		setNow: (ms) => jest.setSystemTime(ms),
		damage(memory) {
			trigger.saved = { [MEMORY]: { [event]: memory } };
			trigger.restart();
		},
		memoryBytes: () => Buffer.byteLength(JSON.stringify(trigger.memory)),
	};
}

afterAll(() => process.stdout.write(`histories: ${JSON.stringify(exercised)}\n`));

/** The tenant's order, drawn per history, and how many histories each order had in this property. */
const drawnOrders = () => {
	const drawn = new Map<ServedOrder, number>();
	return {
		order: fc.constantFrom(...SERVED_ORDERS),
		count: (order: ServedOrder) => drawn.set(order, (drawn.get(order) ?? 0) + 1),
		/** Every order had histories (a run of 100 histories misses one with odds of about 10^-9). */
		expectAll: () => expect([...drawn.keys()].sort()).toEqual([...SERVED_ORDERS].sort()),
	};
};

describe('Admintotal Polling Trigger: random histories through n8n-core over HTTP', () => {
	const hostile = hostileTenantPerFile();
	afterEach(() => jest.useRealTimers());

	it.each(['newSalesNote', 'salesNoteCancelled'] as const)(`%s: ${HTTP_HISTORIES} histories keep the promise`, async (event) => {
		fakeDateOnly(Date.now());
		const orders = drawnOrders();
		await fc.assert(
			fc.asyncProperty(orders.order, commands(event), async (order, history) => {
				orders.count(order);
				const list = serveNotes(hostile());
				list.pageMax = 3;
				list.order = order;
				const violation = await runHistory(event, history, httpDriver(hostile().url, event, list));
				if (violation) throw new Error(`listed in order ${order}, poll ${violation.poll}: ${violation.problem}`);
			}),
			{ numRuns: HTTP_HISTORIES },
		);
		orders.expectAll();
	}, 600_000);
});

describe('Admintotal Polling Trigger: random histories in-process', () => {
	afterEach(() => jest.useRealTimers());

	it.each(['newSalesNote', 'salesNoteCancelled'] as const)(`%s: ${HISTORIES} histories keep the promise`, async (event) => {
		fakeDateOnly(Date.now());
		const orders = drawnOrders();
		await fc.assert(
			fc.asyncProperty(orders.order, commands(event), async (order, history) => {
				orders.count(order);
				const list = noteList();
				list.pageMax = 3;
				list.order = order;
				const violation = await runHistory(event, history, inProcessDriver(list, { event, simplify: false, lookBackDays: 3 }));
				if (violation) throw new Error(`listed in order ${order}, poll ${violation.poll}: ${violation.problem}`);
			}),
			{ numRuns: HISTORIES },
		);
		orders.expectAll();
	}, 3_600_000);
});
