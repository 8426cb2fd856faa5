import { labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchProspects = searchList({
	path: '/prospectos/',
	label: (prospect) =>
		[text(prospect.codigo), text(prospect.nombre_comercial) || text(prospect.empresa), text(prospect.nombre)]
			.filter(Boolean)
			.join(' · ') || `Prospect ${text(prospect.id)}`,
});
