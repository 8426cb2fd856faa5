import { sandboxPerFile } from '../fixture';
import { prospectoCreadoSchema } from '../../sandbox/schemas/prospectos';

describe('Admintotal Prospect: Create', () => {
	const fixture = sandboxPerFile();
	const posts = () => fixture.requestsTo('/prospectos/').filter((request) => request.method === 'POST');
	const create = (parameters: Record<string, unknown>) => fixture.run('admintotalProspect', { resource: 'prospect', operation: 'create', name: 'Laura Méndez', ...parameters });

	it('sends every field with the API names and the address object', async () => {
		const run = await create({
			address: { street: 'Av. Vallarta', exteriorNumber: '3000', postalCode: '44690', state: 'Jalisco' },
			additionalFields: { code: 'PRO-0900', company: 'Ferretería Méndez', tradeName: 'La Llave', branch: 'Centro', rfc: 'mesl800101ab9', referrer: 'Juan Pérez', status: 2 },
		});
		expect(run.error).toBeUndefined();
		expect(posts()[0].body).toEqual({
			nombre: 'Laura Méndez',
			codigo: 'PRO-0900',
			empresa: 'Ferretería Méndez',
			nombre_comercial: 'La Llave',
			sucursal: 'Centro',
			rfc: 'MESL800101AB9',
			recomendo: 'Juan Pérez',
			status: 2,
			direccion: { calle: 'Av. Vallarta', numero_e: '3000', cp: '44690', estado: 'Jalisco' },
		});
		expect(prospectoCreadoSchema.parse(run.json[0])).toBeTruthy();
		const listed = await fixture.run('admintotalProspect', { resource: 'prospect', operation: 'getAll', returnAll: true });
		expect(listed.json.map((prospect) => prospect.id)).toContain(run.json[0].id);
	});

	it('sends only the name when nothing else is given', async () => {
		await create({});
		expect(posts()[0].body).toEqual({ nombre: 'Laura Méndez' });
	});

	it('validates the optional RFC when given, before sending', async () => {
		const run = await create({ additionalFields: { rfc: 'MESL801301AB9' } });
		expect(run.error?.message).toBe("'RFC' is not a valid RFC [item 0]");
		expect(run.error?.description).toContain('"MESL801301AB9" has an impossible date (801301)');
		expect(posts()).toHaveLength(0);
	});
});
