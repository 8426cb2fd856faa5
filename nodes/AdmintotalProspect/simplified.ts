import type { SimplifiedShape } from '../shared/operation/simplify';

/** What Simplify keeps of a prospect: who it is and how far along. `stats_display` is the API's spelling. */
export const SIMPLIFIED_PROSPECT: SimplifiedShape = {
	id: true,
	codigo: true,
	nombre: true,
	empresa: true,
	nombre_comercial: true,
	rfc: true,
	sucursal: true,
	status: true,
	stats_display: true,
};
