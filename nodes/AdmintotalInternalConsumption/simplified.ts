import type { SimplifiedShape } from '../shared/operation/simplify';

/** What Simplify keeps of an internal consumption: what was consumed, when, for how much, and its state. */
export const SIMPLIFIED_INTERNAL_CONSUMPTION: SimplifiedShape = {
	id: true,
	folio: true,
	folio_completo: true,
	fecha: true,
	almacen: true,
	motivo: true,
	vendedor: true,
	subtotal: true,
	iva: true,
	total: true,
	status_display: true,
	cancelado: true,
};
