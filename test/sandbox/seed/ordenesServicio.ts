import { ORDEN_SERVICIO_PRIORIDAD, ORDEN_SERVICIO_STATUS } from '../schemas/catalogs';
import type { OrdenServicio } from '../schemas/ordenesServicio';
import type { ClienteInterno, Store } from '../store/store';
import { addDays, dateToMs, isoTimestamp, toDayMonthYear } from '../util/time';
import { persona } from './personas';
import { Random } from './random';

/** Work orders, visits to a client's branch: statuses and priorities cycle (15 orders cover every pair); 1 is DEMO.cliente's. */

const TIPOS_SERVICIO = ['Mantenimiento preventivo', 'Mantenimiento correctivo', 'Instalación', 'Revisión eléctrica', 'Diagnóstico'];
const PERIODICIDADES = ['Única', 'Mensual', 'Bimestral', 'Trimestral', 'Semestral', 'Anual'];
const TRABAJOS = [
	'Revisión de tablero eléctrico y cambio de pastillas',
	'Instalación de bomba hidroneumática',
	'Mantenimiento a portón eléctrico',
	'Cambio de luminarias en bodega',
	'Reparación de fuga en línea de cobre',
	'Diagnóstico de motor de cortina',
];
const SUCURSALES = ['Matriz', 'Sucursal Centro', 'Sucursal Norte', 'Bodega', 'Planta'];

export function clienteOrdenServicio(cliente: ClienteInterno): OrdenServicio['cliente'] {
	const d = cliente.direccion;
	return {
		id: cliente.id,
		regimen_fiscal: cliente.regimen_fiscal,
		rfc: cliente.rfc,
		razon_social: cliente.razon_social,
		direccion: `${d.calle} ${d.numero_e}${d.numero_i ? ` int. ${d.numero_i}` : ''}`,
		colonia: d.colonia,
		nombre: cliente.nombre_comercial,
		telefono: d.telefono,
		email: d.email,
		representante_legal: cliente.representante_legal,
	};
}

export function seedOrdenesServicio(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'ordenesServicio');
	const tecnicos = Array.from({ length: 6 }, () => persona(random).completo);
	if (store.clientes.length === 0) return;
	const activos = store.clientes.filter((c) => c.activo);
	for (let i = 1; i <= count; i++) {
		const cliente = i === 1 ? store.clientes[0] : random.pick(activos);
		const status = (((i - 1) % 5) + 1) as keyof typeof ORDEN_SERVICIO_STATUS;
		const prioridad = (((i - 1) % 3) + 1) as keyof typeof ORDEN_SERVICIO_PRIORIDAD;
		const inicio = addDays('2026-01-05', Math.floor(((i - 1) * 340) / Math.max(count, 1)));
		const llegada = dateToMs(inicio, random.int(8, 16), random.int(0, 59));
		const terminada = status === 3 || status === 5;
		const sucursal = random.pick(SUCURSALES);
		const orden: OrdenServicio = {
			id: i,
			status,
			status_display: ORDEN_SERVICIO_STATUS[status],
			prioridad,
			prioridad_display: ORDEN_SERVICIO_PRIORIDAD[prioridad],
			bitacora_inicio_cliente: isoTimestamp(llegada),
			bitacora_llegada_base: status === 1 ? null : isoTimestamp(llegada + random.int(1, 6) * 3600000),
			descripcion: `<p>${random.pick(TRABAJOS)}.</p>${random.chance(0.4) ? '<p><strong>Llevar escalera.</strong></p>' : ''}`,
			clave: `${cliente.id}-${i}-1/1`,
			fecha_inicio: toDayMonthYear(inicio),
			fecha_fin: terminada ? toDayMonthYear(addDays(inicio, random.int(0, 5))) : '',
			periodicidad: random.pick(PERIODICIDADES),
			tipo_servicio: random.pick(TIPOS_SERVICIO),
			empleado: random.pick(tecnicos),
			cliente: clienteOrdenServicio(cliente),
			sucursal: {
				id: store.nextSequence('sucursal'),
				municipio: cliente.direccion.municipio,
				nombre: sucursal,
				cliente: cliente.razon_social,
				direccion: `${cliente.direccion.calle} ${cliente.direccion.numero_e}, ${cliente.direccion.colonia}`,
			},
		};
		store.ordenesServicio.push(orden);
	}
}
