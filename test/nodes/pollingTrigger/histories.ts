/*
 * The Polling Trigger's promise as a model: a small reference tenant (notes with an ID, a day, a
 * series, cancelled or not, present or deleted), the commands of a history (the tenant changing
 * between and during reads, polls, failing pages, restarts, the clock, edits, damaged memory), and
 * the invariants checked after every poll (see histories.test.ts for the list). A driver runs the
 * real trigger: through n8n-core's poll context over HTTP, or in-process for the many runs.
 */
import fc from 'fast-check';

import { SERVED_ORDERS, type NoteList, type ServedNote, type ServedOrder } from './servedNotes';

export type EventName = 'newSalesNote' | 'salesNoteCancelled';

export type Mutation =
	| { kind: 'create'; day: number; late: boolean; serie: 'A' | 'B' }
	| { kind: 'cancel'; pick: number }
	| { kind: 'redate'; pick: number; day: number }
	| { kind: 'delete'; pick: number };

export type Command =
	| Mutation
	/** `during`: a change as page `at` is asked; `later`: another, `after` pages on; `busy`: a note of today is created as each of the first pages is asked. */
	| { kind: 'poll'; at: number; during?: Mutation; later?: { after: number; change: Mutation }; busy: boolean; fail: boolean; twice: boolean; skewOnce: number }
	| { kind: 'countSkew'; skew: number }
	| { kind: 'restart' }
	| { kind: 'clock'; days: number }
	| { kind: 'timezone'; zone: number }
	| { kind: 'lookBack'; days: number }
	| { kind: 'filter'; serie: 'A' | 'B' | undefined }
	| { kind: 'damage'; how: number }
	/** The tenant lists in another order from now on (its views changed). */
	| { kind: 'reorder'; order: ServedOrder };

/** What runs the real trigger against the model's tenant. */
export interface TriggerDriver {
	list: NoteList;
	/** One poll; `saved`: n8n wrote the static data after it (an activation or a poll that emitted). */
	poll(): Promise<{ ids: number[]; error?: Error; saved: boolean }>;
	restart(): void;
	edit(parameters: Record<string, unknown>): void;
	setTimezone(timezone: string): void;
	setNow(ms: number): void;
	/** Writes this memory for the event in what n8n saved, then restarts. */
	damage(memory: unknown): void;
	/** Bytes of the node's static data, as n8n would save it now. */
	memoryBytes(): number;
}

const DAY_MS = 86_400_000;
/** 11:00 UTC: the same day in UTC, the next one at UTC+14, the one before at UTC−12. */
const BASE_MS = Date.UTC(2026, 5, 10, 11);
const ZONES: Array<[string, number]> = [
	['UTC', 0],
	['Pacific/Kiritimati', 1],
	['Etc/GMT+12', -1],
];
/** A busy poll has a note created as each of its first pages is asked (every page would grow the list as fast as it is read). */
const BUSY_PAGES = 6;
/** Polls of a quiet tenant after which every new record is reported: a whole read is due at least every 10. */
export const QUIET_POLLS = 11;
const DAMAGED: unknown[] = [
	{ filters: '{}', from: '2026-06-09', days: 'garbage' },
	{ filters: '{}', from: '2026-06-09', days: { '2026-06-10': '1.zzzzzzzzz' } },
	{ filters: 42, days: {} },
	'truncated',
];

const dayText = (day: number) => new Date(BASE_MS + day * DAY_MS).toISOString().slice(0, 10);

const mutation = (): fc.Arbitrary<Mutation> =>
	fc.oneof(
		{ weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), day: fc.constantFrom(-7, -2, -1, 0, 0, 0, 1), late: fc.boolean(), serie: fc.constantFrom('A' as const, 'A' as const, 'B' as const) }) },
		{ weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(40) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('redate' as const), pick: fc.nat(40), day: fc.constantFrom(-7, -2, -1, 0, 1) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(40) }) },
	);

