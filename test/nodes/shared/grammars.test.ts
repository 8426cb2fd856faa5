import type { Grammar } from '../../../nodes/shared/fields/grammars';
import * as grammars from '../../../nodes/shared/fields/grammars';

/** A grammar's verdict on a raw value: what it sends, 'not given', or its problem. */
function verdict<T>(grammar: Grammar<T>, raw: unknown): { sends: T } | 'not given' | { problem: string } {
	try {
		const value = grammar(raw, {
			fail: (problem) => {
				throw new Error(problem);
			},
			timezone: 'America/Mexico_City',
		});
		return value === undefined ? 'not given' : { sends: value };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}

const refused = expect.objectContaining({ problem: expect.any(String) });

describe('the grammars every field is read with', () => {
	it.each([
		['text', grammars.text, ' Zapopan ', { sends: 'Zapopan' }],
		['text', grammars.text, 42, { sends: '42' }],
		['text', grammars.text, '', 'not given'],
		['text', grammars.text, { a: 1 }, { problem: 'must be text or a number, got an object ({"a":1})' }],
		['text', grammars.text, ['A', 'B'], { problem: 'must be text or a number, got a list (["A","B"])' }],
		['text', grammars.text, true, { problem: 'must be text or a number, got a boolean (true)' }],
		['text', grammars.text, NaN, { problem: 'must be a number, got NaN' }],
		['whole number', grammars.wholeNumber, ' 42 ', { sends: 42 }],
		['whole number', grammars.wholeNumber, 9007199254740991, { sends: 9007199254740991 }],
		['whole number', grammars.wholeNumber, '9007199254740992', refused],
		['whole number', grammars.wholeNumber, '99999999999999999999', refused],
		['whole number', grammars.wholeNumber, 0, refused],
		['whole number', grammars.wholeNumber, 2.5, refused],
		['whole number', grammars.wholeNumber, '-5', refused],
		['whole number', grammars.wholeNumber, '', 'not given'],
		['count (Limit)', grammars.positiveCount, 'abc', refused],
		['count (Limit)', grammars.positiveCount, '', refused],
		['count (Limit)', grammars.positiveCount, 50, { sends: 50 }],
		['decimal', grammars.decimal(), '1250.50', { sends: '1250.50' }],
		['decimal', grammars.decimal(), '+3', { sends: '3' }],
		['decimal', grammars.decimal(), '123456789012345678', { sends: '123456789012345678' }],
		['decimal', grammars.decimal(), '1234567890123456789', refused],
		['decimal', grammars.decimal(), '1.12345678901', refused],
		['decimal', grammars.decimal(), '1'.repeat(1000), refused],
		['decimal', grammars.decimal(), '-1', refused],
		['decimal', grammars.decimal({ negative: true }), '-110.9559', { sends: '-110.9559' }],
		['decimal', grammars.decimal({ positive: true }), '0', refused],
		['decimal', grammars.decimal(), '1,250.00', refused],
		['exact number', grammars.exactNumber(), '100.10', { sends: 100.1 }],
		['exact number', grammars.exactNumber(), '1234567890123456.78', refused],
		['date', grammars.date, '2024-02-29', { sends: '2024-02-29' }],
		['date', grammars.date, '2023-02-29', refused],
		['date', grammars.date, '2026-03-14T10:30:00-06:00', { sends: '2026-03-14' }],
		['date', grammars.date, '2026-03-14T10:30:00+14:00', { sends: '2026-03-14' }],
		['date', grammars.date, '2026-03-14T10:30:00+99:99', refused],
		['date', grammars.date, '2026-03-14T10:30:00+15:00', refused],
		['date', grammars.date, '2026-03-14T24:00:00', refused],
		['date', grammars.date, '14/03/2026', refused],
		['date-time', grammars.dateTime, '2026-03-14T10:30:00-06:00', { sends: '2026-03-14T10:30:00-06:00' }],
		['date-time', grammars.dateTime, '2026-03-14T10:30:00+99:99', refused],
		['list', grammars.list(), 'A, B\nA', { sends: ['A', 'B'] }],
		['list', grammars.list(), ['A', 7], { sends: ['A', '7'] }],
		['list', grammars.list(), [{ a: 1 }], refused],
		['list', grammars.list(grammars.wholeNumber), '1, 3', { sends: [1, 3] }],
		['list', grammars.list(grammars.wholeNumber), '1, Zapopan', refused],
		['email', grammars.email, 'ana@example.com', { sends: 'ana@example.com' }],
		['email', grammars.email, 'ana.example.com', refused],
		['email', grammars.email, ['ana@example.com'], refused],
		['dropdown code', grammars.oneOf(['active', 'all']), 'all', { sends: 'all' }],
		['dropdown code', grammars.oneOf(['active', 'all']), 'constructor', refused],
		['dropdown code', grammars.oneOf(['active', 'all']), '__proto__', refused],
		['dropdown code', grammars.oneOf([1, 2]), '2', { sends: 2 }],
		['dropdown code', grammars.oneOf([1, 2]), { valueOf: () => 2 }, refused],
		['RFC', grammars.rfc, 'abc-680524 p76', { sends: 'ABC680524P76' }],
		['RFC', grammars.rfc, 'ABC000229XY1', { sends: 'ABC000229XY1' }],
		['RFC', grammars.rfc, 'ABC010229XY1', refused],
		['RFC', grammars.rfc, 'ABC680230P76', refused],
		['RFC', grammars.rfc, 'GODE561131ABC', refused],
		['RFC', grammars.rfc, { rfc: 'ABC680524P76' }, refused],
		['switch', grammars.boolean, 'false', { sends: false }],
		['switch', grammars.boolean, 'yes', refused],
	] as Array<[string, Grammar<unknown>, unknown, unknown]>)('%s: %j', (_kind, grammar, raw, expected) => {
		expect(verdict(grammar, raw)).toEqual(expected);
	});
});
