/*
 * A tenant's sales notes served as Admintotal serves them (a DRF list in ID order, filtered by `desde`,
 * `cancelado` and `serie`, paged by `limit`/`offset`), by the hostile tenant, so a test can change
 * them between polls and while a poll reads: `beforePage` runs before each page is answered. The
 * list's `count` can be off (`countSkew`, for good or for one page), and a page can fail.
 */
import type { HostileHit, HostileTenant } from '../../harness/hostileTenant';
import { json } from '../../harness/hostileTenant';

export interface ServedNote {
	id: number;
	/** YYYY-MM-DD, what `desde` compares with. */
	fecha: string;
	cancelado: boolean;
	serie: string;
}

export interface NoteList {
	/** The tenant's notes, any order (served in ID order). */
	notes: ServedNote[];
	/** Added to every page's true `count` (a count that lies for good). */
	countSkew: number;
	/** Runs before a page is answered, with the page's offset: the tenant changing while a poll reads. */
	beforePage?: (offset: number, hit: HostileHit) => void;
	/** The next page answered is an HTML page (a proxy's error page), once. */
	failNextPage: boolean;
	/** Pages answered so far. */
	pages: number;
}

export function serveNotes(tenant: HostileTenant, notes: ServedNote[] = []): NoteList {
	const list: NoteList = { notes, countSkew: 0, failNextPage: false, pages: 0 };
	tenant.answer = (hit, response) => {
		const { pathname, searchParams } = new URL(hit.url, tenant.url);
		const limit = Number(searchParams.get('limit') ?? 100);
		const offset = Number(searchParams.get('offset') ?? 0);
		list.beforePage?.(offset, hit);
		list.pages++;
		if (list.failNextPage) {
			list.failNextPage = false;
			response.writeHead(200, { 'content-type': 'text/html' });
			response.end('<html>maintenance</html>');
			return;
		}
		const desde = searchParams.get('desde') ?? '';
		const cancelado = searchParams.get('cancelado');
		const serie = searchParams.get('serie');
		const listed = list.notes
			.filter((note) => note.fecha >= desde && (cancelado === null || note.cancelado === (cancelado === '1')) && (serie === null || note.serie === serie))
			.sort((a, b) => a.id - b.id);
		const next = new URL(hit.url, tenant.url);
		next.searchParams.set('offset', String(offset + limit));
		json(response, 200, {
			count: Math.max(0, listed.length + list.countSkew),
			next: offset + limit < listed.length ? `${tenant.url}${pathname}${next.search}` : null,
			previous: null,
			results: listed.slice(offset, offset + limit).map((note) => ({ ...note, folio_completo: `${note.serie}-${note.id}` })),
		});
	};
	return list;
}