const pollCommand = () =>
	fc.record({
		kind: fc.constant('poll' as const),
		at: fc.nat(3),
		during: fc.option(mutation(), { nil: undefined, freq: 3 }),
		later: fc.option(fc.record({ after: fc.integer({ min: 1, max: 4 }), change: mutation() }), { nil: undefined, freq: 4 }),
		busy: fc.constantFrom(false, false, false, true),
		fail: fc.constantFrom(false, false, false, true),
		twice: fc.constantFrom(false, false, false, true),
		skewOnce: fc.constantFrom(0, 0, 0, 1, -1),
	});

/** Commands of one history: the tenant before, the activation, then anything; `event` picks the edits that mean something for it. */
export function commands(event: EventName): fc.Arbitrary<Command[]> {
	const command: fc.Arbitrary<Command> = fc.oneof(
		{ weight: 10, arbitrary: mutation() },
		{ weight: 10, arbitrary: pollCommand() },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('countSkew' as const), skew: fc.constantFrom(0, 1, -1) }) },
		{ weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), days: fc.constantFrom(-1, 1) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('timezone' as const), zone: fc.nat(2) }) },
		...(event === 'salesNoteCancelled' ? [{ weight: 1, arbitrary: fc.record({ kind: fc.constant('lookBack' as const), days: fc.integer({ min: 1, max: 5 }) }) }] : []),
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('filter' as const), serie: fc.constantFrom('A' as const, 'B' as const, undefined) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('damage' as const), how: fc.nat(DAMAGED.length - 1) }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('reorder' as const), order: fc.constantFrom(...SERVED_ORDERS) }) },
	);
	return fc
		.tuple(fc.array(mutation(), { maxLength: 8 }), pollCommand(), fc.array(command, { minLength: 4, maxLength: 40 }))
		.map(([before, activation, after]) => [...before, activation, ...after]);
}

interface Note {
	id: number;
	day: number;
	cancelled: boolean;
	present: boolean;
	serie: 'A' | 'B';
	/**
	 * Created, cancelled or re-dated once the trigger had followed the tenant: never "there before",
	 * however it comes into the list (filters edited back before any poll leave the memory as it was).
	 */
	changedSince: boolean;
}

/** The reference tenant and what the promise allows of the trigger. */
export class TenantModel {
	readonly notes = new Map<number, Note>();
	clockDays = 0;
	zone = 0;
	lookBack = 3;
	serie: 'A' | 'B' | undefined;
	/** A saved good poll has followed the tenant since the last start over (activation, new filters, damaged memory). */
	settled = false;
	/** The first day followed for sure: a new record of an earlier day may or may not be reported. */
	followed = Number.POSITIVE_INFINITY;
	/** The first poll has begun: a record entering the list from then on may be news; one listed before it never is. */
	polling = false;
	/** Per ID: how many reports the promise allows (1 on entering the list, one more per return) and how many came. */
	readonly allowed = new Map<number, number>();
	readonly reported = new Map<number, number>();
	/** New records that must be reported while they stay in the list. */
	readonly required = new Set<number>();
	private readonly everListed = new Set<number>();
	/** Listed once, then re-dated while out of the list: if a move of the window brings it back, it left the list and came back. */
	private readonly redatedWhileOut = new Set<number>();
	private nextId = 100;

	constructor(readonly event: EventName) {}

	get today(): number {
		return this.clockDays + ZONES[this.zone][1];
	}

	get firstDay(): number {
		return this.today - (this.event === 'newSalesNote' ? 1 : this.lookBack);
	}

	listed(note: Note): boolean {
		return note.present && note.day >= this.firstDay && (this.event === 'newSalesNote' || note.cancelled) && (this.serie === undefined || note.serie === this.serie);
	}

	/** A change of the tenant: a record that enters the list for the first time once the trigger follows its day is news. */
	mutate(change: Mutation) {
		const before = this.listedIds();
		const dayBefore = new Map([...this.notes.values()].map((note) => [note.id, note.day]));
		const changed = this.apply(change);
		const after = this.listedIds();
		// Only the note re-dated, and only if it was listed once and is out of the list before and after.
		if (change.kind === 'redate' && changed && this.everListed.has(changed.id) && !before.has(changed.id) && !after.has(changed.id)) this.redatedWhileOut.add(changed.id);
		for (const id of after) {
			const note = this.notes.get(id) as Note;
			// Re-dated within the list from a day not followed into one followed: it may be news.
			if (before.has(id) && (dayBefore.get(id) as number) < this.followed && note.day >= this.followed) this.allowed.set(id, (this.allowed.get(id) ?? 0) + 1);
			if (before.has(id)) continue;
			this.redatedWhileOut.delete(id);
			if (!this.everListed.has(id) && this.settled && note.day >= this.followed) this.required.add(id);
			if (this.polling) this.allowed.set(id, (this.allowed.get(id) ?? 0) + 1);
			this.everListed.add(id);
		}
		for (const id of before) if (!this.listed(this.notes.get(id) as Note)) this.required.delete(id);
	}

