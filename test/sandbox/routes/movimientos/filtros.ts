import type { QueryParams } from '../../drf/queryParams';
import { serieDe } from '../../store/documentos';

/** The filters sales notes and orders share; `cancelado` 0 keeps the active, 1 the cancelled, absent both. */

interface Documento {
	fecha: string;
	folio: number;
	folio_completo: string;
	cliente: { id: number; razon_social: string };
}

export function filtrarDocumentos<T extends Documento>(items: readonly T[], query: QueryParams, cancelado: (d: T) => boolean): T[] {
	const cliente = query.integer('cliente');
	const razonSocial = query.string('cliente_razon_social')?.toLowerCase();
	const fecha = query.date('fecha');
	const desde = query.date('desde');
	const hasta = query.date('hasta');
	const folio = query.number('folio');
	const serie = query.string('serie');
	const soloCancelados = query.boolean('cancelado');
	query.throwIfInvalid();
	return items.filter(
		(d) =>
			(cliente === undefined || d.cliente.id === cliente) &&
			(razonSocial === undefined || d.cliente.razon_social.toLowerCase().includes(razonSocial)) &&
			(fecha === undefined || d.fecha === fecha) &&
			(desde === undefined || d.fecha >= desde) &&
			(hasta === undefined || d.fecha <= hasta) &&
			(folio === undefined || d.folio === folio) &&
			(serie === undefined || serieDe(d.folio_completo) === serie) &&
			(soloCancelados === undefined || cancelado(d) === soloCancelados),
	);
}
