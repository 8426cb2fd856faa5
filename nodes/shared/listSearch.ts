import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { PAGE_SIZE, fetchPage } from './transport';

interface SearchableList {
	path: string;
	label: (record: IDataObject) => string;
	/** Query parameter the API filters on; without one the page is filtered here. */
	searchParam?: string;
}

/**
 * Where the API cannot search, a search reads on through the pages until it has a screenful of
 * matches: the editor asks for more only when the user scrolls, so an empty first page would read
 * as "no results" while the match sits on page 3.
 */
const SCREENFUL = 20;
const MAX_PAGES_PER_SEARCH = 10;

/** A "From list" dropdown over an API list, one page per scroll, searchable. */
export function searchList({ path, label, searchParam }: SearchableList) {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const wanted = (filter ?? '').trim().toLowerCase();
		const searchHere = wanted !== '' && !searchParam;
		let offset = Number(paginationToken ?? 0) || 0;
		const results: INodeListSearchResult['results'] = [];
		for (let pages = 1; ; pages++) {
			const qs: IDataObject = { limit: PAGE_SIZE, offset };
			if (filter && searchParam) qs[searchParam] = filter;
			const page = await fetchPage(this, path, qs);
			const options = page.results.map((record) => ({ name: label(record), value: String(record.id) }));
			results.push(...(searchHere ? options.filter((option) => option.name.toLowerCase().includes(wanted)) : options));
			offset += page.results.length;
			const more = page.next !== null && page.results.length > 0;
			if (!more) return { results };
			if (!searchHere || results.length >= SCREENFUL || pages >= MAX_PAGES_PER_SEARCH) return { results, paginationToken: String(offset) };
		}
	};
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

export const searchBankAccounts = searchList({
	path: '/cuentas_bancarias/',
	label: (account) => [text(account.descripcion) || `Account ${text(account.id)}`, text(account.banco), text(account.moneda)].filter(Boolean).join(' · '),
});

export const searchLedgerAccounts = searchList({
	path: '/cuentas/',
	label: (account) => [text(account.numero_cuenta), text(account.descripcion)].filter(Boolean).join(' '),
});

export const searchProducts = searchList({
	path: '/productos/',
	searchParam: 'q',
	label: (product) => [text(product.codigo), text(product.descripcion)].filter(Boolean).join(' · '),
});

const clientName = (record: IDataObject) => {
	const client = record.cliente;
	return client && typeof client === 'object' && !Array.isArray(client) ? text((client as IDataObject).razon_social) : '';
};

export const searchCreditNotes = searchList({
	path: '/movimientos/notas_credito/',
	label: (note) => [text(note.folio_completo) || `Credit note ${text(note.id)}`, clientName(note), text(note.fecha)].filter(Boolean).join(' · '),
});

export const searchInternalConsumptions = searchList({
	path: '/movimientos/consumo_interno/',
	label: (consumption) =>
		[text(consumption.folio_completo) || `Internal consumption ${text(consumption.id)}`, text(consumption.motivo), text(consumption.fecha)]
			.filter(Boolean)
			.join(' · '),
});

export const searchWorkOrders = searchList({
	path: '/ordenes_servicio/',
	label: (order) => [text(order.clave) || `Work order ${text(order.id)}`, clientName(order), text(order.status_display)].filter(Boolean).join(' · '),
});

export const searchProspects = searchList({
	path: '/prospectos/',
	label: (prospect) =>
		[text(prospect.codigo), text(prospect.nombre_comercial) || text(prospect.empresa), text(prospect.nombre)]
			.filter(Boolean)
			.join(' · ') || `Prospect ${text(prospect.id)}`,
});
