import { ALMACENES, CAMPOS_PERSONALIZADOS_VENTA, CLASIFICACIONES_CLIENTE, arbolLineas, cuentaContableId } from './seed/catalogos';

/**
 * The login and fixtures of every sandbox, whatever the seed: the first record of each resource (present
 * while its volume is at least 1; the product part needs 2 products).
 */

const lineTree = arbolLineas();
const martillos = lineTree.sublineas.find((s) => s.nombre === 'Martillos')!;
const martillosUna = lineTree.subsublineas.find((s) => s.sublinea === martillos.id && s.nombre === 'Uña')!;

export const DEMO = {
	username: 'demo',
	password: 'demo-password',
	/** 35 characters of [A-Z0-9], like the keys of real tenants. Published: it only opens the local sandbox. */
	// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets
	apiKey: 'SBX7DEMO4K9Q2M8R5T1W6Y3Z0A7C4E9G2J5',
	usuario: { id: 1, nombre: 'Demo Sandbox', email: 'demo@ferreteriaesperanza.com.mx' },
	/** Seed used when `startSandbox` gets none. */
	seed: 2026,

	/** A company client with credit, owner of document #1 of each kind. */
	cliente: {
		id: 1,
		rfc: 'DES980512AB3',
		codigo: 'C00001',
		razonSocial: 'DISTRIBUIDORA LA ESPERANZA',
		/** Its classification, for `clasificacion_precios`. */
		clasificacionId: 2,
	},
	/** The generic client of counter sales (SAT "público en general"). */
	clientePublicoGeneral: { id: 2, rfc: 'XAXX010101000', codigo: 'PG0001' },

	producto: {
		id: 1,
		codigo: 'HER-00001',
		codigoProveedor: 'PV-TRU-19001',
		codigoOrigen: 'TRU-19001',
		descripcion: 'Martillo de uña 16 oz mango de fibra de vidrio',
		linea: 1,
		sublinea: martillos.id,
		subsublinea: martillosUna.id,
		/** Catalog price; warehouse 2 sells 3 % above, warehouse 3 2 % below. */
		precio: 189.5,
		costo: 112.4,
		/** Stock per warehouse id. */
		disponible: { 1: 42, 2: 15, 3: 120 } as Record<number, number>,
		habilitarWebhook: true,
	},
	/** A second product, usable as an assembly part of the first. */
	productoParte: { id: 2, codigo: 'HER-00002' },

	almacenes: ALMACENES.map(({ id, nombre }) => ({ id, nombre })),

	/** Listed RFCs, one per blacklist `tipo`, and a well-formed RFC that is not listed. */
	listaNegra: {
		definitivo: { rfc: 'FAC130516JQ4', nombre: 'FACTURADORA ALFA DEL CENTRO, S.A. DE C.V.', tipo: 1 },
		desvirtuado: { rfc: 'CME140918RT7', nombre: 'COMERCIALIZADORA MERIDIANO, S.A. DE C.V.', tipo: 2 },
		presunto: { rfc: 'SIN160227LM2', nombre: 'SERVICIOS INTEGRALES NOVA, S.C.', tipo: 3 },
	},
	rfcNoListado: 'ROML800101AB9',

	cuentaBancaria: { id: 1, banco: 'BBVA México', cuentaContable: '102-01-001' },
	/** Ledger account for expenses of internal consumption (`cuenta_gasto`). */
	cuentaGasto: { id: cuentaContableId('601-05'), numero: '601-05' },
	/** Top-level ledger account (`padre` null). */
	cuentaRaiz: { id: cuentaContableId('100'), numero: '100' },
	centroResponsabilidad: { id: 1, nombre: 'Administración' },
	clasificacionPrecios: { id: 2, nombre: 'Mayoreo', descuento: CLASIFICACIONES_CLIENTE[1].descuento },
	camposPersonalizadosVenta: [...CAMPOS_PERSONALIZADOS_VENTA],
	unidadMedida: { id: 1, nombre: 'PZA' },

	notaVenta: { id: 1 },
	pedido: { id: 1 },
	notaCredito: { id: 1 },
	consumoInterno: { id: 1 },
	ordenServicio: { id: 1 },
	prospecto: { id: 1, codigo: 'PRO-0001' },
} as const;
