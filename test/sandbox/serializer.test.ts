import { z } from 'zod';
import { serialize } from './drf/serializer';

/** A route answers `serialize(schema, record)`: the schema's fields at any depth, in its order, and nothing else. */
describe('serialize', () => {
	const schema = z.strictObject({
		id: z.number(),
		nombre: z.string(),
		perfil: z.strictObject({ zona: z.string() }).nullable(),
		roles: z.array(z.strictObject({ id: z.number() })),
		contacto: z.object({ email: z.string() }).passthrough().optional(),
	});

	it('leaves out what the record holds beside its fields, in nested objects and arrays too', () => {
		const record = { serie: 'A', nombre: 'Matriz', id: 1, perfil: { zona: 'Centro', clave: 'x' }, roles: [{ id: 2, interno: true }], ajustePrecio: 3 };
		const answer = serialize(schema, record);
		expect(answer).toEqual({ id: 1, nombre: 'Matriz', perfil: { zona: 'Centro' }, roles: [{ id: 2 }] });
		expect(Object.keys(answer)).toEqual(['id', 'nombre', 'perfil', 'roles']);
	});

	it('keeps null, and every field of an object the schema passes through', () => {
		const record = { id: 1, nombre: 'Matriz', perfil: null, roles: [], contacto: { email: 'a@b.mx', telefono: '33' } };
		expect(serialize(schema, record)).toEqual(record);
	});
});
