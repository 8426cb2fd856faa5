import { clientName, labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchWorkOrders = searchList({
	path: '/ordenes_servicio/',
	label: (order) => [text(order.clave) || `Work order ${text(order.id)}`, clientName(order), text(order.status_display)].filter(Boolean).join(' · '),
});
