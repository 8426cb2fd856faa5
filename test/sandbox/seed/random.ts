/**
 * A seeded PRNG (mulberry32): the same seed gives the same tenant everywhere. Each resource draws from its own
 * stream, so raising one resource's volume does not reshuffle the others.
 */
export class Random {
	private state: number;

	constructor(seed: number, stream = '') {
		let h = (seed >>> 0) ^ 0x9e3779b9;
		for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x85ebca6b) >>> 0;
		this.state = h >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max], both included. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often. */
	weighted<T>(options: readonly (readonly [T, number])[]): T {
		const total = options.reduce((sum, [, weight]) => sum + weight, 0);
		let roll = this.next() * total;
		for (const [value, weight] of options) {
			roll -= weight;
			if (roll < 0) return value;
		}
		return options[options.length - 1][0];
	}

	/** `count` distinct items, in random order (without copying `items`: it may hold thousands). */
	sample<T>(items: readonly T[], count: number): T[] {
		const wanted = Math.min(count, items.length);
		const picked = new Set<number>();
		while (picked.size < wanted) picked.add(Math.floor(this.next() * items.length));
		return [...picked].map((i) => items[i]);
	}

	digits(length: number): string {
		return this.chars(length, '0123456789');
	}

	/** Characters from `alphabet`, e.g. an RFC homoclave from [A-Z0-9]. */
	chars(length: number, alphabet: string): string {
		let text = '';
		for (let i = 0; i < length; i++) text += alphabet[this.int(0, alphabet.length - 1)];
		return text;
	}
}

export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
