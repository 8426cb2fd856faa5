/*
 * A tenant's sales notes served as Admintotal serves them (a DRF list in the tenant's order, filtered by `desde`,
 * `cancelado` and `serie`, paged by `limit`/`offset`), so a test can change them between polls and
 * while a poll reads: `beforePage` runs before each page is answered. The list's `count` can be off
 * (`countSkew`), and a page can fail. `serveNotes` serves it over HTTP from the hostile tenant;
 * `answerPage` is the same answer in-process (the model-based test's fast runs).
 */
import type { HostileTenant } from '../../harness/hostileTenant';
import { json } from '../../harness/hostileTenant';

export interface ServedNote {
	id: number;
	/** YYYY-MM-DD, what `desde` compares with. */
	fecha: string;
	cancelado: boolean;
	serie: string;
}

/**
 * The orders a tenant may list in: by ID either way, by date either way with the ID breaking ties
 * (as the sandbox's switch), and `unnamed`: stable while read, but neither (a hash of the ID).
 */
export const SERVED_ORDERS = ['id', '-id', 'fecha', '-fecha', 'unnamed'] as const;
export type ServedOrder = (typeof SERVED_ORDERS)[number];

const scrambled = (id: number) => (id * 7919) % 10_007;
/** How two notes compare in each order (Array.prototype.sort's comparator). */
export const ORDER_KEYS: Record<ServedOrder, (a: ServedNote, b: ServedNote) => number> = {
	id: (a, b) => a.id - b.id,
	'-id': (a, b) => b.id - a.id,
	fecha: (a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id,
	'-fecha': (a, b) => b.fecha.localeCompare(a.fecha) || b.id - a.id,
	unnamed: (a, b) => scrambled(a.id) - scrambled(b.id) || a.id - b.id,
};

export interface NoteList {
	/** The tenant's notes, any order (served in `order`). */
	notes: ServedNote[];
	/** The order the list comes in; default by ID. */
	order: ServedOrder;
	/** Added to every page's true `count` (a count that lies). */
	countSkew: number;
	/** Runs before a page is answered, with the page's offset: the tenant changing while a poll reads. */
	beforePage?: (offset: number) => void;
	/** The next page answered is an HTML page (a proxy's error page), once. */
	failNextPage: boolean;
	/** The next page answered lists its first record twice, in place of its second (a page that contradicts itself), once. */
	twiceNextPage: boolean;
	/** Pages answered so far. */
	pages: number;
	/** The server's largest page (DRF's max_limit): asking more gets this many. */
	pageMax: number;
}

export function noteList(notes: ServedNote[] = []): NoteList {
	return { notes, order: 'id', countSkew: 0, failNextPage: false, twiceNextPage: false, pages: 0, pageMax: 100 };
}

/** The answer to one GET of the list at `url` (absolute); `origin` makes the `next` link. */
export function answerPage(list: NoteList, url: URL): { status: number; html?: string; body?: unknown } {
	const { searchParams } = url;
	const limit = Math.min(list.pageMax, Number(searchParams.get('limit') ?? 100));
	const offset = Number(searchParams.get('offset') ?? 0);
	list.beforePage?.(offset);
	list.pages++;
	if (list.failNextPage) {
		list.failNextPage = false;
		return { status: 200, html: '<html>maintenance</html>' };
	}
	const desde = searchParams.get('desde') ?? '';
	const cancelado = searchParams.get('cancelado');
	const serie = searchParams.get('serie');
	const listed = list.notes
		.filter((note) => note.fecha >= desde && (cancelado === null || note.cancelado === (cancelado === '1')) && (serie === null || note.serie === serie))
		.sort(ORDER_KEYS[list.order]);
	const next = new URL(url);
	next.searchParams.set('offset', String(offset + limit));
	const results = listed.slice(offset, offset + limit).map((note) => ({ ...note, folio_completo: `${note.serie}-${note.id}` }));
	if (list.twiceNextPage && results.length > 1) results[1] = results[0];
	list.twiceNextPage = false;
	return {
		status: 200,
		body: {
			count: Math.max(0, listed.length + list.countSkew),
			next: offset + limit < listed.length ? next.toString() : null,
			previous: null,
			results,
		},
	};
}

export function serveNotes(tenant: HostileTenant, notes: ServedNote[] = []): NoteList {
	const list = noteList(notes);
	tenant.answer = (hit, response) => {
		const answer = answerPage(list, new URL(hit.url, tenant.url));
		if (answer.html !== undefined) {
			response.writeHead(answer.status, { 'content-type': 'text/html' });
			response.end(answer.html);
		} else json(response, answer.status, answer.body);
	};
	return list;
}
