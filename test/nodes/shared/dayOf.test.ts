import { dayOf } from '../../../nodes/shared/fields/grammars';

describe('dayOf: a date parameter as the API wants it (YYYY-MM-DD)', () => {
	it.each([
		['2026-05-31', '2026-05-31'],
		['2026-05-31T00:00:00', '2026-05-31'],
		['  2026-05-31T23:59:59.123-06:00 ', '2026-05-31'],
		['2026-05-31T10:00:00Z', '2026-05-31'],
		['2026-05-31 10:00', '2026-05-31'],
		['2024-02-29', '2024-02-29'],
		['2026-05-31T10:00:00+14:00', '2026-05-31'],
		['2026-05-31T10:00:00-14:00', '2026-05-31'],
		['2026-05-31T10:00:00+05:45', '2026-05-31'],
		['2026-05-31T10:00:00-1200', '2026-05-31'],
	])('the written day of %j is kept: %s', (value, expected) => {
		expect(dayOf(value, 'America/Mexico_City')).toBe(expected);
	});

	it.each([['31/05/2026'], ['2026-02-29'], ['2026-13-01'], ['2026-04-31'], ['2026-05-31T25:00:00'], ['tomorrow'], [''], [20260531], [null], [{}]])(
		'%j is not a date',
		(value) => {
			expect(dayOf(value, 'UTC')).toBeUndefined();
		},
	);

	it.each([['+14:30'], ['-14:45'], ['+14:59'], ['+1401'], ['+15:00'], ['-15'], ['+05:60']])('an offset beyond ±14:00 (%s) is refused, not sent', (offset) => {
		expect(dayOf(`2026-05-31T10:00:00${offset}`, 'UTC')).toBeUndefined();
	});

	it('a JavaScript Date is an instant, so its day is the one in the workflow timezone', () => {
		const instant = new Date('2026-06-01T03:30:00Z');
		expect(dayOf(instant, 'America/Mexico_City')).toBe('2026-05-31');
		expect(dayOf(instant, 'UTC')).toBe('2026-06-01');
		expect(dayOf(new Date('nope'), 'UTC')).toBeUndefined();
	});

	it('a Luxon-like DateTime gives its own calendar day, and an invalid one is refused', () => {
		expect(dayOf({ isValid: true, toISODate: () => '2026-05-31' }, 'UTC')).toBe('2026-05-31');
		expect(dayOf({ isValid: false, toISODate: () => null }, 'UTC')).toBeUndefined();
	});
});
