import { ValidationErrors, validateBody } from '../drf/errors';
import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS, keysOf } from '../schemas/catalogs';
import type { ImagenOrdenServicio } from '../schemas/ordenesServicio';
import { adjuntarImagenInputSchema, ordenServicioUpdateSchema } from '../schemas/requests';
import { readBody } from '../server/bodyParsing';
import { toDayMonthYear } from '../util/time';
import { findOr404, idParam, page, queryOf, type RouteContext } from './context';

/** Work orders: list by status, detail, update of the visit, image attachment (no trailing slash). */
export function registerOrdenesServicio(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/ordenes_servicio/', (request) => {
		const query = queryOf(request);
		const status = query.choice('status', keysOf(ORDEN_SERVICIO_STATUS));
		query.throwIfInvalid();
		return page(context, request, store.ordenesServicio.filter((o) => status === undefined || o.status === status));
	});

	routes.get('/ordenes_servicio/:id/', (request) => findOr404(store.ordenesServicio, idParam(request)));

	routes.update('/ordenes_servicio/:id/', (request) => {
		const orden = findOr404(store.ordenesServicio, idParam(request));
		const body = validateBody(ordenServicioUpdateSchema, readBody(request));
		const inicio = body.fecha_inicio ?? fromDayMonthYear(orden.fecha_inicio);
		const fin = body.fecha_fin === null ? undefined : (body.fecha_fin ?? fromDayMonthYear(orden.fecha_fin));
		if (inicio && fin && fin < inicio) {
			new ValidationErrors(body).add([], 'La fecha de fin no puede ser anterior a la fecha de inicio.').throwIfAny();
		}
		if (body.status !== undefined) {
			orden.status = body.status;
			orden.status_display = ORDEN_SERVICIO_STATUS[body.status as keyof typeof ORDEN_SERVICIO_STATUS];
		}
		if (body.prioridad !== undefined) {
			orden.prioridad = body.prioridad;
			orden.prioridad_display = ORDEN_SERVICIO_PRIORIDAD[body.prioridad as keyof typeof ORDEN_SERVICIO_PRIORIDAD];
		}
		if (body.descripcion !== undefined) orden.descripcion = body.descripcion;
		if (body.fecha_inicio !== undefined) orden.fecha_inicio = toDayMonthYear(body.fecha_inicio);
		if (body.fecha_fin !== undefined) orden.fecha_fin = body.fecha_fin === null ? '' : toDayMonthYear(body.fecha_fin);
		return orden;
	});

	routes.post('/ordenes_servicio/:id/adjuntar_imagen', (request, reply) => {
		const orden = findOr404(store.ordenesServicio, idParam(request));
		const body = validateBody(adjuntarImagenInputSchema, readBody(request));
		const id = store.nextSequence('imagenOrdenServicio');
		const imagen: ImagenOrdenServicio = {
			id,
			titulo: body.titulo,
			url: `https://storage.googleapis.com/admintotal-media/sandbox/ordenes_servicio/${orden.id}/${id}.${body.imagen.extension}`,
		};
		store.imagenesOrdenesServicio.set(orden.id, [...(store.imagenesOrdenesServicio.get(orden.id) ?? []), imagen]);
		void reply.code(201);
		return imagen;
	});
}

/** "DD/MM/YYYY" (how work orders show dates) to "YYYY-MM-DD"; '' stays undefined. */
function fromDayMonthYear(text: string): string | undefined {
	const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
	return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}
