import { DEMO } from '../../sandbox';
import type { ListaNegra } from '../../sandbox/schemas/listaNegra';
import { SENTENCIA_FAVORABLE } from '../../sandbox/seed/listaNegra';
import { sandboxPerFile } from '../fixture';

/** SAT's own RFC and SAT's sample person RFC: both pass the check digit. */
const SAT_RFC = 'SAT970701NN3';
const SAMPLE_PERSON_RFC = 'GODE561231GR8';

describe('Admintotal Blacklist: Check RFC', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: 50 } });
	const check = (rfc: string, extra: { input?: Array<Record<string, unknown>>; continueOnFail?: boolean } = {}) =>
		fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'checkRfc', rfc }, extra);

	it('a listed RFC sends GET /listanegra/?rfc= and gives one item with listed true, its type and name', async () => {
		const { definitivo } = DEMO.listaNegra;
		const run = await check(definitivo.rfc);

		expect(run.error).toBeUndefined();
		expect(fixture.sandbox.requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/api/v2/listanegra/', { rfc: definitivo.rfc, limit: '100' }],
		]);
		expect(run.json).toEqual([
			{
				rfc: definitivo.rfc,
				listed: true,
				tipo: 1,
				tipoLabel: 'Definitivo',
				nombre: definitivo.nombre,
				blocking: true,
				meaning: expect.stringContaining('Definitivo: SAT confirmed'),
				// The demo RFCs end in a digit SAT's algorithm does not give; that is reported, not refused.
				checkDigitValid: false,
				generic: false,
			},
		]);
	});

	it('an RFC that is not on the list still gives exactly one item, with listed false', async () => {
		const run = await check(DEMO.rfcNoListado);

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: DEMO.rfcNoListado, limit: '100' }]);
		expect(run.json).toEqual([
			{
				rfc: DEMO.rfcNoListado,
				listed: false,
				tipo: null,
				tipoLabel: null,
				nombre: null,
				blocking: false,
				meaning: "Not on SAT's 69-B list as kept by Admintotal.",
				checkDigitValid: false,
				generic: false,
			},
		]);
	});

	it('a malformed RFC stops the item naming the RFC field and the item, and nothing is sent', async () => {
		const run = await check('ABC-12');

		expect(run.error?.message).toBe("'RFC' is not a valid RFC [item 0]");
		expect(run.error?.description).toContain('"ABC12" is not an RFC');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it('lower case, spaces and dashes are cleaned before the RFC is sent', async () => {
		const { presunto } = DEMO.listaNegra;
		const written = ` ${presunto.rfc.slice(0, 3).toLowerCase()}-${presunto.rfc.slice(3, 9)} ${presunto.rfc.slice(9).toLowerCase()} `;
		const run = await check(written);

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: presunto.rfc, limit: '100' }]);
		expect(run.json).toEqual([expect.objectContaining({ rfc: presunto.rfc, listed: true, tipo: 3, tipoLabel: 'Presunto', nombre: presunto.nombre, blocking: true })]);
	});

	it('checks one RFC per input item and outputs one item per input, in order, ready to branch on listed', async () => {
		const { definitivo, desvirtuado } = DEMO.listaNegra;
		const run = await check('={{ $json.supplierRfc }}', {
			input: [{ supplierRfc: definitivo.rfc }, { supplierRfc: DEMO.rfcNoListado }, { supplierRfc: desvirtuado.rfc }],
		});

		expect(run.error).toBeUndefined();
		expect(run.json.map((json) => [json.rfc, json.listed, json.tipoLabel])).toEqual([
			[definitivo.rfc, true, 'Definitivo'],
			[DEMO.rfcNoListado, false, null],
			[desvirtuado.rfc, true, 'Desvirtuado'],
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(fixture.requestsTo('/listanegra/')).toHaveLength(3);
	});

	it('with Continue On Fail a malformed RFC becomes an error item and the others are still checked', async () => {
		const run = await check('={{ $json.rfc }}', {
			input: [{ rfc: DEMO.listaNegra.definitivo.rfc }, { rfc: 'not an rfc' }],
			continueOnFail: true,
		});

		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2);
		expect(run.json[0]).toMatchObject({ listed: true, tipo: 1 });
		expect(run.json[1].error).toBe("'RFC' is not a valid RFC [item 1]");
		expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: DEMO.listaNegra.definitivo.rfc, limit: '100' }]);
	});

	describe('what a tax officer needs from the answer', () => {
		const listNow = (entry: { rfc: string; nombre: string; tipo: unknown }) => {
			// Entries the sandbox's seed does not have: an API answer this node has never seen.
			fixture.sandbox.store.listaNegra.push(entry as ListaNegra);
			return () => {
				const index = fixture.sandbox.store.listaNegra.indexOf(entry as ListaNegra);
				fixture.sandbox.store.listaNegra.splice(index, 1);
			};
		};

		it.each([
			[SAT_RFC, true],
			['SAT970701NN4', false],
			[SAMPLE_PERSON_RFC, true],
			['GODE561231GR9', false],
		])('%s: checkDigitValid is %s by SAT\'s algorithm, and the RFC is looked up either way', async (rfc, valid) => {
			const run = await check(rfc);

			expect(run.error).toBeUndefined();
			expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc, limit: '100' }]);
			expect(run.json).toEqual([expect.objectContaining({ rfc, checkDigitValid: valid, generic: false, listed: false })]);
		});

		it('a company RFC is weighed with a leading space: the listed Sentencia Favorable entry passes the check digit', async () => {
			const run = await check(SENTENCIA_FAVORABLE.rfc.toLowerCase());

			expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: SENTENCIA_FAVORABLE.rfc, limit: '100' }]);
			expect(run.json).toEqual([
				{
					rfc: SENTENCIA_FAVORABLE.rfc,
					listed: true,
					tipo: 4,
					tipoLabel: 'Sentencia Favorable',
					nombre: SENTENCIA_FAVORABLE.nombre,
					blocking: false,
					meaning: expect.stringContaining("a court ruled in the taxpayer's favour"),
					checkDigitValid: true,
					generic: false,
				},
			]);
		});

		it.each([
			['XAXX010101000', 'the public in general'],
			['xexx-010101-000', 'foreign residents'],
		])('the generic RFC %s is recognised, never listed, and not looked up', async (written, whom) => {
			const rfc = written.toUpperCase().replace(/-/g, '');
			// Even if a tenant's list had it, a generic RFC names nobody.
			const unlist = listNow({ rfc, nombre: 'PUBLICO EN GENERAL', tipo: 1 });
			try {
				const run = await check(written);

				expect(run.error).toBeUndefined();
				expect(fixture.sandbox.requests).toHaveLength(0);
				expect(run.json).toEqual([
					{
						rfc,
						listed: false,
						tipo: null,
						tipoLabel: null,
						nombre: null,
						blocking: false,
						meaning: expect.stringContaining(`Generic RFC for ${whom}`),
						checkDigitValid: null,
						generic: true,
					},
				]);
			} finally {
				unlist();
			}
		});

		it('generic and ordinary RFCs in one run: only the ordinary ones reach Admintotal, every item gets its answer in order', async () => {
			const { definitivo } = DEMO.listaNegra;
			const run = await check('={{ $json.rfc }}', { input: [{ rfc: definitivo.rfc }, { rfc: 'XAXX010101000' }, { rfc: SAT_RFC }] });

			expect(run.error).toBeUndefined();
			expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual(
				expect.arrayContaining([{ rfc: definitivo.rfc, limit: '100' }, { rfc: SAT_RFC, limit: '100' }]),
			);
			expect(fixture.requestsTo('/listanegra/')).toHaveLength(2);
			expect(run.json.map((json) => [json.rfc, json.listed, json.generic, json.blocking])).toEqual([
				[definitivo.rfc, true, false, true],
				['XAXX010101000', false, true, false],
				[SAT_RFC, false, false, false],
			]);
		});

		it.each([
			[1, 'Definitivo', true],
			[3, 'Presunto', true],
			[2, 'Desvirtuado', false],
			[4, 'Sentencia Favorable', false],
		])('tipo %s (%s) reads as blocking %s', async (tipo, label, blocking) => {
			const entry = [...Object.values(DEMO.listaNegra), SENTENCIA_FAVORABLE].find((candidate) => candidate.tipo === tipo)!;
			const run = await check(entry.rfc);

			expect(run.json).toEqual([expect.objectContaining({ tipo, tipoLabel: label, blocking, meaning: expect.stringMatching(new RegExp(`^${label}: `)) })]);
		});

		it.each([[9], ['Suspendido'], [null]])('an unknown tipo (%p) is shown as sent, read as blocking, and does not fail the item', async (tipo) => {
			const entry = { rfc: SAMPLE_PERSON_RFC, nombre: 'EMILIO GOMEZ DIAZ', tipo };
			const unlist = listNow(entry);
			try {
				const run = await check(SAMPLE_PERSON_RFC);

				expect(run.error).toBeUndefined();
				expect(fixture.requestsTo('/listanegra/').map((request) => request.query)).toEqual([{ rfc: SAMPLE_PERSON_RFC, limit: '100' }]);
				expect(run.json).toEqual([
					expect.objectContaining({
						rfc: SAMPLE_PERSON_RFC,
						listed: true,
						tipo,
						tipoLabel: null,
						nombre: entry.nombre,
						blocking: true,
						meaning: expect.stringContaining('a blacklist type this node does not know'),
						checkDigitValid: true,
					}),
				]);
			} finally {
				unlist();
			}
		});

		it('an RFC listed twice is read by its gravest entry: Definitivo over Desvirtuado, an unknown type over Desvirtuado', async () => {
			const unlist = [
				listNow({ rfc: SAT_RFC, nombre: 'SERVICIO DE ADMINISTRACION TRIBUTARIA', tipo: 2 }),
				listNow({ rfc: SAT_RFC, nombre: 'SERVICIO DE ADMINISTRACION TRIBUTARIA', tipo: 77 }),
			];
			try {
				const unknownOverCleared = await check(SAT_RFC);
				expect(unknownOverCleared.json).toEqual([expect.objectContaining({ tipo: 77, blocking: true })]);

				unlist.push(listNow({ rfc: SAT_RFC, nombre: 'SERVICIO DE ADMINISTRACION TRIBUTARIA', tipo: 1 }));
				const definitive = await check(SAT_RFC);
				expect(definitive.json).toEqual([expect.objectContaining({ tipo: 1, tipoLabel: 'Definitivo', blocking: true })]);
			} finally {
				unlist.forEach((remove) => remove());
			}
		});
	});
});
