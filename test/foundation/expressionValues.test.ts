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

/** The node stopped on `item`, naming the field, and nothing reached the endpoint for any item. */
function expectRefused(run: NodeRun, named: RegExp, item: number, sent: () => RecordedRequest[]) {
	expect(run.error).toBeDefined();
	expect(run.error?.message).toMatch(named);
	expect(run.error?.message).toContain(`[item ${item}]`);
	expect(sent()).toHaveLength(0);
}

const THOUSAND_DIGITS = '1'.repeat(1000);
/** Above 2^53: a JavaScript number cannot hold it, so it would be rounded (to 1e20) on the way. */
const HUGE_ID = '99999999999999999999';

describe('values given by expression are checked before anything is sent', () => {
	const fixture = sandboxPerFile();
	type Extra = { input?: Array<Record<string, unknown>>; typeVersion?: number };

	// ------------------------------------------------------------------ one small helper per node

	const salesNotePosts = () => fixture.requestsTo('/movimientos/notas_venta/').filter((request) => request.method === 'POST');
	const salesNoteGets = () => fixture.requestsTo('/movimientos/notas_venta/').filter((request) => request.method === 'GET');
	const oneLine = (line: Record<string, unknown> = {}) => ({
		lines: { line: [{ productBy: 'code', product: DEMO.producto.codigo, quantity: '2', unitPrice: '189.50', ...line }] },
	});
	const createSalesNote = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run(
			'admintotalSalesNote',
			{ resource: 'salesNote', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, ...oneLine(), ...parameters },
			extra,
		);
	const getSalesNotes = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', returnAll: false, limit: 5, ...parameters }, extra);

	const products = () => fixture.requestsTo('/productos/');
	const getProducts = (filters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalProduct', { resource: 'product', operation: 'getAll', returnAll: false, limit: 5, filters }, extra);

	const orderPosts = () => fixture.requestsTo('/movimientos/pedidos/').filter((request) => request.method === 'POST');
	const createOrder = (parameters: Record<string, unknown>, extra: Extra = {}) =>
		fixture.run('admintotalOrder', { resource: 'order', operation: 'create', clientBy: 'rfc', clientRfc: DEMO.cliente.rfc, ...oneLine(), ...parameters }, extra);

	const workOrderRequests = () => fixture.requestsTo(`/ordenes_servicio/${DEMO.ordenServicio.id}/`);
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

	const ledgerAccounts = () => fixture.requestsTo('/cuentas/');
	const getLedgerAccounts = (limit: unknown) => fixture.run('admintotalLedgerAccount', { resource: 'ledgerAccount', operation: 'getAll', returnAll: false, limit });

	// ------------------------------------------------------------------ 1. objects and arrays where text or a number is expected

	describe('an object, array or boolean where text or a number is expected', () => {
		it("a custom field's value given an object (never sent as \"[object Object]\"); only item 1 is wrong", async () => {
			const run = await createSalesNote(
				{ additionalFields: { customFields: { field: [{ key: DEMO.camposPersonalizadosVenta[0], value: '={{ $json.value }}' }] } } },
				{ input: [{ value: 'OC-77' }, { value: { a: 1 } }] },
			);
			expectRefused(run, field('Value', 'Custom Fields'), 1, salesNotePosts);
		});

		it('a custom field\'s key given an array (never sent as "A,B")', async () => {
			const run = await createSalesNote({ additionalFields: { customFields: { field: [{ key: '={{ ["A", "B"] }}', value: 'OC-77' }] } } });
			expectRefused(run, field('Key', 'Custom Fields'), 0, salesNotePosts);
		});

		it("a line's product given an object (never sent as the code \"[object Object]\"); only item 1 is wrong", async () => {
			const run = await createSalesNote(oneLine({ product: '={{ $json.product }}' }), { input: [{ product: DEMO.producto.codigo }, { product: { a: 1 } }] });
			expectRefused(run, field('Product', 'Lines'), 1, salesNotePosts);
		});

		it("a line's quantity given an array (never sent as \"2\")", async () => {
			const run = await createSalesNote(oneLine({ quantity: '={{ [2] }}' }));
			expectRefused(run, field('Quantity', 'Lines'), 0, salesNotePosts);
		});

		it('a delivery address street given an object; only item 1 is wrong', async () => {
			const run = await createSalesNote({ deliveryAddress: { street: '={{ $json.street }}' } }, { input: [{ street: 'Av. Juárez' }, { street: { a: 1 } }] });
			expectRefused(run, field('Street', 'Delivery Address'), 1, salesNotePosts);
		});

		it('an address email given an array (never passed as "a@b.co")', async () => {
			const run = await createSalesNote({ deliveryAddress: { email: '={{ ["cliente@example.com"] }}' } });
			expectRefused(run, field('Email', 'Delivery Address'), 0, salesNotePosts);
		});

		it('a list filter given an array holding an object (never sent as codigos=[object Object]); only item 1 is wrong', async () => {
			const run = await getProducts({ codes: '={{ $json.codes }}' }, { input: [{ codes: [DEMO.producto.codigo] }, { codes: [{ a: 1 }] }] });
			expectRefused(run, field('Codes'), 1, products);
		});

		it('a text filter given an object', async () => {
			const run = await getSalesNotes({ filters: { series: '={{ { a: 1 } }}' } });
			expectRefused(run, field('Series'), 0, salesNoteGets);
		});

		it('a text filter given the boolean true', async () => {
			const run = await getSalesNotes({ filters: { series: '={{ true }}' } });
			expectRefused(run, field('Series'), 0, salesNoteGets);
		});

		it("an order contact's name given an object", async () => {
			const run = await createOrder({ contact: { name: '={{ { first: "Laura" } }}' } });
			expectRefused(run, field('Name', 'Contact'), 0, orderPosts);
		});

		it("an order contact's name given the boolean true (never sent as \"true\")", async () => {
			const run = await createOrder({ contact: { name: '={{ true }}' } });
			expectRefused(run, field('Name', 'Contact'), 0, orderPosts);
		});
	});

	// ------------------------------------------------------------------ 2. dropdowns given a prototype key

	describe('a dropdown given by expression the name of an object prototype key', () => {
		it.each(['constructor', 'toString', '__proto__'])('Sales Note Get Many: Cancelled "%s"', async (choice) => {
			const run = await getSalesNotes({ filters: { cancelled: `={{ "${choice}" }}` } });
			expectRefused(run, field('Cancelled'), 0, salesNoteGets);
		});

		it('Sales Note Get Many: Cancelled "constructor" in item 1 only', async () => {
			const run = await getSalesNotes({ filters: { cancelled: '={{ $json.cancelled }}' } }, { input: [{ cancelled: 'all' }, { cancelled: 'constructor' }] });
			expectRefused(run, field('Cancelled'), 1, salesNoteGets);
		});

		it('Product Get Many: Distribution Medium "constructor"', async () => {
			const run = await getProducts({ distributionMedium: '={{ "constructor" }}' });
			expectRefused(run, field('Distribution Medium'), 0, products);
		});

		it('Work Order Update: Status "constructor"', async () => {
			const run = await updateWorkOrder({ status: '={{ "constructor" }}' });
			expectRefused(run, field('Status'), 0, workOrderRequests);
		});

		it('Customer Advance Create: CFDI Use "hasOwnProperty"', async () => {
			const run = await createAdvance({ usoCfdi: '={{ "hasOwnProperty" }}' });
			expectRefused(run, field('CFDI Use'), 0, advancePosts);
		});

		// These two dropdowns fell back to a default on an unknown value: a line was sent by code, an image read from the binary field.
		it.each(['constructor', 'sku'])('Sales Note Create: a line\'s Identify Product By "%s"', async (choice) => {
			const run = await createSalesNote(oneLine({ productBy: `={{ "${choice}" }}` }));
			expectRefused(run, field('Identify Product By', 'Lines'), 0, salesNotePosts);
		});

		it('Work Order Attach Image: Image Source "url"', async () => {
			const run = await fixture.run('admintotalWorkOrder', {
				resource: 'workOrder',
				operation: 'attachImage',
				workOrderId: { __rl: true, mode: 'id', value: String(DEMO.ordenServicio.id) },
				title: 'Evidencia',
				imageSource: '={{ "url" }}',
				// Both source fields are filled, so only the source choice itself can be wrong.
				binaryPropertyName: 'data',
				imageBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
			});
			expectRefused(run, field('Image Source'), 0, () => fixture.requestsTo(`/ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`));
		});
	});

	// ------------------------------------------------------------------ 3. Limit

	describe('a Limit that is not a whole number above zero', () => {
		it.each([
			['text', '={{ "abc" }}'],
			['a negative number', '={{ -5 }}'],
			['zero', '={{ 0 }}'],
			['a fraction', '={{ 2.5 }}'],
			['NaN', '={{ NaN }}'],
			['an object', '={{ {} }}'],
		])('Ledger Account Get Many with %s as Limit', async (_case, limit) => {
			const run = await getLedgerAccounts(limit);
			expectRefused(run, field('Limit'), 0, ledgerAccounts);
		});

		it('Sales Note Get Many with "abc" as the Limit of item 1 only', async () => {
			const run = await getSalesNotes({ limit: '={{ $json.limit }}' }, { input: [{ limit: 3 }, { limit: 'abc' }] });
			expectRefused(run, field('Limit'), 1, salesNoteGets);
		});
	});

	// ------------------------------------------------------------------ 4. RFC dates

	describe('an RFC whose date cannot exist', () => {
		it.each([
			['a company RFC dated February 30', 'ABC680230P76'],
			['a person RFC dated November 31', 'GODE561131ABC'],
			['February 29 of a year that is not a leap year (01)', 'ABC010229AB1'],
		])('Blacklist Check RFC refuses %s', async (_case, rfc) => {
			const run = await checkRfc(rfc);
			expectRefused(run, field('RFC'), 0, blacklistLookups);
		});

		it('Blacklist Check RFC refuses February 30 in item 1 only', async () => {
			const run = await checkRfc('={{ $json.rfc }}', { input: [{ rfc: DEMO.rfcNoListado }, { rfc: 'ABC680230P76' }] });
			expectRefused(run, field('RFC'), 1, blacklistLookups);
		});

		it('Sales Note Create refuses a Client RFC dated February 30', async () => {
			const run = await createSalesNote({ clientRfc: 'ABC680230P76' });
			expectRefused(run, field('Client RFC'), 0, salesNotePosts);
		});

		// Upper-casing turns these into other letters (ß → SS, ﬁ → FI, ı → I, ſ → S): an RFC holds A–Z, Ñ, & and digits only.
		it.each([
			['ß', 'Aß680524P76'],
			['ﬁ', 'Aﬁ680524P76'],
			['ı', 'ıBC680524P76'],
			['ſ', 'ſBC680524P76'],
		])('Blacklist Check RFC refuses an RFC holding %s in item 1 as given, instead of looking up its upper case', async (_letter, rfc) => {
			const run = await checkRfc('={{ $json.rfc }}', { input: [{ rfc: DEMO.rfcNoListado }, { rfc }] });
			expectRefused(run, field('RFC'), 1, blacklistLookups);
			expect(run.error?.description).toContain(`"${rfc}" is not an RFC`);
		});

		it('Blacklist Check RFC still takes lower case, ñ, spaces and dashes', async () => {
			const run = await checkRfc('ñab-680524 p76');
			expect(run.error).toBeUndefined();
			expect(blacklistLookups().map((request) => request.query.rfc)).toEqual(['ÑAB680524P76']);
		});

		// 00 is 2000, a leap year: February 29 exists and must still be looked up.
		it('Blacklist Check RFC accepts February 29 of year 00 and looks it up', async () => {
			const run = await checkRfc('ABC000229XY1');
			expect(run.error).toBeUndefined();
			expect(blacklistLookups().map((request) => request.query.rfc)).toEqual(['ABC000229XY1']);
		});
	});

	// ------------------------------------------------------------------ 5. IDs above 2^53

	describe('an ID too large to be a JavaScript number', () => {
		it('Credit Note Get By ID (never requested as is, nor rounded)', async () => {
			const run = await fixture.run('admintotalCreditNote', { resource: 'creditNote', operation: 'get', creditNoteId: byId(HUGE_ID) });
			// Any request at all counts: a rounded ID would go to another path.
			expectRefused(run, field('Credit Note'), 0, () => fixture.sandbox.requests);
		});

		// Version 2 is where Client ID is a text field, so the digits arrive exactly as typed.
		it('Sales Note Create: Client ID (never sent as 1e20)', async () => {
			const run = await createSalesNote({ clientBy: 'id', clientId: HUGE_ID }, { typeVersion: 2 });
			expectRefused(run, field('Client ID'), 0, salesNotePosts);
		});

		it('Sales Note Get Many: the Client ID filter, in item 1 only', async () => {
			const run = await getSalesNotes({ filters: { clientId: '={{ $json.client }}' } }, { input: [{ client: String(DEMO.cliente.id) }, { client: HUGE_ID }] });
			expectRefused(run, field('Client ID'), 1, salesNoteGets);
		});

		it("Sales Note Create: a line's product ID", async () => {
			const run = await createSalesNote(oneLine({ productBy: 'id', product: HUGE_ID }));
			expectRefused(run, field('Product', 'Lines'), 0, salesNotePosts);
		});
	});

	// ------------------------------------------------------------------ 6. dates

	describe('a date that cannot exist', () => {
		it('Sales Note Create: a Date with the offset +99:99', async () => {
			const run = await createSalesNote({ additionalFields: { date: '2026-03-14T10:30:00+99:99' } });
			expectRefused(run, field('Date'), 0, salesNotePosts);
		});

		it('Sales Note Get Many: a From Date with the offset +99:99, in item 1 only', async () => {
			const run = await getSalesNotes(
				{ filters: { fromDate: '={{ $json.from }}' } },
				{ input: [{ from: '2026-03-14T10:30:00-06:00' }, { from: '2026-03-14T10:30:00+99:99' }] },
			);
			expectRefused(run, field('From Date'), 1, salesNoteGets);
		});

		it('Sales Note Create: a Date of February 30', async () => {
			const run = await createSalesNote({ additionalFields: { date: '2026-02-30' } });
			expectRefused(run, field('Date'), 0, salesNotePosts);
		});

		it('Sales Note Get Many: a From Date of February 30', async () => {
			const run = await getSalesNotes({ filters: { fromDate: '2026-02-30' } });
			expectRefused(run, field('From Date'), 0, salesNoteGets);
		});
	});

	// ------------------------------------------------------------------ 7. decimals longer than any API field

	describe('a decimal of 1,000 digits', () => {
		it('Customer Advance Create: Total, in item 1 only', async () => {
			const run = await createAdvance({ total: '={{ $json.total }}' }, { input: [{ total: '1500.50' }, { total: THOUSAND_DIGITS }] });
			expectRefused(run, field('Total'), 1, advancePosts);
		});

		it("Sales Note Create: a line's Unit Price", async () => {
			const run = await createSalesNote(oneLine({ unitPrice: THOUSAND_DIGITS }));
			expectRefused(run, field('Unit Price', 'Lines'), 0, salesNotePosts);
		});

		it('Sales Note Create: Cash Amount', async () => {
			const run = await createSalesNote({ additionalFields: { cashAmount: THOUSAND_DIGITS } });
			expectRefused(run, field('Cash Amount'), 0, salesNotePosts);
		});

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

	// ------------------------------------------------------------------ 8. NaN and Infinity

	describe('NaN or Infinity from an expression for a number field', () => {
		it.each([
			['NaN', '={{ NaN }}'],
			['Infinity', '={{ Infinity }}'],
		])('Sales Note Create: Warehouse ID %s', async (_case, warehouse) => {
			const run = await createSalesNote({ additionalFields: { warehouse } });
			expectRefused(run, field('Warehouse ID'), 0, salesNotePosts);
		});
	});
});
