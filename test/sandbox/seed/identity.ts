import { RFC_PATTERN } from '../schemas/common';
import { Random, UPPER_ALNUM } from './random';
import { satUpper } from './vocabulary';

/** Mexican identifiers with valid formats: RFC, CURP, CLABE, EAN-13 barcodes. */

const FILLER_WORDS = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'EL', 'Y', 'S.A.', 'C.V.', 'S.', 'R.L.', 'SA', 'CV']);

function yymmdd(random: Random, fromYear: number, toYear: number): string {
	const year = random.int(fromYear, toYear);
	const month = random.int(1, 12);
	const day = random.int(1, 28);
	return `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** RFC of a company (persona moral): three letters from the name, incorporation date, homoclave. */
export function rfcMoral(random: Random, razonSocial: string): string {
	const words = satUpper(razonSocial)
		.split(/\s+/)
		.filter((w) => w && !FILLER_WORDS.has(w))
		.map((w) => w.replace(/[^A-ZÑ&]/g, ''))
		.filter(Boolean);
	let letters = words.map((w) => w[0]).join('');
	if (letters.length < 3) letters = (words[0] ?? 'XXX') + 'XXX';
	const rfc = `${letters.slice(0, 3)}${yymmdd(random, 1985, 2020)}${random.chars(3, UPPER_ALNUM)}`;
	return RFC_PATTERN.test(rfc) ? rfc : `XEX${yymmdd(random, 1985, 2020)}${random.chars(3, UPPER_ALNUM)}`;
}

/** RFC of a person (persona física): four letters from surnames and name, birth date, homoclave. */
export function rfcFisica(random: Random, nombre: string, apellidoPaterno: string, apellidoMaterno: string): string {
	const paterno = satUpper(apellidoPaterno).replace(/[^A-ZÑ]/g, '');
	const vowel = paterno.slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
	const letters = `${paterno[0]}${vowel}${satUpper(apellidoMaterno)[0]}${satUpper(nombre)[0]}`;
	return `${letters}${yymmdd(random, 1955, 2002)}${random.chars(3, UPPER_ALNUM)}`;
}

const ESTADOS_CURP = ['JC', 'NL', 'DF', 'PL', 'QT', 'GT', 'YN', 'BC', 'SR', 'SL', 'AS', 'MN'];

/** CURP whose first ten characters agree with the person's RFC. */
export function curp(random: Random, rfc: string): string {
	const consonants = 'BCDFGHJKLMNPQRSTVWXZ';
	return `${rfc.slice(0, 10)}${random.pick(['H', 'M'])}${random.pick(ESTADOS_CURP)}${random.chars(3, consonants)}${random.chars(1, UPPER_ALNUM)}${random.int(0, 9)}`;
}

/** Check digit of a CLABE's first 17 digits: weights 3, 7, 1. */
function digitoClabe(body: string): number {
	const total = [...body].reduce((sum, digit, i) => sum + ((Number(digit) * [3, 7, 1][i % 3]) % 10), 0);
	return (10 - (total % 10)) % 10;
}

/** CLABE: bank (3) + plaza (3) + account (11) + check digit. */
export function clabe(random: Random, bankCode: string): string {
	const body = `${bankCode}${random.pick(['320', '180', '580', '650', '010'])}${random.digits(11)}`;
	return `${body}${digitoClabe(body)}`;
}

export function clabeIsValid(value: string): boolean {
	return /^\d{18}$/.test(value) && digitoClabe(value.slice(0, 17)) === Number(value[17]);
}

/** EAN-13 with the Mexican GS1 prefix 750 and a valid check digit. */
export function ean13(random: Random): string {
	const body = `750${random.digits(9)}`;
	const total = [...body].reduce((sum, digit, i) => sum + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
	return `${body}${(10 - (total % 10)) % 10}`;
}
