/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code prints its figures with process.stdout */
/*
 * How large the static data grows, measured on what n8n saves: 100,000 sales notes a day (two days
 * kept) and the whole 69-B list (about 12,000 entries). The figures are printed for docs/polling-trigger.md.
 */
import { sandboxPerFile } from '../fixture';
import { triggerFor, tenantDay } from './fixture';
import { crearNotaVenta } from '../../sandbox/store/cambios';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled node, as n8n loads it
const { encodeIds, decodeIds, SeenIds } = require('../../../dist/nodes/AdmintotalPollingTrigger/seenIds') as typeof import('../../../nodes/AdmintotalPollingTrigger/seenIds');

const PER_DAY = 100_000;

function bytes(value: unknown): number {
	return Buffer.byteLength(JSON.stringify(value));
}

describe('Admintotal Polling Trigger: memory', () => {
	it('IDs survive their compact form, whatever their order and gaps', () => {
		const ids = [5, 1, 2, 3, 900_000_001, 7, 8, 10, 36, 37, 38, 1000];
		expect(decodeIds(encodeIds(ids))).toEqual([...new Set(ids)].sort((a, b) => a - b));
		expect(encodeIds([])).toBe('');
	});

	it(`100,000 sales notes a day: the two days kept take under 40 bytes with consecutive IDs and under 500 KB with one series of three`, () => {
		const consecutive = new SeenIds();
		const oneSeriesOfThree = new SeenIds();
		for (let index = 0; index < 2 * PER_DAY; index++) {
			const day = index < PER_DAY ? '2026-11-24' : '2026-11-25';
			consecutive.add(4_000_000 + index, day);
			oneSeriesOfThree.add(4_000_000 + index * 3, day);
		}
		const all = bytes({ newSalesNote: { filters: '{}', days: consecutive.save() } });
		const filtered = bytes({ newSalesNote: { filters: '{"serie":"A"}', days: oneSeriesOfThree.save() } });
		process.stdout.write(`static data at 100,000 notes a day: ${all} bytes (every note), ${filtered} bytes (one series of three)\n`);
		expect(all).toBeLessThan(100);
		expect(filtered).toBeLessThan(500_000);
		expect(SeenIds.fromSaved(oneSeriesOfThree.save())?.size).toBe(2 * PER_DAY);
	});

	describe('through the node', () => {
		const fixture = sandboxPerFile({ pageSize: { default: 100, max: 200 }, volume: { listaNegra: 12_000 } });

		it('the whole 69-B list of 12,000 entries is kept in about 14 bytes per RFC', async () => {
			const trigger = triggerFor(fixture, { event: 'blacklistChanged' });
			expect(await trigger.poll()).toEqual({ json: [] });
			const listed = new Set(fixture.sandbox.store.listaNegra.map((entry) => entry.rfc)).size;
			const saved = Buffer.byteLength(trigger.savedNodeJson);
			process.stdout.write(`static data for the whole 69-B list (${fixture.sandbox.store.listaNegra.length} entries, ${listed} RFCs): ${saved} bytes\n`);
			expect(saved).toBeLessThan(listed * 16);
		});

		it('1,000 new notes of the same day cost a few bytes once reported', async () => {
			const trigger = triggerFor(fixture, { event: 'newSalesNote' });
			await trigger.poll();
			for (let index = 0; index < 1000; index++) crearNotaVenta(fixture.sandbox.store, { fecha: tenantDay() });
			fixture.sandbox.clearRequests();
			expect((await trigger.poll()).json).toHaveLength(1000);
			const saved = Buffer.byteLength(trigger.savedNodeJson);
			process.stdout.write(`static data after 1,000 new notes: ${saved} bytes, ${fixture.sandbox.requests.length} requests for the poll\n`);
			expect(saved).toBeLessThan(300);
		});
	});
});