	/**
	 * The window or the filters moved: what enters that way is not news (remembered, not reported),
	 * unless it was created since the trigger follows the tenant: such a record may be reported, once.
	 * A record listed before, re-dated while out of the list and brought back this way left the list
	 * and came back (docs/polling-trigger.md): it may be reported once more.
	 */
	moveWindow(move: () => void) {
		const before = this.listedIds();
		move();
		const after = this.listedIds();
		for (const id of after) {
			const comesBack = this.redatedWhileOut.delete(id);
			if (!before.has(id) && (comesBack || (!this.everListed.has(id) && (this.notes.get(id) as Note).changedSince))) this.allowed.set(id, (this.allowed.get(id) ?? 0) + 1);
			this.everListed.add(id);
		}
		for (const id of before) if (!after.has(id)) this.required.delete(id);
	}

	startOver() {
		this.settled = false;
		this.required.clear();
	}

	/** After a good poll. A record that a poll found in a day not followed (re-dated there) is not news: it is remembered, not reported. */
	polled(saved: boolean) {
		const followedBefore = this.followed;
		for (const id of this.required) if ((this.notes.get(id) as Note).day < Math.max(followedBefore, this.firstDay)) this.required.delete(id);
		if (saved) {
			this.settled = true;
			this.followed = this.firstDay;
		} else this.followed = Math.max(this.followed, this.firstDay);
	}

	listedIds(): Set<number> {
		return new Set([...this.notes.values()].filter((note) => this.listed(note)).map((note) => note.id));
	}

	served(): ServedNote[] {
		return [...this.notes.values()].filter((note) => note.present).map((note) => ({ id: note.id, fecha: dayText(note.day), cancelado: note.cancelled, serie: note.serie }));
	}

	private pick(index: number): Note | undefined {
		const notes = [...this.notes.values()].filter((note) => note.present).sort((a, b) => a.id - b.id);
		return notes.length === 0 ? undefined : notes[index % notes.length];
	}

	/** Applies the change; gives the note it changed (none for a create, or when there is no note to pick). */
	private apply(change: Mutation): Note | undefined {
		if (change.kind === 'create') {
			// IDs go by 3, so a note committed late can take a free ID below the newest.
			let id = this.nextId;
			if (change.late) for (let lower = this.nextId - 2; lower >= 100 && id === this.nextId; lower--) if (!this.notes.has(lower)) id = lower;
			if (id === this.nextId) this.nextId += 3;
			this.notes.set(id, { id, day: this.today + change.day, cancelled: false, present: true, serie: change.serie, changedSince: this.followed !== Number.POSITIVE_INFINITY });
			return undefined;
		}
		const note = this.pick(change.pick);
		if (!note) return undefined;
		if (this.followed !== Number.POSITIVE_INFINITY) note.changedSince = true;
		if (change.kind === 'cancel') note.cancelled = true;
		else if (change.kind === 'redate') note.day = this.today + change.day;
		else note.present = false;
		return note;
	}
}

/** What the histories exercised, summed over a run (printed by the test, so a run that checks nothing shows). */
export const exercised = { histories: 0, polls: 0, failedPolls: 0, reports: 0, requiredReported: 0, midReadChanges: 0, secondMidReadChanges: 0, pagesListingOneTwice: 0 };

export interface Violation {
	poll: number;
	problem: string;
}

