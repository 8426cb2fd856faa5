import { clientName, labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchCreditNotes = searchList({
	path: '/movimientos/notas_credito/',
	label: (note) => [text(note.folio_completo) || `Credit note ${text(note.id)}`, clientName(note), text(note.fecha)].filter(Boolean).join(' · '),
});
