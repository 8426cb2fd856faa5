import { serialize } from '../drf/serializer';
import { READ_ONLY_RESOURCES, type ReadOnlyName, type ReadOnlyResource } from '../resources/index';
import { findOr404, idParam, page, type RouteContext } from './context';

/** The list and detail of every row of READ_ONLY_RESOURCES, in table order; records leave serialized by the row's schema. */
export function registerReadOnly(context: RouteContext): void {
	const { routes, store } = context;
	for (const [name, { path, schema, detail }] of Object.entries<ReadOnlyResource>(READ_ONLY_RESOURCES)) {
		// Read on each request: tests change the store's arrays between requests.
		const records = (): readonly { id: number }[] => store[name as ReadOnlyName];
		const answer = (record: { id: number }) => serialize(schema, record);

		// Paged first, so a page of 20 serializes 20 records, not the thousands `volume` may seed.
		routes.get(path, (request) => {
			const envelope = page(context, request, records());
			return { ...envelope, results: envelope.results.map(answer) };
		});
		if (detail !== false) routes.get(`${path}:id/`, (request) => answer(findOr404(records(), idParam(request))));
	}
}
