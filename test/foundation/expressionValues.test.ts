import type { NodeRun } from '../harness/engine';
import { DEMO } from '../sandbox';
import type { RecordedRequest } from '../sandbox/types';
import { byId, fromList, sandboxPerFile } from '../nodes/fixture';

/**
 * Values that arrive by expression are not limited to what the field's editor lets a user type:
 * an object, an array, a boolean, NaN, a prototype key, a 20-digit ID, a date that cannot exist.
 * Every one of them must stop the node before any request, with an error naming the field as the
 * user sees it and the item; none may reach Admintotal as "[object Object]", "A,B", 1e20 or NaN.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How an error may name a field: quoted alone ('Street'), quoted under its parent
 * ('Delivery Address: Street'), or, when `parent` is given, the parent quoted and the field named
 * after it ("'Lines' line 1: quantity ..."). The exact wording is the redesign's choice.
 */
function field(label: string, parent?: string): RegExp {
	const forms = [`'(?:[^'\\n]*: )?${escape(label)}'`];
	if (parent) forms.push(`'${escape(parent)}'[^\\n]*\\b${escape(label)}\\b`);
	return new RegExp(forms.join('|'), 'i');
}

/** The node stopped on `item`, naming the field, and nothing at all reached Admintotal for any item. */
function expectRefused(run: NodeRun, named: RegExp, item: number, sent: RecordedRequest[]) {
	expect(run.error).toBeDefined();
	expect(run.error?.message).toMatch(named);
	expect(run.error?.message).toContain(`[item ${item}]`);
	expect(sent).toHaveLength(0);
}

const THOUSAND_DIGITS = '1'.repeat(1000);
/** Above 2^53: a JavaScript number cannot hold it, so it would be rounded (to 1e20) on the way. */
const HUGE_ID = '99999999999999999999';

