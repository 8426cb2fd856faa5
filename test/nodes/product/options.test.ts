import { DEMO } from '../../sandbox';
import { existencia, precioVenta } from '../../sandbox/store/precios';
import { fromList, idsOf, sandboxPerFile } from '../fixture';

const PAGE_MAX = 50;
const SIMPLIFIED = ['id', 'codigo', 'descripcion', 'precio', 'precio_neto', 'existencia', 'moneda', 'linea', 'sublinea', 'medio_distribucion', 'imagen_url'];

describe('Admintotal Product: filters and options of Get and Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const products = () => fixture.sandbox.store.productos;
	const getMany = (extra: Record<string, unknown>) =>
		fixture.run('admintotalProduct', { resource: 'product', operation: 'getAll', returnAll: true, ...extra });
	const sentQueries = () => fixture.requestsTo('/productos/').map((request) => request.query);

	it('sends all 14 query parameters of the spec, lists comma-separated, and the API applies them', async () => {
		const product = DEMO.producto;
		const run = await getMany({
			simplify: false,
			filters: {
				code: product.codigo,
				codes: `${product.codigo}, ${DEMO.productoParte.codigo},, ${product.codigo}`,
				descriptionContains: 'martillo',
				distributionMedium: products()[0].medio_distribucion,
				lineId: product.linea,
				maxPrice: 1000,
				minPrice: 1.5,
				originCode: product.codigoOrigen,
				subSublineId: product.subsublinea,
				sublineId: product.sublinea,
			},
			options: {
				excludeFields: 'composiciones,\nunidades',
				priceClassificationId: DEMO.clasificacionPrecios.id,
				stockWarehouseIds: '1, 3',
				warehouseId: 2,
			},
		});

		expect(run.error).toBeUndefined();
		expect(sentQueries()).toEqual([
			{
				codigo: product.codigo,
				codigos: `${product.codigo},${DEMO.productoParte.codigo}`,
				q: 'martillo',
				medio_distribucion: String(products()[0].medio_distribucion),
				linea: String(product.linea),
				precio_max: '1000',
				precio_min: '1.5',
				codigo_origen: product.codigoOrigen,
				subsublinea: String(product.subsublinea),
				sublinea: String(product.sublinea),
				excluir: 'composiciones,unidades',
				clasificacion_precios: String(DEMO.clasificacionPrecios.id),
				almacenes_existencias: '1,3',
				almacen: '2',
				limit: '100',
			},
		]);
		expect(idsOf(run.json)).toEqual([product.id]);
		expect(run.json[0].existencia).toBe(product.disponible[1] + product.disponible[3]);
		expect(run.json[0]).not.toHaveProperty('composiciones');
		expect(run.json[0]).not.toHaveProperty('unidades');
	});

	it('Description Contains sends q and returns the products whose description contains it', async () => {
		const run = await getMany({ filters: { descriptionContains: 'Martillo' } });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ q: 'Martillo', limit: '100' });
		const expected = idsOf(products().filter((p) => p.descripcion.toLowerCase().includes('martillo')));
		expect(expected.length).toBeGreaterThan(1);
		expect(idsOf(run.json)).toEqual(expected);
	});

	it('Codes also takes an array from an expression and returns exactly those products', async () => {
		const run = await getMany({ filters: { codes: `={{ ['${DEMO.productoParte.codigo}', '${DEMO.producto.codigo}'] }}` } });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ codigos: `${DEMO.productoParte.codigo},${DEMO.producto.codigo}`, limit: '100' });
		expect(idsOf(run.json)).toEqual([DEMO.producto.id, DEMO.productoParte.id]);
	});

	it.each([1, 2, 3])('Distribution Medium %s sends medio_distribucion and returns only products sold that way', async (medium) => {
		const run = await getMany({ filters: { distributionMedium: medium } });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ medio_distribucion: String(medium), limit: '100' });
		const expected = idsOf(products().filter((p) => p.medio_distribucion === medium));
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json)).toEqual(expected);
	});

	it('Min Price and Max Price keep the products priced in the range at the chosen warehouse', async () => {
		const run = await getMany({ filters: { minPrice: 100, maxPrice: 250.75 }, options: { warehouseId: 3 } });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({ precio_min: '100', precio_max: '250.75', almacen: '3', limit: '100' });
		const expected = idsOf(
			products().filter((p) => {
				const price = precioVenta(p, { almacen: 3 });
				return price >= 100 && price <= 250.75;
			}),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json)).toEqual(expected);
	});

	it('Line, Subline and Sub-Subline IDs send linea, sublinea and subsublinea', async () => {
		const run = await getMany({ filters: { lineId: DEMO.producto.linea, sublineId: DEMO.producto.sublinea, subSublineId: DEMO.producto.subsublinea } });

		expect(run.error).toBeUndefined();
		expect(sentQueries()[0]).toEqual({
			linea: String(DEMO.producto.linea),
			sublinea: String(DEMO.producto.sublinea),
			subsublinea: String(DEMO.producto.subsublinea),
			limit: '100',
		});
		expect(idsOf(run.json)).toEqual(idsOf(products().filter((p) => p.subsublinea === DEMO.producto.subsublinea)));
	});

	it('Simplify (on by default) keeps what a shop needs, stock included when a warehouse is given', async () => {
		const run = await fixture.run('admintotalProduct', { resource: 'product', operation: 'getAll', limit: 2, options: { warehouseId: 1 } });

		expect(run.error).toBeUndefined();
		expect(Object.keys(run.json[0])).toEqual(SIMPLIFIED);
		const [product] = products();
		expect(run.json[0]).toMatchObject({ id: product.id, codigo: product.codigo, existencia: existencia(product, [1]), precio: precioVenta(product, { almacen: 1 }) });
	});

	it('a stock warehouse that is not a whole number is refused before any request, naming the field', async () => {
		const run = await getMany({ options: { stockWarehouseIds: '1, Zapopan' } });

		expect(run.error?.message).toBe(`'Stock Warehouse IDs' must be a whole number greater than 0, got "Zapopan" [item 0]`);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	it("Get with the Warehouse ID option sends almacen and gives that warehouse's price and stock", async () => {
		const run = await fixture.run('admintotalProduct', { resource: 'product', operation: 'get', productId: fromList(DEMO.producto.id), options: { warehouseId: 2 } });

		expect(run.error).toBeUndefined();
		expect(fixture.requestsTo(`/productos/${DEMO.producto.id}/`).map((request) => request.query)).toEqual([{ almacen: '2' }]);
		expect(run.json[0]).toMatchObject({ id: DEMO.producto.id, codigo: DEMO.producto.codigo, existencia: DEMO.producto.disponible[2] });
		expect(run.json[0].precio as number).toBeGreaterThan(DEMO.producto.precio);
	});

	it('From List searches descriptions on the API with q and shows code and description', async () => {
		const result = await fixture.search('admintotalProduct', 'searchProducts', 'martillo');

		expect(sentQueries()).toEqual([{ q: 'martillo', limit: '100', offset: '0' }]);
		const expected = products().filter((p) => p.descripcion.toLowerCase().includes('martillo'));
		expect(result.results.map((option) => option.value)).toEqual(expected.slice(0, PAGE_MAX).map((p) => String(p.id)));
		expect(result.results[0].name).toBe(`${DEMO.producto.codigo} · ${DEMO.producto.descripcion}`);
	});
});
