import { labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchInternalConsumptions = searchList({
	path: '/movimientos/consumo_interno/',
	label: (consumption) =>
		[text(consumption.folio_completo) || `Internal consumption ${text(consumption.id)}`, text(consumption.motivo), text(consumption.fecha)]
			.filter(Boolean)
			.join(' · '),
});
