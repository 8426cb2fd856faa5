import { DEMO } from '../demo';
import type { ClienteInterno, Store } from '../store/store';
import { decimal, formatDecimal } from '../util/decimal';
import { curp, rfcFisica, rfcMoral } from './identity';
import { correo, direccion, empresa, persona } from './personas';
import { Random } from './random';
import { satUpper, slug } from './vocabulary';

/** Clients: no endpoint, but embedded in documents and named by id, RFC or code in creates. 1 and 2 are DEMO's. */
export function seedClientes(store: Store, seed: number, count: number): void {
	const random = new Random(seed, 'clientes');
	const rfcs = new Set<string>([DEMO.clientePublicoGeneral.rfc]);
	for (let id = 1; id <= count; id++) {
		const cliente = id === 1 ? demoCliente(store, random) : id === 2 ? publicoGeneral(store, random) : nuevoCliente(store, random, id, rfcs);
		rfcs.add(cliente.rfc);
		store.clientes.push(cliente);
	}
}

function nuevoCliente(store: Store, random: Random, id: number, rfcs: Set<string>): ClienteInterno {
	const esEmpresa = random.chance(0.65);
	const contacto = persona(random);
	let rfc: string;
	let razonSocial: string;
	let nombreComercial: string;
	if (esEmpresa) {
		nombreComercial = empresa(random);
		razonSocial = satUpper(nombreComercial);
		do rfc = rfcMoral(random, razonSocial);
		while (rfcs.has(rfc));
	} else {
		razonSocial = satUpper(contacto.completo);
		nombreComercial = random.chance(0.5) ? `${random.pick(['Tlapalería', 'Materiales', 'Herrería'])} ${contacto.nombre}` : contacto.completo;
		do rfc = rfcFisica(random, contacto.nombre, contacto.apellidoPaterno, contacto.apellidoMaterno);
		while (rfcs.has(rfc));
	}
	const email = correo(random, esEmpresa ? `contacto${slug(nombreComercial)}` : `${contacto.nombre}.${contacto.apellidoPaterno}`);
	const diasCredito = random.pick([0, 0, 15, 30, 30, 45, 60]);
	return {
		id,
		activo: random.chance(0.94),
		tipo_cliente: esEmpresa ? 1 : 2,
		razon_social: razonSocial,
		codigo: `C${String(id).padStart(5, '0')}`,
		nombre_comercial: nombreComercial,
		sitio_web: esEmpresa && random.chance(0.4) ? `https://www.${slug(nombreComercial)}.com.mx` : '',
		rfc,
		curp: esEmpresa ? '' : curp(random, rfc),
		representante_legal: esEmpresa ? contacto.completo : '',
		referencia: random.chance(0.3) ? `Cliente desde ${random.int(2008, 2025)}` : random.chance(0.5) ? '' : null,
		limite_credito: diasCredito === 0 ? '0.00' : formatDecimal(decimal(random.int(5, 200) * 1000), 2),
		direccion: direccion(store, random, { email }),
		bloquear_vencido: diasCredito > 0 && random.chance(0.5),
		dias_cortar_credito: diasCredito > 0 ? random.pick([0, 5, 10, 15]) : 0,
		saldo_pendiente: diasCredito === 0 ? '0.00' : formatDecimal(decimal(random.int(0, 4000000) / 100), 2),
		dias_credito: diasCredito,
		clasificacion_id: random.weighted([[1, 5], [2, 3], [3, 2], [4, 1]] as const),
		forma_pago: random.weighted([['01', 3], ['03', 4], ['04', 2], ['99', 1], [null, 2]] as const),
		regimen_fiscal: esEmpresa ? '601' : random.pick(['612', '626', '605']),
	};
}

function demoCliente(store: Store, random: Random): ClienteInterno {
	return {
		id: DEMO.cliente.id,
		activo: true,
		tipo_cliente: 1,
		razon_social: DEMO.cliente.razonSocial,
		codigo: DEMO.cliente.codigo,
		nombre_comercial: 'Distribuidora La Esperanza',
		sitio_web: 'https://www.distribuidoralaesperanza.com.mx',
		rfc: DEMO.cliente.rfc,
		curp: '',
		representante_legal: 'María Guadalupe Hernández Ruiz',
		referencia: 'Cliente desde 2015',
		limite_credito: '150000.00',
		direccion: {
			...direccion(store, random, { email: 'compras@distribuidoralaesperanza.com.mx' }),
			municipio: 'Guadalajara',
			localidad: 'Guadalajara',
			estado: 'Jalisco',
			calle: 'Av. Vallarta',
			colonia: 'Americana',
			cp: '44160',
			numero_e: '1520',
			numero_i: '',
			latitud: '20.67432100',
			longitud: '-103.37512900',
			referencia: 'Frente al parque',
		},
		bloquear_vencido: true,
		dias_cortar_credito: 10,
		saldo_pendiente: '23450.80',
		dias_credito: 30,
		clasificacion_id: DEMO.cliente.clasificacionId,
		forma_pago: '03',
		regimen_fiscal: '601',
	};
}

function publicoGeneral(store: Store, random: Random): ClienteInterno {
	return {
		id: DEMO.clientePublicoGeneral.id,
		activo: true,
		tipo_cliente: 2,
		razon_social: 'PUBLICO EN GENERAL',
		codigo: DEMO.clientePublicoGeneral.codigo,
		nombre_comercial: 'Público en general',
		sitio_web: '',
		rfc: DEMO.clientePublicoGeneral.rfc,
		curp: '',
		representante_legal: '',
		referencia: null,
		limite_credito: '0.00',
		direccion: { ...direccion(store, random), latitud: null, longitud: null, referencia: null },
		bloquear_vencido: false,
		dias_cortar_credito: 0,
		saldo_pendiente: '0.00',
		dias_credito: 0,
		clasificacion_id: 1,
		forma_pago: '01',
		regimen_fiscal: '616',
	};
}
