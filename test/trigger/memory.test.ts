import { FORGET_AFTER_DAYS, MAX_REMEMBERED_SKUS } from '../../nodes/AdmintotalTrigger/changes';
import { sandboxPerFile } from '../nodes/fixture';
import type { TriggerHarness } from '../harness/webhook';
import { parsed, productCodes, rememberedSkus, savedMemory, today, triggerPool } from './fixture';

const NOTHING_TO_REPORT = { message: 'Received; no product to report, no workflow started' };

/** What "Only Changed Since Last Delivery" remembers: every overlapping delivery, within a bounded memory. */
describe('Admintotal Trigger: the memory of Only Changed Since Last Delivery', () => {
	const fixture = sandboxPerFile();
	const pool = triggerPool();

	const rememberingTrigger = () => pool.start({ parameters: { event: 'priceStockChanged', authentication: 'none', options: { onlyChanged: true } } });
	const row = (sku: string, precio = '10', costo = '5', stock = '3') => ({ sku, precio, costo, stock });
	const deliverRows = async (trigger: TriggerHarness, rows: ReturnType<typeof row>[]) =>
		parsed((await fixture.sandbox.webhooks.sendRaw({ url: trigger.url, body: JSON.stringify(rows) })).body);
	const reportedSkus = (trigger: TriggerHarness) => trigger.executions.map((execution) => execution.json.map((item) => item.sku));

	it('10 overlapping deliveries of different products lose nothing: delivering all 30 again starts nothing', async () => {
		const trigger = await rememberingTrigger();
		const codes = productCodes(fixture.sandbox, 30, 200);
		trigger.overlapNext(10);

		const results = await Promise.all(
			Array.from({ length: 10 }, (_, index) => fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes: codes.slice(index * 3, index * 3 + 3) })),
		);

		expect(results.map(([result]) => result.status)).toEqual(Array.from({ length: 10 }, () => 200));
		expect(trigger.startedItems.map((item) => item.sku).sort()).toEqual([...codes].sort());
		// The last save carries every delivery, so the memory also survives a restart.
		expect(rememberedSkus(trigger).sort()).toEqual([...codes].sort());
		const [again] = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });
		expect(parsed(again.body)).toEqual(NOTHING_TO_REPORT);
		expect(trigger.executions).toHaveLength(10);
	});

	it('overlapping deliveries whose saves land out of order: the next delivery saves the whole memory again, so a restart reports nothing twice', async () => {
		const trigger = await rememberingTrigger();
		const codes = productCodes(fixture.sandbox, 30, 200);
		trigger.overlapNext(10, { savesInReverse: true });
		await Promise.all(Array.from({ length: 10 }, (_, index) => fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes: codes.slice(index * 3, index * 3 + 3) })));
		// The first delivery's copy landed last: the database lacks the other nine deliveries' products.
		expect(rememberedSkus(trigger)).toHaveLength(3);

		const [unchanged] = await fixture.sandbox.webhooks.sendPriceStock({ url: trigger.url, codes });
		expect(parsed(unchanged.body)).toEqual(NOTHING_TO_REPORT);
		expect(rememberedSkus(trigger).sort()).toEqual([...codes].sort());

		// After a restart only the database is left.
		const restarted = await rememberingTrigger();
		restarted.importStaticData(trigger.staticData);
		const [afterRestart] = await fixture.sandbox.webhooks.sendPriceStock({ url: restarted.url, codes });
		expect(parsed(afterRestart.body)).toEqual(NOTHING_TO_REPORT);
	});

	it('a memory another n8n process saved meanwhile is merged with the one kept here: neither side is reported again', async () => {
		const trigger = await rememberingTrigger();
		await deliverRows(trigger, [row('HERE-1')]);
		// Another webhook process answered a delivery of OTHER-1 and saved its own copy last.
		trigger.importStaticData({ 'node:Admintotal Trigger': { lastDelivered: { [today()]: { 'OTHER-1': '10|5|3' } }, lastDeliveredBy: 'another-process' } });

		const unchanged = await deliverRows(trigger, [row('HERE-1'), row('OTHER-1')]);
		await deliverRows(trigger, [row('NEW-1')]);

		expect(unchanged).toEqual(NOTHING_TO_REPORT);
		expect(reportedSkus(trigger)).toEqual([['HERE-1'], ['NEW-1']]);
		expect(rememberedSkus(trigger).sort()).toEqual(['HERE-1', 'NEW-1', 'OTHER-1']);
	});

	it(`a SKU not delivered for more than ${FORGET_AFTER_DAYS} days is forgotten and reported again as new; one delivered within them is not`, async () => {
		const trigger = await rememberingTrigger();
		const day = today();
		trigger.importStaticData({
			'node:Admintotal Trigger': { lastDelivered: { [day - FORGET_AFTER_DAYS - 1]: { 'OLD-1': '10|5|3' }, [day - FORGET_AFTER_DAYS + 1]: { 'RECENT-1': '10|5|3' } } },
		});

		const answer = await deliverRows(trigger, [row('OLD-1'), row('RECENT-1')]);

		expect(answer).toEqual({ message: 'Workflow was started' });
		expect(reportedSkus(trigger)).toEqual([['OLD-1']]);
		// Both were delivered today: the day is what ages them.
		expect(savedMemory(trigger)).toEqual({ [day]: { 'OLD-1': '10|5|3', 'RECENT-1': '10|5|3' } });
	});

	it('a SKU whose last delivery is too old is dropped from the memory at the next change, delivered or not', async () => {
		const trigger = await rememberingTrigger();
		const day = today();
		trigger.importStaticData({ 'node:Admintotal Trigger': { lastDelivered: { [day - FORGET_AFTER_DAYS - 1]: { 'GONE-1': '1|1|1' } } } });

		await deliverRows(trigger, [row('NEW-1')]);

		expect(savedMemory(trigger)).toEqual({ [day]: { 'NEW-1': '10|5|3' } });
	});

	it('the memory saved by version 1 of the node (SKU → "price|cost|stock") is read: unchanged products stay unreported after the upgrade', async () => {
		const trigger = await rememberingTrigger();
		trigger.importStaticData({ 'node:Admintotal Trigger': { lastDelivered: { 'A-1': '10|5|3', 'B-1': '10|5|3' } } });

		await deliverRows(trigger, [row('A-1'), row('B-1', '11')]);

		expect(reportedSkus(trigger)).toEqual([['B-1']]);
		expect(savedMemory(trigger)).toEqual({ [today()]: { 'A-1': '10|5|3', 'B-1': '11|5|3' } });
	});

	it(`holds at most ${MAX_REMEMBERED_SKUS.toLocaleString('en')} SKUs: new ones push out those delivered longest ago, which are reported again when they return`, async () => {
		const trigger = await rememberingTrigger();
		const day = today();
		const skus = Array.from({ length: MAX_REMEMBERED_SKUS }, (_, index) => `S-${String(index).padStart(5, '0')}`);
		const group = (from: number, to: number) => Object.fromEntries(skus.slice(from, to).map((sku) => [sku, '10|5|3']));
		trigger.importStaticData({ 'node:Admintotal Trigger': { lastDelivered: { [day - 20]: group(0, 5), [day - 1]: group(5, MAX_REMEMBERED_SKUS) } } });

		await deliverRows(trigger, ['N-1', 'N-2', 'N-3', 'N-4', 'N-5'].map((sku) => row(sku)));

		const remembered = new Set(rememberedSkus(trigger));
		expect(remembered.size).toBe(MAX_REMEMBERED_SKUS);
		expect(skus.slice(0, 5).filter((sku) => remembered.has(sku))).toEqual([]);
		expect(['N-1', 'N-5', skus[5], skus[MAX_REMEMBERED_SKUS - 1]].every((sku) => remembered.has(sku))).toBe(true);

		await deliverRows(trigger, [row(skus[0]), row(skus[5])]);
		expect(reportedSkus(trigger)).toEqual([['N-1', 'N-2', 'N-3', 'N-4', 'N-5'], [skus[0]]]);
	});
});
