/*
 * What happens at a tenant between two polls (notes and orders created with any date or an older ID, notes
 * cancelled, 69-B entries added or changed), for tests and the end-to-end suites to call on `sandbox.store`.
 */
import type { ListaNegra } from '../schemas/listaNegra';
import type { NotaVenta, Pedido } from '../schemas/movimientos';
import { FOLIO_INICIAL, TENANT_ORIGIN } from '../seed/documentos';
import { NOTA_VENTA_STATUS } from '../schemas/catalogs';
import { isoTimestamp } from '../util/time';
import { xmlNotaVenta } from './cfdi';
import { SIN_CANCELACION, folioCompleto, serieDe, siguienteFolio } from './documentos';
import type { Store } from './store';

export interface NuevoDocumento {
	/** YYYY-MM-DD; the list's `desde` compares with it. */
	fecha: string;
	/** An ID of one's choosing (e.g. below the newest, as a transaction committed late); default the next. */
	id?: number;
	/** Series of the folio; default the template's. */
	serie?: string;
	/** The client of another record of the store; default the template's. */
	clienteId?: number;
	/** Sales notes: invoiced (Facturada) with their own stamped CFDI, or not (Pagada, no XML); default as the template. */
	timbrada?: boolean;
}

/** A new sales note, a copy of the first one with its own ID, folio, date and PDF link, kept in ID order like the API's list. */
export function crearNotaVenta(store: Store, nueva: NuevoDocumento): NotaVenta {
	const nota = nuevoDocumento(store, store.notasVenta, nueva, 'pdf_nota_venta') as NotaVenta;
	Object.assign(nota, SIN_CANCELACION);
	// The copy gets its own CFDI (its folio and UUID), never the template's.
	const timbrada = nueva.timbrada ?? nota.xml_timbrado !== '';
	Object.assign(nota, timbrada ? { status: 3, status_display: NOTA_VENTA_STATUS[3] } : nota.status === 3 ? { status: 2, status_display: NOTA_VENTA_STATUS[2] } : {});
	nota.xml_timbrado = timbrada ? xmlNotaVenta(store, nota) : '';
	insertarEnOrden(store.notasVenta, nota);
	return nota;
}

export function crearPedido(store: Store, nuevo: NuevoDocumento): Pedido {
	const pedido = nuevoDocumento(store, store.pedidos, nuevo, 'pdf_pedido') as Pedido;
	insertarEnOrden(store.pedidos, pedido);
	return pedido;
}

export function cancelarNotaVenta(store: Store, id: number, motivo = 'Cliente canceló la compra'): NotaVenta {
	const nota = store.notasVenta.find((n) => n.id === id);
	if (!nota) throw new Error(`no sales note ${id}`);
	Object.assign(nota, { cancelado: true, motivo_cancelacion: motivo, fecha_cancelacion: isoTimestamp(Date.now()) });
	return nota;
}

/** Sets an RFC's type on SAT's 69-B list, adding the entry when it is not there. */
export function cambiarListaNegra(store: Store, rfc: string, tipo: ListaNegra['tipo'], nombre = 'CONTRIBUYENTE DE PRUEBA, S.A. DE C.V.'): ListaNegra {
	const entrada = store.listaNegra.find((e) => e.rfc === rfc);
	if (entrada) {
		entrada.tipo = tipo;
		return entrada;
	}
	const nueva: ListaNegra = { rfc, nombre, tipo };
	store.listaNegra.push(nueva);
	return nueva;
}

function nuevoDocumento(store: Store, documentos: readonly (NotaVenta | Pedido)[], nuevo: NuevoDocumento, pdf: string): NotaVenta | Pedido {
	const plantilla = documentos[0];
	if (!plantilla) throw new Error('the store has no document to copy');
	const id = nuevo.id ?? store.nextId(documentos);
	if (documentos.some((d) => d.id === id)) throw new Error(`ID ${id} is taken`);
	const serie = nuevo.serie ?? serieDe(plantilla.folio_completo);
	const folio = siguienteFolio(documentos, serie, FOLIO_INICIAL[serie] ?? 1);
	const cliente = nuevo.clienteId === undefined ? plantilla.cliente : documentos.find((d) => d.cliente.id === nuevo.clienteId)?.cliente;
	if (!cliente) throw new Error(`no document of client ${String(nuevo.clienteId)} to copy the client from`);
	return {
		...structuredClone(plantilla),
		id,
		fecha: nuevo.fecha,
		folio,
		folio_completo: folioCompleto(serie, folio),
		creado: isoTimestamp(Date.now()),
		cliente: structuredClone(cliente),
		...('url_pdf' in plantilla ? { url_pdf: `${TENANT_ORIGIN}/admin/${pdf}/${id}/` } : {}),
	} as NotaVenta | Pedido;
}

function insertarEnOrden<T extends { id: number }>(records: T[], record: T) {
	const at = records.findIndex((r) => r.id > record.id);
	records.splice(at < 0 ? records.length : at, 0, record);
}
