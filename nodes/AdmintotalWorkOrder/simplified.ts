import type { IDataObject } from 'n8n-workflow';

import { catalogLabel } from '../shared/catalog';
import { WORK_ORDER_PRIORITY, WORK_ORDER_STATUS } from './catalogs';
import type { SimplifiedShape } from '../shared/operation/simplify';

/** The API's own label when it sends one, else the catalog's, so codes always come with a label. */
const labelOf = (field: string, catalog: typeof WORK_ORDER_STATUS) => (order: IDataObject) =>
	order[`${field}_display`] ?? catalogLabel(catalog, order[field]) ?? null;

/** What Simplify keeps of a work order: what, for whom, where, by whom, when and in which state. */
export const SIMPLIFIED_WORK_ORDER: SimplifiedShape = {
	id: true,
	clave: true,
	status: true,
	status_display: labelOf('status', WORK_ORDER_STATUS),
	prioridad: true,
	prioridad_display: labelOf('prioridad', WORK_ORDER_PRIORITY),
	tipo_servicio: true,
	descripcion: true,
	fecha_inicio: true,
	fecha_fin: true,
	empleado: true,
	cliente: ['id', 'razon_social', 'rfc'],
	sucursal: ['id', 'nombre'],
};