/** Runs one history against the driver; returns the first broken invariant, or undefined. */
export async function runHistory(event: EventName, history: Command[], driver: TriggerDriver): Promise<Violation | undefined> {
	const model = new TenantModel(event);
	exercised.histories++;
	const sync = () => {
		driver.list.notes = model.served();
	};
	driver.setNow(BASE_MS);
	let polls = 0;
	const poll = async (command?: Extract<Command, { kind: 'poll' }>): Promise<Violation | undefined> => {
		sync();
		model.polling = true;
		let page = 0;
		const skew = driver.list.countSkew;
		driver.list.countSkew += command?.skewOnce ?? 0;
		driver.list.beforePage = () => {
			if (command && page === command.at) {
				if (command.during) {
					model.mutate(command.during);
					sync();
				}
				if (command.fail) driver.list.failNextPage = true;
				if (command.twice) driver.list.twiceNextPage = true;
			}
			if (command?.busy && page < BUSY_PAGES) {
				model.mutate({ kind: 'create', day: 0, late: false, serie: 'A' });
				sync();
			}
			if (command?.later && page === command.at + command.later.after) {
				model.mutate(command.later.change);
				sync();
			}
			page++;
		};
		const result = await driver.poll();
		exercised.polls++;
		if (result.error) exercised.failedPolls++;
		if (command?.during && page > command.at) exercised.midReadChanges++;
		if (command?.later && page > command.at + command.later.after) exercised.secondMidReadChanges++;
		if (command?.twice && page > command.at) exercised.pagesListingOneTwice++;
		exercised.reports += result.ids.length;
		exercised.requiredReported += result.ids.filter((id) => model.required.has(id)).length;
		driver.list.beforePage = undefined;
		driver.list.failNextPage = false;
		driver.list.twiceNextPage = false;
		driver.list.countSkew = skew;
		polls++;
		if (result.error) {
			if (!command?.fail) return { poll: polls, problem: `poll failed without a failing page: ${result.error.message}` };
			return undefined;
		}
		for (const id of result.ids) {
			const times = (model.reported.get(id) ?? 0) + 1;
			model.reported.set(id, times);
			const allowed = model.allowed.get(id) ?? 0;
			if (times > allowed) return { poll: polls, problem: allowed === 0 ? `reported ${id}, which was there before (or in a day not followed)` : `reported ${id} ${times} times` };
		}
		model.polled(result.saved);
		const bytes = driver.memoryBytes();
		if (bytes > 400 + 24 * model.notes.size) return { poll: polls, problem: `memory of ${bytes} bytes for ${model.notes.size} notes` };
		return undefined;
	};

	for (const command of history) {
		let violation: Violation | undefined;
		switch (command.kind) {
			case 'poll':
				violation = await poll(command);
				break;
			case 'countSkew':
				driver.list.countSkew = command.skew;
				break;
			case 'restart':
				driver.restart();
				break;
			case 'clock':
				model.moveWindow(() => (model.clockDays += command.days));
				driver.setNow(BASE_MS + model.clockDays * DAY_MS);
				break;
			case 'timezone':
				model.moveWindow(() => (model.zone = command.zone));
				driver.setTimezone(ZONES[command.zone][0]);
				break;
			case 'lookBack':
				model.moveWindow(() => (model.lookBack = command.days));
				driver.edit({ lookBackDays: command.days });
				break;
			case 'filter':
				if (command.serie !== model.serie) {
					model.moveWindow(() => (model.serie = command.serie));
					model.startOver();
					driver.edit({ filters: command.serie ? { series: command.serie } : {} });
				}
				break;
			case 'damage':
				model.startOver();
				driver.damage(DAMAGED[command.how]);
				break;
			case 'reorder':
				driver.list.order = command.order;
				break;
			default:
				model.mutate(command);
		}
		if (violation) return violation;
	}
	// The tenant stops changing: within QUIET_POLLS polls, every new record still listed is reported.
	for (let quiet = 0; quiet < QUIET_POLLS; quiet++) {
		const violation = await poll();
		if (violation) return violation;
	}
	const lost = [...model.required].filter((id) => model.listed(model.notes.get(id) as Note) && !model.reported.has(id));
	if (lost.length > 0) return { poll: polls, problem: `never reported: ${lost.join(', ')} (still listed after ${QUIET_POLLS} quiet polls)` };
	return undefined;
}
