import { startSandbox, type Sandbox } from '../sandbox';
import { MAX_NESTING, decimalValue, priceStockRows } from '../../nodes/AdmintotalTrigger/payload';
import { parsed, triggerPool } from './fixture';

/** A body that is not what the event expects gets 400 with a short reason and starts nothing. */
describe('Admintotal Trigger: bodies that are refused', () => {
	let sandbox: Sandbox;
	const pool = triggerPool();

	beforeAll(async () => {
		sandbox = await startSandbox({ volume: { productos: 5 } });
	});
	afterAll(async () => sandbox.close());

	const row = (sku: unknown, precio: unknown = '10.00', costo: unknown = '6.50', stock: unknown = '3') => ({ sku, precio, costo, stock });

	describe('Price and Stock Changed', () => {
		const deliver = async (body: string, contentType = 'application/json') => {
			const trigger = await pool.start({ parameters: { event: 'priceStockChanged', authentication: 'none' } });
			const result = await sandbox.webhooks.sendRaw({ url: trigger.url, body, contentType });
			return { trigger, status: result.status, answer: parsed(result.body) };
		};

		it.each([
			['malformed JSON sent as text/plain', '[{"sku": "A-1", "precio": "1"', 'text/plain', 'The body is not valid JSON'],
			['malformed JSON sent without a JSON type', '[{"sku": "A-1",]', 'application/octet-stream', 'The body is not valid JSON'],
			['an empty body', '', 'application/json', 'The body is empty: expected JSON'],
			['an object instead of an array', JSON.stringify({ sku: 'A-1' }), 'application/json', 'Expected a JSON array of price and stock rows, got an object'],
			['a number', '42', 'application/json', 'Expected a JSON array of price and stock rows, got a number'],
			['51 rows', JSON.stringify(Array.from({ length: 51 }, (_, i) => row(`A-${i}`))), 'application/json', '51 rows in one delivery; Admintotal sends at most 50'],
			['a row that is not an object', JSON.stringify([row('A-1'), 'A-2']), 'application/json', 'Row 2 is a string, not an object'],
			['a row without sku', JSON.stringify([row('A-1'), { precio: '1', costo: '1', stock: '1' }]), 'application/json', 'Row 2 has no sku'],
			['a row with an empty sku', JSON.stringify([row('  ')]), 'application/json', 'Row 1 has no sku'],
			['a row without stock', JSON.stringify([{ sku: 'A-1', precio: '1', costo: '1' }]), 'application/json', 'Row 1 (sku "A-1") has no stock'],
			['a price that is not a number', JSON.stringify([row('A-1', 'abc')]), 'application/json', 'Row 1 (sku "A-1"): precio "abc" is not a number'],
			['a price with a thousands separator', JSON.stringify([row('A-1', '1,234.50')]), 'application/json', 'Row 1 (sku "A-1"): precio "1,234.50" is not a number'],
			['an empty cost', JSON.stringify([row('A-1', '1', '')]), 'application/json', 'Row 1 (sku "A-1"): costo "" is not a number'],
			['a null stock', JSON.stringify([row('A-1', '1', '1', null)]), 'application/json', 'Row 1 (sku "A-1"): stock null is not a number'],
			[
				'a JSON number price of 17 significant digits, instead of rounding it to 12345678901234568',
				'[{"sku":"A-1","precio":12345678901234567.8,"costo":"1","stock":"1"}]',
				'application/json',
				'Row 1 (sku "A-1"): precio 12345678901234567.8 has more than 15 significant digits, which would not arrive exactly',
			],
			[
				'a JSON number cost written with 19 significant digits, though its double prints as 0.1',
				'[{"sku":"A-1","precio":"1","costo":0.1000000000000000055,"stock":"1"}]',
				'application/json',
				'Row 1 (sku "A-1"): costo 0.1000000000000000055 has more than 15 significant digits',
			],
			[
				'a JSON number stock of 16 digits sent as text/plain, like the same digits in quotes',
				'[{"sku":"A-1","precio":"1","costo":"1","stock":1234567890123456}]',
				'text/plain',
				'Row 1 (sku "A-1"): stock 1234567890123456 has more than 15 significant digits',
			],
			['a JSON number with an exponent, like the same text in quotes', '[{"sku":"A-1","precio":1e2,"costo":"1","stock":"1"}]', 'application/json', 'Row 1 (sku "A-1"): precio 1e2 is not a number'],
		])('%s → 400', async (_case, body, contentType, reason) => {
			const { trigger, status, answer } = await deliver(body, contentType);

			expect(status).toBe(400);
			expect(answer).toEqual({ message: expect.stringContaining(reason) });
			expect(trigger.executions).toHaveLength(0);
		});

		it('malformed JSON labelled application/json is refused by n8n itself (422) before the node runs', async () => {
			const { trigger, status, answer } = await deliver('[{"sku": "A-1", "precio": ');

			expect(status).toBe(422);
			expect(answer).toEqual(expect.objectContaining({ code: 422, message: 'Failed to parse request body' }));
			expect(trigger.executions).toHaveLength(0);
		});

		it.each([
			['application/json', ''],
			// n8n 2.41 drops a byte order mark from a JSON body before parsing it; the trigger does so for any body.
			['text/plain, after a byte order mark', '\uFEFF'],
		])('JSON numbers of up to 15 significant digits are taken as sent (%s), and the numbers of other fields are left as they are', async (type, start) => {
			const body = `${start}[{"sku":"A-1","precio":0.1,"costo":123456789012345,"stock":-0,"almacen":12345678901234567890}, {"sku":7,"precio":"2","costo":1.50,"stock":3}]`;
			const { trigger, status } = await deliver(body, type.split(',')[0]);

			expect(status).toBe(200);
			expect(trigger.startedItems).toEqual([
				{ sku: 'A-1', precio: 0.1, costo: 123456789012345, stock: 0, almacen: 12345678901234567000, price: 0.1, cost: 123456789012345 },
				{ sku: 7, precio: '2', costo: 1.5, stock: 3, price: 2, cost: 1.5 },
			]);
		});

		it('well-formed JSON sent as text/plain is read from the raw body and accepted', async () => {
			const { trigger, status } = await deliver(JSON.stringify([row('A-1', ' 12.5 ', '-0', '-2')]), 'text/plain');

			expect(status).toBe(200);
			expect(trigger.startedItems).toEqual([{ sku: 'A-1', precio: ' 12.5 ', costo: '-0', stock: -2, price: 12.5, cost: 0 }]);
		});

		describe('a body nested 10,000 levels deep', () => {
			const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
			const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
			const rowWith = (field: string, value: string) => `[{"sku":"A-1","precio":"1","costo":"1","stock":"1","${field}":${value}}]`;

			it.each([
				['in precio', rowWith('precio', nestedObjects(10_000)), 'application/json'],
				['in a field Admintotal may add', rowWith('almacen', nestedArrays(10_000)), 'application/json'],
				['in a field, sent as text/plain', rowWith('almacen', nestedObjects(10_000)), 'text/plain'],
				['as the whole body', nestedArrays(10_000), 'application/json'],
			])('%s → 400 naming the limit, and nothing starts', async (_case, body, contentType) => {
				const { trigger, status, answer } = await deliver(body, contentType);

				expect(status).toBe(400);
				expect(answer).toEqual({ message: `The body is nested more than ${MAX_NESTING} levels deep` });
				expect(trigger.deliveries[0].error).toBeUndefined();
				expect(trigger.executions).toHaveLength(0);
			});

			it(`${MAX_NESTING} levels are accepted: the limit refuses nothing Admintotal sends`, async () => {
				// The array of rows and the row are two levels; the added field holds the rest.
				const { trigger, status } = await deliver(rowWith('almacen', nestedArrays(MAX_NESTING - 2)));

				expect(status).toBe(200);
				expect(trigger.executions).toHaveLength(1);
			});
		});

		it('an empty array answers 200 and starts nothing', async () => {
			const { trigger, status } = await deliver('[]');

			expect(status).toBe(200);
			expect(trigger.executions).toHaveLength(0);
		});
	});

	describe('Product Created', () => {
		const deliver = async (body: string) => {
			const trigger = await pool.start({ parameters: { event: 'productCreated', authentication: 'none' } });
			const result = await sandbox.webhooks.sendRaw({ url: trigger.url, body });
			return { trigger, status: result.status, answer: parsed(result.body) };
		};

		it.each([
			['a product without codigo', JSON.stringify({ id: 9, descripcion: 'Martillo' }), 'The product has no codigo'],
			['a product with an empty codigo', JSON.stringify({ id: 9, codigo: '' }), 'The product has no codigo'],
			['a list of products', JSON.stringify([{ codigo: 'A-1' }]), 'Expected one product but got a list'],
			['a string', '"A-1"', 'Expected one product object, got a string'],
			['null', 'null', 'Expected one product object, got null'],
			['a product nested 10,000 levels deep', `{"codigo":"A-1","unidades":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`, 'The body is nested more than'],
		])('%s → 400', async (_case, body, reason) => {
			const { trigger, status, answer } = await deliver(body);

			expect(status).toBe(400);
			expect(answer).toEqual({ message: expect.stringContaining(reason) });
			expect(trigger.executions).toHaveLength(0);
		});
	});

	it('a JSON number whose text is not in the body as received (n8n no longer keeping the raw body) is refused, not judged by its double', () => {
		expect(priceStockRows({ value: [row('A-1', 0.1)], text: '' })).toEqual({ ok: false, reason: 'Row 1 (sku "A-1"): precio could not be read as written in the body' });
	});

	describe('decimal text to number', () => {
		it.each([
			['189.50', 189.5],
			['-3', -3],
			['42.000', 42],
			[' 7 ', 7],
			['.5', 0.5],
			['5.', 5],
			['-0', 0],
			['0.000000000000001', 1e-15],
			['123456789012345', 123456789012345],
		])('%j is %d', (text, number) => {
			expect(decimalValue(text)).toBe(number);
		});

		// A parsed JSON number (12.5) is judged by its text in the body, never as the double it became.
		it.each([['1,234.50'], ['1e3'], [''], ['  '], ['NaN'], ['Infinity'], ['12abc'], ['--1'], ['1234567890123456'], [12.5], [null], [true], [Number.NaN], [{}]])(
			'%j is not a number',
			(text) => {
				expect(decimalValue(text)).toBeUndefined();
			},
		);
	});
});
