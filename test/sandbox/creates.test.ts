import {
	DEMO,
	anticipoClienteSchema,
	consumoInternoSchema,
	imagenOrdenServicioSchema,
	notaVentaSchema,
	ordenServicioSchema,
	pedidoSchema,
	prospectoCreadoSchema,
	prospectoSchema,
	startSandbox,
	type Sandbox,
} from './index';
import { PNG_1X1, call } from './testing';

/** Create and update endpoints: stored, visible afterwards, and DRF's 400 shapes for bad bodies. */
describe('sandbox creates and updates', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pageSize: { default: 200, max: 200 } });
	});
	afterAll(() => sandbox.close());

	describe('POST movimientos/notas_venta/', () => {
		it('creates a priced sales note, answers 201 with it, and lists it', async () => {
			const answer = await call(sandbox, 'movimientos/notas_venta/', {
				body: {
					cliente_rfc: DEMO.cliente.rfc.toLowerCase(),
					almacen: 2,
					fecha: '2026-06-15T10:30:00-06:00',
					detalles: [
						{ producto: DEMO.producto.id, cantidad: '2', precio_unitario: '100.50' },
						{ producto_codigo: DEMO.productoParte.codigo, cantidad: 1 },
						{ producto_codigo_proveedor: DEMO.producto.codigoProveedor, cantidad: '1', precio_unitario: 10 },
					],
					monto_efectivo: 500,
					direccion_entgrega: { calle: 'Av. Patria', numero_e: '88', cp: '45110', municipio: 'Zapopan', latitud: '20.7' },
					id_externo: 'SHOP-1001',
					clave_autofacturacion: 'ABC123',
					campos_personalizados: [{ key: 'orden_compra', valor: 'OC-77' }],
				},
			});
			expect(answer.status).toBe(201);
			const nota = notaVentaSchema.parse(answer.json);
			expect(nota.cliente.id).toBe(DEMO.cliente.id);
			expect(nota.fecha).toBe('2026-06-15');
			expect(nota.almacen).toBe(2);
			expect(nota.folio_completo).toBe(`B-${nota.folio}`);
			expect(nota.detalles[0]).toMatchObject({ producto: 1, cantidad: '2.0000', precio_unitario: '100.5000', importe: '201.000000', iva: '32.160000' });
			const parte = sandbox.store.producto(DEMO.productoParte.codigo)!;
			const precioParte = parte.info_almacenes.find((i) => i.almacen.id === 2)?.precio_unitario ?? parte.precio;
			expect(Number(nota.detalles[1].precio_unitario)).toBeCloseTo(precioParte, 4);
			const cents = (s: string) => Math.round(Number(s) * 100);
			expect(cents(nota.total)).toBe(cents(nota.subtotal) + cents(nota.iva));
			expect(nota.direccion_entrega).toMatchObject({ calle: 'Av. Patria', latitud: '20.70000000', longitud: null });
			expect(nota.monto_efectivo).toBe('500.00');
			expect(sandbox.store.notasVentaExtras.get(nota.id)).toMatchObject({ id_externo: 'SHOP-1001', clave_facturacion: 'ABC123' });

			const listed = (await call(sandbox, `movimientos/notas_venta/?folio=${nota.folio}&serie=B`)).json;
			expect(listed.results).toEqual([nota]);
			expect(sandbox.store.notasVenta.at(-1)).toEqual(nota);
		});

		it('answers nested DRF errors per line, and non_field_errors for the client', async () => {
			const lines = await call(sandbox, 'movimientos/notas_venta/', {
				body: { cliente: DEMO.cliente.id, detalles: [{ producto: 1, cantidad: '1' }, { producto: 1, cantidad: '0' }, { cantidad: 'x' }] },
			});
			expect(lines.status).toBe(400);
			expect(lines.json).toEqual({
				detalles: [{}, { cantidad: ['Asegúrese de que este valor es mayor que 0.'] }, { cantidad: ['Se requiere un número válido.'] }],
			});
			const unknown = await call(sandbox, 'movimientos/notas_venta/', {
				body: { cliente: DEMO.cliente.id, detalles: [{ producto: 1, cantidad: 1 }, { producto_codigo: 'NOPE', cantidad: 1 }, { cantidad: 1 }] },
			});
			expect(unknown.json).toEqual({
				detalles: [
					{},
					{ producto_codigo: ['No existe un producto con el código "NOPE".'] },
					{ non_field_errors: ['Indique el producto con uno de: producto, producto_codigo, producto_codigo_proveedor.'] },
				],
			});
			const noClient = await call(sandbox, 'movimientos/notas_venta/', { body: { detalles: [{ producto: 1, cantidad: 1 }] } });
			expect(noClient.json).toEqual({ non_field_errors: ['Indique el cliente con uno de: cliente, cliente_rfc.'] });
			const missing = await call(sandbox, 'movimientos/notas_venta/', { body: { cliente: 999999, detalles: [] } });
			expect(missing.json).toEqual({ detalles: ['Esta lista no puede estar vacía.'] });
			const badClient = await call(sandbox, 'movimientos/notas_venta/', { body: { cliente: 999999, detalles: [{ producto: 1, cantidad: 1 }] } });
			expect(badClient.json).toEqual({ cliente: ['Clave primaria "999999" inválida - objeto no existe.'] });
			const badField = await call(sandbox, 'movimientos/notas_venta/', {
				body: { cliente: 1, detalles: [{ producto: 1, cantidad: 1 }], campos_personalizados: [{ key: 'color', valor: 'x' }] },
			});
			expect(badField.json).toEqual({ campos_personalizados: [{ key: ['"color" no es un campo personalizado de ventas.'] }] });
		});
	});

	it('creates an order by client code with contact and lists it', async () => {
		const answer = await call(sandbox, 'movimientos/pedidos/', {
			body: {
				codigo_cliente: DEMO.cliente.codigo,
				fecha: '2026-07-01',
				contacto: { nombre: 'Lucía Torres', telefono: '3312345678' },
				detalles: [{ producto: DEMO.producto.id, cantidad: 3 }],
				comentarios: 'Entregar en andén 2',
			},
		});
		expect(answer.status).toBe(201);
		const pedido = pedidoSchema.parse(answer.json);
		expect(pedido).toMatchObject({ status: 1, status_display: 'Pendiente', almacen: 1, fecha: '2026-07-01', comentarios: 'Entregar en andén 2' });
		expect(pedido.contacto).toEqual({ nombre: 'Lucía Torres', telefono: '3312345678', email: '' });
		expect(pedido.cliente).not.toHaveProperty('bloquear_vencido');
		expect(pedido.detalles[0].precio_unitario).toBe('189.5000');
		const listed = (await call(sandbox, `movimientos/pedidos/?fecha=2026-07-01&cliente=${DEMO.cliente.id}`)).json;
		expect(listed.results.map((p: { id: number }) => p.id)).toContain(pedido.id);
		const wrong = await call(sandbox, 'movimientos/pedidos/', { body: { rfc_cliente: 'AAA010101AAA', detalles: [{ producto: 1, cantidad: 1 }] } });
		expect(wrong.json).toEqual({ rfc_cliente: ['No existe un cliente con el RFC "AAA010101AAA".'] });
	});

	it('creates a customer advance against a bank account and lowers the client balance', async () => {
		const before = Number(sandbox.store.cliente(DEMO.cliente.id)!.saldo_pendiente);
		const answer = await call(sandbox, 'movimientos/anticipos_clientes/', {
			body: { fecha: '2026-05-02', cliente: DEMO.cliente.id, cuenta: DEMO.cuentaBancaria.id, total: '1500.5', uso_cfdi: 'G03', campos_personalizados: [{ key: 'referencia_pago', valor: 'SPEI 123' }] },
		});
		expect(answer.status).toBe(201);
		const anticipo = anticipoClienteSchema.parse(answer.json);
		expect(anticipo).toMatchObject({ cliente: DEMO.cliente.id, cuenta: DEMO.cuentaBancaria.id, total: '1500.50', saldo: '1500.50', usuario_creado: DEMO.usuario.id, fecha: '2026-05-02T00:00:00-06:00' });
		expect(Number(anticipo.saldo_cliente)).toBeCloseTo(before - 1500.5, 2);
		expect(sandbox.store.anticiposClientes).toContainEqual(anticipo);
		const bad = await call(sandbox, 'movimientos/anticipos_clientes/', {
			body: { fecha: '02/05/2026', cliente: DEMO.cliente.id, cuenta: 999, total: '-1', uso_cfdi: 'X99', forma_pago: '7' },
		});
		expect(bad.status).toBe(400);
		expect(bad.json).toEqual({
			fecha: ['Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.'],
			total: ['Asegúrese de que este valor es mayor que 0.'],
			uso_cfdi: ['"X99" no es una elección válida.'],
			forma_pago: ['"7" no es una elección válida.'],
		});
		const noAccount = await call(sandbox, 'movimientos/anticipos_clientes/', { body: { fecha: '2026-05-02', cliente_rfc: DEMO.cliente.rfc, cuenta: 999, total: 10, uso_cfdi: 'G03' } });
		expect(noAccount.json).toEqual({ cuenta: ['Clave primaria "999" inválida - objeto no existe.'] });
	});

	it('creates internal consumption at cost, without VAT, and serves it at its no-slash path', async () => {
		const answer = await call(sandbox, 'movimientos/consumo_interno/', {
			body: { almacen: 1, centro_responsabilidad: DEMO.centroResponsabilidad.id, cuenta_gasto: DEMO.cuentaGasto.id, detalles: [{ producto: DEMO.producto.id, cantidad: 2 }], comentarios: 'Taller' },
		});
		expect(answer.status).toBe(201);
		const consumo = consumoInternoSchema.parse(answer.json);
		expect(consumo).toMatchObject({ subtotal: '224.80', iva: '0.00', total: '224.80', vendedor: DEMO.username, motivo: DEMO.centroResponsabilidad.nombre });
		expect((await call(sandbox, `movimientos/consumo_interno/${consumo.id}`)).json).toEqual(consumo);
		const bad = await call(sandbox, 'movimientos/consumo_interno/', { body: { almacen: 7, centro_responsabilidad: 99, cuenta_gasto: 99999, detalles: [{ producto: 1, cantidad: 1 }] } });
		expect(bad.json).toEqual({
			almacen: ['Clave primaria "7" inválida - objeto no existe.'],
			centro_responsabilidad: ['Clave primaria "99" inválida - objeto no existe.'],
			cuenta_gasto: ['Clave primaria "99999" inválida - objeto no existe.'],
		});
	});

	it('creates a prospect, validates its RFC and keeps codigo unique', async () => {
		const answer = await call(sandbox, 'prospectos/', {
			body: { nombre: 'Raúl Méndez Ortiz', empresa: 'Herrería Méndez', rfc: 'meor800101ab1', status: 2, direccion: { calle: 'Hidalgo', email: 'raul@example.com' } },
		});
		expect(answer.status).toBe(201);
		const creado = prospectoCreadoSchema.parse(answer.json);
		expect(creado).toMatchObject({ rfc: 'MEOR800101AB1', status: 2, stats_display: 'Contactado', nombre_comercial: null });
		expect(creado.direccion).toMatchObject({ calle: 'Hidalgo', email: 'raul@example.com' });
		const detail = prospectoSchema.parse((await call(sandbox, `prospectos/${creado.id}/`)).json);
		expect(detail.codigo).toBe(creado.codigo);
		const bad = await call(sandbox, 'prospectos/', { body: { nombre: 'X', rfc: 'NO-RFC', codigo: DEMO.prospecto.codigo, status: 9, direccion: { email: 'nope' } } });
		expect(bad.json).toEqual({
			rfc: ['El RFC no tiene un formato válido.'],
			status: ['"9" no es una elección válida.'],
			direccion: { email: ['Introduzca una dirección de correo electrónico válida.'] },
		});
		const duplicate = await call(sandbox, 'prospectos/', { body: { nombre: 'X', codigo: DEMO.prospecto.codigo } });
		expect(duplicate.json).toEqual({ codigo: ['Ya existe prospecto con este codigo.'] });
	});

	describe('work orders', () => {
		it('updates status, priority, description and dates with PATCH', async () => {
			const answer = await call(sandbox, `ordenes_servicio/${DEMO.ordenServicio.id}/`, {
				method: 'PATCH',
				body: { status: 3, prioridad: '1', descripcion: '<p>Hecho</p>', fecha_inicio: '2026-02-01', fecha_fin: '2026-02-03' },
			});
			expect(answer.status).toBe(200);
			const orden = ordenServicioSchema.parse(answer.json);
			expect(orden).toMatchObject({ status: 3, status_display: 'Terminada', prioridad: 1, prioridad_display: 'Alta', fecha_inicio: '01/02/2026', fecha_fin: '03/02/2026' });
			expect((await call(sandbox, `ordenes_servicio/${orden.id}/`)).json).toEqual(orden);
			expect((await call(sandbox, 'ordenes_servicio/?status=3')).json.results.map((o: { id: number }) => o.id)).toContain(orden.id);
		});

		it('rejects values outside the catalogs and an end before the start', async () => {
			const path = `ordenes_servicio/${DEMO.ordenServicio.id}/`;
			expect((await call(sandbox, path, { method: 'PATCH', body: { status: 6, prioridad: 0, fecha_fin: '2026-13-01' } })).json).toEqual({
				status: ['"6" no es una elección válida.'],
				prioridad: ['"0" no es una elección válida.'],
				fecha_fin: ['Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.'],
			});
			expect((await call(sandbox, path, { method: 'PATCH', body: { fecha_inicio: '2026-03-10', fecha_fin: '2026-03-01' } })).json).toEqual({
				non_field_errors: ['La fecha de fin no puede ser anterior a la fecha de inicio.'],
			});
			expect((await call(sandbox, 'ordenes_servicio/999999/', { method: 'PATCH', body: {} })).status).toBe(404);
		});

		it('attaches a base64 image and refuses what is not an image', async () => {
			const path = `ordenes_servicio/${DEMO.ordenServicio.id}/adjuntar_imagen`;
			const answer = await call(sandbox, path, { body: { titulo: 'Tablero', imagen: PNG_1X1 } });
			expect(answer.status).toBe(201);
			const imagen = imagenOrdenServicioSchema.parse(answer.json);
			expect(imagen.url).toMatch(/\.png$/);
			const withPrefix = await call(sandbox, path, { body: { titulo: 'Otra', imagen: `data:image/png;base64,${PNG_1X1}` } });
			expect(withPrefix.status).toBe(201);
			expect(sandbox.store.imagenesOrdenesServicio.get(DEMO.ordenServicio.id)).toHaveLength(2);
			const text = await call(sandbox, path, { body: { titulo: 'x', imagen: Buffer.from('hola, no soy imagen').toString('base64') } });
			expect(text.status).toBe(400);
			expect(text.json).toEqual({ imagen: ['Cargue una imagen válida. El archivo que cargó no era una imagen o era una imagen corrupta.'] });
			expect((await call(sandbox, path, { body: { imagen: '%%%' } })).json).toEqual({
				titulo: ['Este campo es requerido.'],
				imagen: ['Cargue una imagen válida. El archivo que cargó no era una imagen o era una imagen corrupta.'],
			});
		});
	});
});
