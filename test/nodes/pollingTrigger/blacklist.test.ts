/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_ROOT } from '../../harness/package';
import { DEMO } from '../../sandbox';
import { cambiarListaNegra } from '../../sandbox/store/cambios';
import { sandboxPerFile } from '../fixture';
import { asked, triggerFor } from './fixture';

const { definitivo, presunto } = DEMO.listaNegra;
/** Well-formed RFCs the seed does not list. */
const NEW_RFC = 'NUE200101AB1';
const OTHER_RFC = 'OTR190202CD2';
/** Listed only by the test that adds it while the list is read. */
const ADDED_WHILE_READ = 'NVA210303EF3';

describe('Admintotal Polling Trigger: Blacklist Entry Added or Changed', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 200 } });
	const store = () => fixture.sandbox.store;

	it('without RFCs it reads the whole list (pages side by side), reports nothing at activation, then an added RFC and a changed type once each, with the type before and after and the verdict', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged' });
		expect(await trigger.poll()).toEqual({ json: [] });
		// Each page starts on the last entry of the one before (99 new entries a page), so a shift is seen.
		const pages = Math.ceil((store().listaNegra.length - 1) / 99);
		expect(fixture.sandbox.requests).toHaveLength(pages);
		// Pages by offset (side by side once the first gives count), each once.
		expect(fixture.sandbox.requests.map((request) => Number(request.query.offset ?? 0)).sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, page) => page * 99));

		cambiarListaNegra(store(), NEW_RFC, 3, 'NUEVA EMPRESA, S.A. DE C.V.');
		cambiarListaNegra(store(), presunto.rfc, 1);
		const changes = (await trigger.poll()).json;
		expect(changes).toEqual(
			expect.arrayContaining([
				{
					rfc: NEW_RFC,
					change: 'added',
					tipoBefore: null,
					tipoLabelBefore: null,
					tipo: 3,
					tipoLabel: 'Presunto',
					nombre: 'NUEVA EMPRESA, S.A. DE C.V.',
					blocking: true,
					meaning: expect.stringContaining('Presunto'),
					checkDigitValid: expect.any(Boolean),
				},
				expect.objectContaining({ rfc: presunto.rfc, change: 'changed', tipoBefore: 3, tipoLabelBefore: 'Presunto', tipo: 1, tipoLabel: 'Definitivo', blocking: true }),
			]),
		);
		expect(changes).toHaveLength(2);
		expect((await trigger.poll()).json).toEqual([]);
		cambiarListaNegra(store(), presunto.rfc, 3);
	});

	it('with RFCs it looks up only those (one ?rfc= each) and reports only their changes', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged', rfcs: `${definitivo.rfc}, ${OTHER_RFC.toLowerCase()}` });
		await trigger.poll();
		expect(asked(fixture.sandbox.requests).sort()).toEqual(
			[
				['GET', '/listanegra/', { rfc: definitivo.rfc, limit: '100' }],
				['GET', '/listanegra/', { rfc: OTHER_RFC, limit: '100' }],
			].sort(),
		);
		cambiarListaNegra(store(), OTHER_RFC, 3);
		cambiarListaNegra(store(), 'ZZZ010101ZZ1', 1);
		cambiarListaNegra(store(), definitivo.rfc, 2);
		const changes = (await trigger.poll()).json;
		expect(changes.map((c) => [c.rfc, c.tipoBefore, c.tipo, c.blocking]).sort()).toEqual(
			[
				[OTHER_RFC, null, 3, true],
				[definitivo.rfc, 1, 2, false],
			].sort(),
		);
		expect((await trigger.poll()).json).toEqual([]);
		cambiarListaNegra(store(), definitivo.rfc, 1);
	});

	it('an RFC added to the list to watch is remembered, not reported; a malformed one stops the poll before any request', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged', rfcs: definitivo.rfc });
		await trigger.poll();
		trigger.edit({ rfcs: [definitivo.rfc, presunto.rfc] });
		expect((await trigger.poll()).json).toEqual([]);
		cambiarListaNegra(store(), presunto.rfc, 1);
		expect((await trigger.poll()).json.map((c) => c.rfc)).toEqual([presunto.rfc]);
		cambiarListaNegra(store(), presunto.rfc, 3);

		trigger.edit({ rfcs: 'NOT-AN-RFC' });
		fixture.sandbox.clearRequests();
		const bad = await trigger.poll();
		expect(bad.error?.message).toBe("'RFCs to Watch' is not a valid RFC");
		expect((bad.error as { description?: string } | undefined)?.description).toContain('"NOTANRFC" is not an RFC');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('a lookup that fails fails the poll: nothing reported, memory unchanged, the change reported by the next poll', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged', rfcs: [definitivo.rfc, OTHER_RFC] });
		await trigger.poll();
		const before = JSON.stringify(trigger.memory);
		cambiarListaNegra(store(), definitivo.rfc, 3);
		fixture.sandbox.faults.add({ path: '/listanegra/', query: { rfc: OTHER_RFC }, status: 403, times: 1 });
		const failed = await trigger.poll();
		expect(failed.error).toBeDefined();
		expect(failed.json).toEqual([]);
		expect(JSON.stringify(trigger.memory)).toBe(before);
		expect((await trigger.poll()).json.map((c) => [c.rfc, c.tipoBefore, c.tipo])).toEqual([[definitivo.rfc, 1, 3]]);
		cambiarListaNegra(store(), definitivo.rfc, 1);
	});

	it("example 6's trigger (the demo customers' RFCs) reports a watched RFC that turns Definitivo once, blocking", async () => {
		const example = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'examples', 'blacklist-watch.json'), 'utf8')) as { nodes: Array<{ type: string; parameters: Record<string, unknown> }> };
		const parameters = example.nodes.find((node) => node.type.endsWith('admintotalPollingTrigger'))!.parameters;
		const trigger = triggerFor(fixture, parameters);
		await trigger.poll();
		cambiarListaNegra(store(), DEMO.rfcNoListado, 1);
		expect((await trigger.poll()).json).toEqual([expect.objectContaining({ rfc: DEMO.rfcNoListado, change: 'added', tipoLabel: 'Definitivo', blocking: true })]);
		expect((await trigger.poll()).json).toEqual([]);
		store().listaNegra.splice(store().listaNegra.findIndex((entry) => entry.rfc === DEMO.rfcNoListado), 1);
	});

	it('an entry whose RFC is empty or not an RFC is never a change, however often it is read', async () => {
		const odd = [
			{ rfc: '', nombre: 'SIN RFC, S.A. DE C.V.', tipo: 1 as const },
			{ rfc: 'NO ES UN RFC', nombre: 'OTRA SIN RFC, S.A. DE C.V.', tipo: 3 as const },
		];
		store().listaNegra.push(...odd);
		try {
			const trigger = triggerFor(fixture, { event: 'blacklistChanged' });
			await trigger.poll();
			expect((await trigger.poll()).json).toEqual([]);
			expect((await trigger.poll()).json).toEqual([]);
		} finally {
			store().listaNegra.splice(store().listaNegra.length - odd.length, odd.length);
		}
	});

	it.each([1, 4])(
		'whole list (Parallel Requests %d): an entry removed and one added while the pages are read (count unchanged) reports only the added RFC, once; no listed RFC is ever "added"',
		async (parallelRequests) => {
			const trigger = triggerFor(fixture, { event: 'blacklistChanged', options: { parallelRequests } });
			await trigger.poll();
			const removedAt = 10;
			const removed = store().listaNegra[removedAt];
			// Before page 2 is answered, an early entry leaves (every later one shifts back) and a new one comes at the end.
			fixture.sandbox.faults.add({
				path: '/listanegra/',
				query: { offset: '99' },
				times: 1,
				meanwhile: () => {
					store().listaNegra.splice(removedAt, 1);
					cambiarListaNegra(store(), ADDED_WHILE_READ, 3);
				},
			});
			try {
				const reported = [];
				for (let poll = 0; poll < 3; poll++) reported.push(...(await trigger.poll()).json);
				expect(reported.map((change) => [change.rfc, change.change])).toEqual([[ADDED_WHILE_READ, 'added']]);
			} finally {
				store().listaNegra.splice(store().listaNegra.findIndex((entry) => entry.rfc === ADDED_WHILE_READ), 1);
				store().listaNegra.splice(removedAt, 0, removed);
			}
		},
	);

	it('whole list: an entry the tenant lists twice (its data holds a copy) is read once, without reading the list again, and is never a change', async () => {
		const copied = 50;
		store().listaNegra.splice(copied, 0, { ...store().listaNegra[copied] });
		try {
			const trigger = triggerFor(fixture, { event: 'blacklistChanged' });
			expect(await trigger.poll()).toEqual({ json: [] });
			expect(fixture.sandbox.requests).toHaveLength(Math.ceil((store().listaNegra.length - 1) / 99));
			expect(await trigger.poll()).toEqual({ json: [] });
		} finally {
			store().listaNegra.splice(copied, 1);
		}
	});

	it('Fetch Test Event returns a listed entry as a change shows it, and changes nothing', async () => {
		const trigger = triggerFor(fixture, { event: 'blacklistChanged', rfcs: [OTHER_RFC, definitivo.rfc] });
		await trigger.poll();
		const memory = JSON.stringify(trigger.memory);
		const manual = await trigger.poll('manual');
		expect(manual.json).toEqual([expect.objectContaining({ rfc: expect.any(String), tipo: expect.anything(), blocking: expect.any(Boolean) })]);
		expect(JSON.stringify(trigger.memory)).toBe(memory);
	});
});
