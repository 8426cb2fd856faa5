import { asJson, sandboxPerFile } from '../fixture';
import { itPagesLikeTheApi } from '../listing';
import { itFiltersSalesDocuments } from '../salesDocumentFilters';

const PAGE_MAX = 25;
const SIMPLIFIED = ['id', 'folio', 'folio_completo', 'fecha', 'cliente', 'subtotal', 'iva', 'total', 'status', 'status_display', 'cancelado'];

describe('Admintotal Sales Note: Get Many', () => {
	const fixture = sandboxPerFile({ pageSize: { default: 20, max: PAGE_MAX } });
	const notes = () => fixture.sandbox.store.notasVenta;

	itPagesLikeTheApi({
		fixture,
		node: 'admintotalSalesNote',
		resource: 'salesNote',
		path: '/movimientos/notas_venta/',
		records: notes,
		pageMax: PAGE_MAX,
		noun: 'sales notes',
	});

	itFiltersSalesDocuments({
		fixture,
		node: 'admintotalSalesNote',
		resource: 'salesNote',
		path: '/movimientos/notas_venta/',
		records: notes,
		isCancelled: (note) => (note as unknown as { cancelado: boolean }).cancelado,
		noun: 'sales notes',
	});

	it('Simplify (on by default) keeps the summary fields and reduces the client to id, name and RFC', async () => {
		const run = await fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', limit: 3 });

		expect(run.error).toBeUndefined();
		const [note] = notes();
		expect(Object.keys(run.json[0])).toEqual(SIMPLIFIED);
		expect(run.json[0]).toEqual({
			id: note.id,
			folio: note.folio,
			folio_completo: note.folio_completo,
			fecha: note.fecha,
			cliente: { id: note.cliente.id, razon_social: note.cliente.razon_social, rfc: note.cliente.rfc },
			subtotal: note.subtotal,
			iva: note.iva,
			total: note.total,
			status: note.status,
			status_display: note.status_display,
			cancelado: note.cancelado,
		});
	});

	it('with Simplify off every field comes as the API sends it', async () => {
		const run = await fixture.run('admintotalSalesNote', { resource: 'salesNote', operation: 'getAll', limit: 3, simplify: false });

		expect(run.error).toBeUndefined();
		expect(run.json).toEqual(asJson(notes().slice(0, 3)));
	});
});