describe('values given by expression are checked before anything is sent', () => {
	const fixture = sandboxPerFile();
	type Extra = { input?: Array<Record<string, unknown>>; typeVersion?: number };

	// One small helper per node.
	const salesNotePosts = () => fixture.requestsTo('/movimientos/notas_venta/').filter((request) => request.method === 'POST');
	const oneLine = (line: Record<string, unknown> = {}) => ({
		lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50', ...line }] },
	});
	const createSalesNote = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, ...oneLine(), ...parameters }, extra);
	const getSalesNotes = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', returnAll: false, limit: 5, ...parameters }, extra);

	const getProducts = (filters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalProduct', { resource: 'product', operation: 'getAll', returnAll: false, limit: 5, filters }, extra);

	const createOrder = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalOrder', { resource: 'order', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, ...oneLine(), ...parameters }, extra);

	const updateWorkOrder = (updateFields: Record<string, unknown>) =>
		fixture.run('admintotalWorkOrder', { resource: 'workOrder', operation: 'update', workOrderId: fromList(DEMO.ordenServicio.id), updateFields });

	const advancePosts = () => fixture.requestsTo('/movimientos/anticipos_clientes/').filter((request) => request.method === 'POST');
	const createAdvance = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run(
			'admintotalCustomerAdvance',
			{
				resource: 'customerAdvance',
				operation: 'create',
				date: '2026-03-14T00:00:00',
				clientBy: 'rfc',
				clientRfc: DEMO.cliente.rfc,
				bankAccount: fromList(DEMO.cuentaBancaria.id),
				total: '1500.50',
				usoCfdi: 'G03',
				...parameters,
			},
			extra,
		);

	const blacklistLookups = () => fixture.requestsTo('/listanegra/');
	const checkRfc = (rfc: string, extra: Extra = {}) => fixture.run('admintotalBlacklist', { resource: 'blacklistEntry', operation: 'checkRfc', rfc }, extra);

	const getLedgerAccounts = (limit: unknown) => fixture.run('admintotalLedgerAccount', { resource: 'ledgerAccount', operation: 'getAll', returnAll: false, limit });

	type Refusal = [name: string, run: () => Promise<NodeRun>, named: RegExp, item: number];
	const itRefuses = (cases: Refusal[]) => it.each(cases)('%s', async (_name, run, named, item) => expectRefused(await run(), named, item, fixture.sandbox.requests));

	describe('an object, array or boolean where text or a number is expected', () => {
		itRefuses([
			[
				'a custom field\'s value given an object (never sent as "[object Object]"); only item 1 is wrong',
				() =>
					createSalesNote(
						{ additionalFields: { customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: '={{ $json.value }}' }] } } },
						{ input: [{ value: 'OC-77' }, { value: { a: 1 } }] },
					),
				field('Value', 'Custom Fields'),
				1,
			],
			[
				'a custom field\'s key given an array (never sent as "A,B")',
				() => createSalesNote({ additionalFields: { customFields: { field: [{ key: '={{ ["A", "B"] }}', value: 'OC-77' }] } } }),
				field('Key', 'Custom Fields'),
				0,
			],
			[
				'a line\'s product given an object (never sent as the code "[object Object]"); only item 1 is wrong',
				() => createSalesNote(oneLine({ product: '={{ $json.product }}' }), { input: [{ product: DEMO.producto.codigo }, { product: { a: 1 } }] }),
				field('Product', 'Lines'),
				1,
			],
			['a line\'s quantity given an array (never sent as "2")', () => createSalesNote(oneLine({ quantity: '={{ [2] }}' })), field('Quantity', 'Lines'), 0],
			[
				'a delivery address street given an object; only item 1 is wrong',
				() => createSalesNote({ deliveryAddress: { street: '={{ $json.street }}' } }, { input: [{ street: 'Av. Juárez' }, { street: { a: 1 } }] }),
				field('Street', 'Delivery Address'),
				1,
			],
			['an address email given an array (never passed as "a@b.co")', () => createSalesNote({ deliveryAddress: { email: '={{ ["cliente@example.com"] }}' } }), field('Email', 'Delivery Address'), 0],
			[
				'a list filter given an array holding an object (never sent as codigos=[object Object]); only item 1 is wrong',
				() => getProducts({ codes: '={{ $json.codes }}' }, { input: [{ codes: [DEMO.producto.codigo] }, { codes: [{ a: 1 }] }] }),
				field('Codes'),
				1,
			],
			['a text filter given an object', () => getSalesNotes({ filters: { series: '={{ { a: 1 } }}' } }), field('Series'), 0],
			['a text filter given the boolean true', () => getSalesNotes({ filters: { series: '={{ true }}' } }), field('Series'), 0],
			["an order contact's name given an object", () => createOrder({ contact: { name: '={{ { first: "Laura" } }}' } }), field('Name', 'Contact'), 0],
			['an order contact\'s name given the boolean true (never sent as "true")', () => createOrder({ contact: { name: '={{ true }}' } }), field('Name', 'Contact'), 0],
		]);
	});

	describe('a dropdown given by expression the name of an object prototype key', () => {
		itRefuses([
			...['constructor', 'toString', '__proto__'].map(
				(choice): Refusal => [`Sales Note Get Many: Cancelled "${choice}"`, () => getSalesNotes({ filters: { cancelled: `={{ "${choice}" }}` } }), field('Cancelled'), 0],
			),
			[
				'Sales Note Get Many: Cancelled "constructor" in item 1 only',
				() => getSalesNotes({ filters: { cancelled: '={{ $json.cancelled }}' } }, { input: [{ cancelled: 'all' }, { cancelled: 'constructor' }] }),
				field('Cancelled'),
				1,
			],
			['Product Get Many: Distribution Medium "constructor"', () => getProducts({ distributionMedium: '={{ "constructor" }}' }), field('Distribution Medium'), 0],
			['Work Order Update: Status "constructor"', () => updateWorkOrder({ status: '={{ "constructor" }}' }), field('Status'), 0],
			['Customer Advance Create: CFDI Use "hasOwnProperty"', () => createAdvance({ usoCfdi: '={{ "hasOwnProperty" }}' }), field('CFDI Use'), 0],
			// An unknown value must not fall back to a default: a line sent by code, an image read from the binary field.
			...['constructor', 'sku'].map(
				(choice): Refusal => [
					`Sales Note Create: a line's Identify Product By "${choice}"`,
					() => createSalesNote(oneLine({ productBy: `={{ "${choice}" }}` })),
					field('Identify Product By', 'Lines'),
					0,
				],
			),
			[
				'Work Order Attach Image: Image Source "url"',
				() =>
					fixture.run('admintotalWorkOrder', {
						resource: 'workOrder',
						operation: 'attachImage',
						workOrderId: byId(DEMO.ordenServicio.id),
						title: 'Evidencia',
						imageSource: '={{ "url" }}',
						// Both source fields are filled, so only the source choice itself can be wrong.
						binaryPropertyName: 'data',
						imageBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
					}),
				field('Image Source'),
				0,
			],
		]);
	});

	describe('a Limit that is not a whole number above zero', () => {
		itRefuses([
			...[
				['text', '={{ "abc" }}'],
				['a negative number', '={{ -5 }}'],
				['zero', '={{ 0 }}'],
				['a fraction', '={{ 2.5 }}'],
				['NaN', '={{ NaN }}'],
				['an object', '={{ {} }}'],
			].map(([what, limit]): Refusal => [`Ledger Account Get Many with ${what} as Limit`, () => getLedgerAccounts(limit), field('Limit'), 0]),
			['Sales Note Get Many with "abc" as the Limit of item 1 only', () => getSalesNotes({ limit: '={{ $json.limit }}' }, { input: [{ limit: 3 }, { limit: 'abc' }] }), field('Limit'), 1],
		]);
	});

	describe('an RFC whose date cannot exist', () => {
		itRefuses([
			...[
				['a company RFC dated February 30', 'ABC680230P76'],
				['a person RFC dated November 31', 'GODE561131ABC'],
				['February 29 of a year that is not a leap year (01)', 'ABC010229AB1'],
			].map(([what, rfc]): Refusal => [`Blacklist Check RFC refuses ${what}`, () => checkRfc(rfc), field('RFC'), 0]),
			['Blacklist Check RFC refuses February 30 in item 1 only', () => checkRfc('={{ $json.rfc }}', { input: [{ rfc: DEMO.rfcNoListado }, { rfc: 'ABC680230P76' }] }), field('RFC'), 1],
			['Sales Note Create refuses a Client RFC dated February 30', () => createSalesNote({ clientRfc: 'ABC680230P76' }), field('Client RFC'), 0],
		]);

		// Upper-casing turns these into other letters (ß → SS, ﬁ → FI, ı → I, ſ → S): an RFC holds A–Z, Ñ, & and digits only.
		it.each([
			['ß', 'Aß680524P76'],
			['ﬁ', 'Aﬁ680524P76'],
			['ı', 'ıBC680524P76'],
			['ſ', 'ſBC680524P76'],
		])('Blacklist Check RFC refuses an RFC holding %s in item 1 as given, instead of looking up its upper case', async (_letter, rfc) => {
			const run = await checkRfc('={{ $json.rfc }}', { input: [{ rfc: DEMO.rfcNoListado }, { rfc }] });
			expectRefused(run, field('RFC'), 1, fixture.sandbox.requests);
			expect(run.error?.description).toContain(`"${rfc}" is not an RFC`);
		});

		it.each([
			['still takes lower case, ñ, spaces and dashes', 'ñab-680524 p76', 'ÑAB680524P76'],
			// 00 is 2000, a leap year: February 29 exists and must still be looked up.
			['accepts February 29 of year 00 and looks it up', 'ABC000229XY1', 'ABC000229XY1'],
		])('Blacklist Check RFC %s', async (_case, rfc, looked) => {
			const run = await checkRfc(rfc);
			expect(run.error).toBeUndefined();
			expect(blacklistLookups().map((request) => request.query.rfc)).toEqual([looked]);
		});
	});

	describe('an ID too large to be a JavaScript number', () => {
		itRefuses([
			// Any request at all counts: a rounded ID would go to another path.
			[
				'Credit Note Get By ID (never requested as is, nor rounded)',
				() => fixture.run('admintotalCreditNote', { resource: 'creditNote', operation: 'get', creditNoteId: byId(HUGE_ID) }),
				field('Credit Note'),
				0,
			],
			// Version 2 is where Client ID is a text field, so the digits arrive exactly as typed.
			['Sales Note Create: Client ID (never sent as 1e20)', () => createSalesNote({ clientBy: 'id', clientId: HUGE_ID }, { typeVersion: 2 }), field('Client ID'), 0],
			[
				'Sales Note Get Many: the Client ID filter, in item 1 only',
				() => getSalesNotes({ filters: { clientId: '={{ $json.client }}' } }, { input: [{ client: String(DEMO.cliente.id) }, { client: HUGE_ID }] }),
				field('Client ID'),
				1,
			],
			["Sales Note Create: a line's product ID", () => createSalesNote(oneLine({ productBy: 'id', product: HUGE_ID })), field('Product', 'Lines'), 0],
		]);
	});

	describe('a date that cannot exist', () => {
		itRefuses([
			['Sales Note Create: a Date with the offset +99:99', () => createSalesNote({ additionalFields: { date: '2026-03-14T10:30:00+99:99' } }), field('Date'), 0],
			[
				'Sales Note Get Many: a From Date with the offset +99:99, in item 1 only',
				() => getSalesNotes({ filters: { fromDate: '={{ $json.from }}' } }, { input: [{ from: '2026-03-14T10:30:00-06:00' }, { from: '2026-03-14T10:30:00+99:99' }] }),
				field('From Date'),
				1,
			],
			['Sales Note Create: a Date of February 30', () => createSalesNote({ additionalFields: { date: '2026-02-30' } }), field('Date'), 0],
			['Sales Note Get Many: a From Date of February 30', () => getSalesNotes({ filters: { fromDate: '2026-02-30' } }), field('From Date'), 0],
		]);
	});

	describe('a decimal of 1,000 digits', () => {
		itRefuses([
			['Customer Advance Create: Total, in item 1 only', () => createAdvance({ total: '={{ $json.total }}' }, { input: [{ total: '1500.50' }, { total: THOUSAND_DIGITS }] }), field('Total'), 1],
			["Sales Note Create: a line's Unit Price", () => createSalesNote(oneLine({ unitPrice: THOUSAND_DIGITS })), field('Unit Price', 'Lines'), 0],
			['Sales Note Create: Cash Amount', () => createSalesNote({ additionalFields: { cashAmount: THOUSAND_DIGITS } }), field('Cash Amount'), 0],
		]);

		// A limit on digits must not refuse ordinary money.
		it('an ordinary amount (1250.50) is still sent in Total, Unit Price and Cash Amount', async () => {
			const advance = await createAdvance({ total: '1250.50' });
			expect(advance.error).toBeUndefined();
			expect(advancePosts()[0].body).toMatchObject({ total: '1250.50' });

			const note = await createSalesNote({ ...oneLine({ unitPrice: '1250.50' }), additionalFields: { cashAmount: '1250.50' } });
			expect(note.error).toBeUndefined();
			expect(salesNotePosts()[0].body).toMatchObject({ detalles: [expect.objectContaining({ precio_unitario: '1250.50' })], monto_efectivo: 1250.5 });
		});
	});

	describe('NaN or Infinity from an expression for a number field', () => {
		itRefuses(
			['NaN', 'Infinity'].map(
				(value): Refusal => [`Sales Note Create: Warehouse ID ${value}`, () => createSalesNote({ additionalFields: { warehouse: `={{ ${value} }}` } }), field('Warehouse ID'), 0],
			),
		);
	});
});
