import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { isJsonObject } from '../records';
import type { Field } from './field';
import { decimal, isBlank, oneOf, shown, text, wholeNumber } from './grammars';
import type { ValueReader } from './reader';

// Product lines (`detalles`): the spec shows no request shape, so we send the line fields the API returns, decimals as text.
const IDENTIFIERS = [
	{ mode: 'id', keys: ['productId', 'producto'], apiKey: 'producto', label: 'Product ID' },
	{ mode: 'code', keys: ['productCode', 'producto_codigo'], apiKey: 'producto_codigo', label: 'Product Code' },
	{ mode: 'supplierCode', keys: ['supplierCode', 'producto_codigo_proveedor'], apiKey: 'producto_codigo_proveedor', label: 'Supplier Code' },
] as const;

const JSON_EXAMPLE = '[{ "productCode": "A-100", "quantity": "2", "unitPrice": "149.90" }]';

/** The product lines field; `priced` lines carry a unit price. */
export function linesField({ priced }: { priced: boolean }): Field {
	return { properties: lineProperties(priced), apiValues: (reader) => ({ detalles: readLines(reader, priced) }) };
}

function lineProperties(priced: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Lines Input',
			name: 'linesInput',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Define Below', value: 'ui', description: 'Add the lines one by one in this panel' },
				{ name: 'From JSON or Expression', value: 'json', description: "An array of lines, e.g. mapped from a shop order's line items" },
			],
			default: 'ui',
		},
		{
			displayName: 'Lines',
			name: 'lines',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Line',
			default: {},
			displayOptions: { show: { linesInput: ['ui'] } },
			options: [
				{
					displayName: 'Line',
					name: 'line',
					values: [
						{
							displayName: 'Identify Product By',
							name: 'productBy',
							type: 'options',
							options: [
								{ name: 'Product Code', value: 'code', description: 'The code (SKU) of the product (producto_codigo)' },
								{ name: 'Product ID', value: 'id', description: 'The internal numeric ID (producto)' },
								{ name: 'Supplier Code', value: 'supplierCode', description: "The supplier's code for the product (producto_codigo_proveedor)" },
							],
							default: 'code',
						},
						{ displayName: 'Product', name: 'product', type: 'string', default: '', placeholder: 'e.g. A-100', description: 'The product code, ID or supplier code, as chosen above' },
						{ displayName: 'Quantity', name: 'quantity', type: 'string', default: '1', description: 'Sent exactly as written (cantidad), e.g. 2 or 1.5' },
						...(priced
							? [{ displayName: 'Unit Price', name: 'unitPrice', type: 'string' as const, default: '', placeholder: 'e.g. 149.90', description: "Sent exactly as written (precio_unitario); leave empty to use Admintotal's price" }]
							: []),
					],
				},
			],
		},
		{
			displayName: 'Lines (JSON)',
			name: 'linesJson',
			type: 'json',
			default: '[]',
			displayOptions: { show: { linesInput: ['json'] } },
			description: `Array of lines. Each line has exactly one of productCode, productId or supplierCode (or the API names producto_codigo, producto, producto_codigo_proveedor), quantity${priced ? ' and optional unitPrice' : ''}. Example: ${JSON_EXAMPLE}.`,
		},
	];
}

/** The lines as the API's `detalles`, or an error naming the line and the item. */
function readLines(reader: ValueReader, priced: boolean): IDataObject[] {
	const fromJson = reader.read('linesInput', 'Lines Input', oneOf(['ui', 'json'])) === 'json';
	const label = fromJson ? 'Lines (JSON)' : 'Lines';
	const rows = fromJson ? jsonLines(reader, label) : uiLines(reader);
	if (rows.length === 0) reader.fail(label, 'has no lines', 'Add at least one product line.');
	const keys = lineKeys(priced);
	return rows.map((row, index) => {
		const where = `line ${index + 1}`;
		const fail = (problem: string, fix?: string): never => reader.fail(label, `${where}: ${problem}`, fix);
		if (!isJsonObject(row)) fail('is not an object', `Each line looks like ${JSON_EXAMPLE.slice(1, -1)}.`);
		const given = IDENTIFIERS.flatMap((identifier) => identifier.keys.filter((key) => !isBlank(row[key])).map((key) => ({ identifier, key, value: row[key] })));
		if (given.length !== 1) {
			const problem = given.length === 0 ? 'has no product' : `identifies the product more than once (${given.map((entry) => entry.key).join(' and ')})`;
			fail(problem, 'Give exactly one of productCode, productId or supplierCode.');
		}
		// A key the line does not know (`price` for `unitPrice`) would be dropped unseen: the note sold at Admintotal's price.
		const unknown = Object.keys(row).find((key) => row[key] !== undefined && !keys.includes(key));
		if (unknown !== undefined) fail(`has a key a line does not know: "${shown(unknown, 30)}"`, `The keys a line takes: ${keys.join(', ')}.`);
		const [{ identifier, value }] = given;
		const part = (name: string) => ({ fail: (problem: string, fix?: string): never => fail(`${name} ${problem}`, fix), timezone: '' });
		// Both names of one value given: one of them would be dropped.
		const either = (name: string, english: string, api: string): unknown => {
			if (!isBlank(row[english]) && !isBlank(row[api])) fail(`gives the ${name} twice (${english} and ${api})`, `Give only one of ${english} or ${api}.`);
			return isBlank(row[english]) ? row[api] : row[english];
		};
		const product = identifier.mode === 'id' ? wholeNumber(value, part('the product ID')) : text(value, part('the product'));
		const line: IDataObject = { [identifier.apiKey]: product, cantidad: QUANTITY(either('quantity', 'quantity', 'cantidad'), part('quantity')) ?? fail('quantity is required') };
		if (priced) line.precio_unitario = PRICE(either('unit price', 'unitPrice', 'precio_unitario'), part('unit price'));
		return line;
	});
}

/** Every key a line may have; `priced` lines also take the unit price. */
function lineKeys(priced: boolean): string[] {
	return [...IDENTIFIERS.flatMap((identifier) => identifier.keys), 'quantity', 'cantidad', ...(priced ? ['unitPrice', 'precio_unitario'] : [])];
}

const QUANTITY = decimal({ positive: true });
const PRICE = decimal();
const PRODUCT_BY = oneOf(IDENTIFIERS.map((identifier) => identifier.mode));

function uiLines(reader: ValueReader): IDataObject[] {
	const lines = reader.raw('lines.line', []);
	return (Array.isArray(lines) ? (lines as IDataObject[]) : []).map((line, index) => {
		const fail = (problem: string, fix?: string): never => reader.fail('Lines', `line ${index + 1}: Identify Product By ${problem}`, fix);
		const mode = PRODUCT_BY(line.productBy, { fail, timezone: '' }) ?? fail('is required');
		const identifier = IDENTIFIERS.find((candidate) => candidate.mode === mode) as (typeof IDENTIFIERS)[number];
		return { [identifier.keys[0]]: line.product, quantity: line.quantity, unitPrice: line.unitPrice };
	});
}

function jsonLines(reader: ValueReader, label: string): IDataObject[] {
	let value = reader.raw('linesJson', '[]');
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch (error) {
			reader.fail(label, `is not valid JSON (${(error as Error).message})`, `Use an array such as ${JSON_EXAMPLE}.`);
		}
	}
	if (!Array.isArray(value)) reader.fail(label, 'must be an array of lines', `Use an array such as ${JSON_EXAMPLE}.`);
	return value as IDataObject[];
}
