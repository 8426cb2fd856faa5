import { ValidationErrors, validateBody } from '../drf/errors';
import { M } from '../drf/messages';
import { PROSPECTO_STATUS } from '../schemas/catalogs';
import type { ProspectoCreado } from '../schemas/prospectos';
import { prospectoInputSchema } from '../schemas/requests';
import { readBody } from '../server/bodyParsing';
import { findOr404, idParam, page, type RouteContext } from './context';
import { nuevaDireccion } from './movimientos/referencias';

/** Prospects: list, detail, create (codigo unique, generated when omitted). */
export function registerProspectos(context: RouteContext): void {
	const { routes, store } = context;

	routes.get('/prospectos/', (request) => page(context, request, store.prospectos));
	routes.get('/prospectos/:id/', (request) => findOr404(store.prospectos, idParam(request)));

	routes.post('/prospectos/', (request, reply) => {
		const body = validateBody(prospectoInputSchema, readBody(request));
		const errors = new ValidationErrors(body);
		if (body.codigo !== undefined && store.prospectos.some((p) => p.codigo === body.codigo)) {
			errors.add(['codigo'], M.unique('prospecto', 'codigo'));
		}
		errors.throwIfAny();
		const id = store.nextId(store.prospectos);
		const status = (body.status ?? 1) as keyof typeof PROSPECTO_STATUS;
		const direccion = body.direccion ? nuevaDireccion(store, body.direccion) : null;
		const prospecto = {
			id,
			codigo: body.codigo ?? `PRO-${String(id).padStart(4, '0')}`,
			empresa: body.empresa ?? '',
			nombre: body.nombre,
			recomendo: body.recomendo ?? '',
			comentarios: body.comentarios ?? '',
			nombre_comercial: body.nombre_comercial ?? null,
			sucursal: body.sucursal ?? null,
			rfc: body.rfc ?? null,
			status,
			stats_display: PROSPECTO_STATUS[status],
			cotizaciones: [],
		};
		store.prospectos.push(prospecto);
		if (direccion) store.direccionesProspectos.set(id, direccion);
		void reply.code(201);
		return { ...prospecto, direccion } satisfies ProspectoCreado;
	});
}
