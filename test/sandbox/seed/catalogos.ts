/** The tenant's fixed catalogs: they do not depend on the seed, so DEMO can name their ids. */

/** Each warehouse issues sales notes in its own series; `ajustePrecio` is its price against the catalog's, in percent. */
export const ALMACENES = [
	{ id: 1, nombre: 'Matriz Guadalajara', serie: 'A', ajustePrecio: 0 },
	{ id: 2, nombre: 'Sucursal Zapopan', serie: 'B', ajustePrecio: 3 },
	{ id: 3, nombre: 'CEDIS Tlaquepaque', serie: 'C', ajustePrecio: -2 },
];

/** Series of sales notes captured from the online store, in any warehouse. */
export const SERIE_WEB = 'WEB';

/** `descuento`: the percent off every price that `clasificacion_precios` applies. */
export const CLASIFICACIONES_CLIENTE = [
	{ id: 1, nombre: 'Público en general', descuento: 0 },
	{ id: 2, nombre: 'Mayoreo', descuento: 10 },
	{ id: 3, nombre: 'Distribuidor', descuento: 15 },
	{ id: 4, nombre: 'Empleados', descuento: 20 },
];
export type ClasificacionCliente = (typeof CLASIFICACIONES_CLIENTE)[number];

/** `{id, nombre}` records numbered from 1 in the order of `nombres`. */
const numerados = <T extends string>(nombres: readonly T[]) => nombres.map((nombre, i) => ({ id: i + 1, nombre }));

export const CENTROS_RESPONSABILIDAD = numerados(['Administración', 'Ventas', 'Taller de servicio', 'Almacén']);
export const UNIDADES_MEDIDA = numerados(['PZA', 'CAJA', 'MT', 'KG', 'LT', 'ROLLO', 'JGO', 'PAQ'] as const);
type UnidadMedidaNombre = (typeof UNIDADES_MEDIDA)[number]['nombre'];

export function unidadMedida(nombre: UnidadMedidaNombre) {
	return UNIDADES_MEDIDA.find((u) => u.nombre === nombre)!;
}

/** Custom fields defined for sales: `campos_personalizados` keys must be among these. */
export const CAMPOS_PERSONALIZADOS_VENTA = ['orden_compra', 'vendedor_externo', 'referencia_pago'] as const;

export const ROLES = numerados(['Administrador', 'Ventas', 'Almacén', 'Repartidor', 'Contabilidad', 'Servicio técnico']);

export const BANCOS = [
	{ nombre: 'BBVA México', codigo: '012' },
	{ nombre: 'Banorte', codigo: '072' },
	{ nombre: 'Santander', codigo: '014' },
	{ nombre: 'Banamex', codigo: '002' },
	{ nombre: 'HSBC', codigo: '021' },
	{ nombre: 'Scotiabank', codigo: '044' },
	{ nombre: 'BanBajío', codigo: '030' },
	{ nombre: 'Inbursa', codigo: '036' },
];

interface CuentaContableFija {
	numero: string;
	descripcion: string;
	alias?: string;
	naturaleza: 'Deudora' | 'Acreedora';
	clasificacion: string;
}

/** Chart of accounts in SAT grouping-code style; parents are found by the number prefix. */
export const CATALOGO_CUENTAS: readonly CuentaContableFija[] = [
	{ numero: '100', descripcion: 'Activo', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '101', descripcion: 'Caja', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '101-01', descripcion: 'Caja general', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '102', descripcion: 'Bancos', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '102-01', descripcion: 'Bancos nacionales', naturaleza: 'Deudora', clasificacion: 'Activo' },
	...BANCOS.map((banco, i) => ({
		numero: `102-01-${String(i + 1).padStart(3, '0')}`,
		descripcion: `${banco.nombre}`,
		alias: banco.nombre.split(' ')[0].toUpperCase(),
		naturaleza: 'Deudora' as const,
		clasificacion: 'Activo',
	})),
	{ numero: '105', descripcion: 'Clientes', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '105-01', descripcion: 'Clientes nacionales', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '115', descripcion: 'Inventarios', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '115-01', descripcion: 'Inventario de mercancías', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '118', descripcion: 'IVA acreditable', alias: 'IVA ACRED', naturaleza: 'Deudora', clasificacion: 'Activo' },
	{ numero: '200', descripcion: 'Pasivo', naturaleza: 'Acreedora', clasificacion: 'Pasivo' },
	{ numero: '201', descripcion: 'Proveedores', naturaleza: 'Acreedora', clasificacion: 'Pasivo' },
	{ numero: '201-01', descripcion: 'Proveedores nacionales', naturaleza: 'Acreedora', clasificacion: 'Pasivo' },
	{ numero: '206', descripcion: 'Anticipos de clientes', naturaleza: 'Acreedora', clasificacion: 'Pasivo' },
	{ numero: '208', descripcion: 'IVA trasladado', alias: 'IVA TRAS', naturaleza: 'Acreedora', clasificacion: 'Pasivo' },
	{ numero: '300', descripcion: 'Capital contable', naturaleza: 'Acreedora', clasificacion: 'Capital' },
	{ numero: '301', descripcion: 'Capital social', naturaleza: 'Acreedora', clasificacion: 'Capital' },
	{ numero: '400', descripcion: 'Ingresos', naturaleza: 'Acreedora', clasificacion: 'Ingresos' },
	{ numero: '401', descripcion: 'Ventas', naturaleza: 'Acreedora', clasificacion: 'Ingresos' },
	{ numero: '401-01', descripcion: 'Ventas nacionales', naturaleza: 'Acreedora', clasificacion: 'Ingresos' },
	{ numero: '500', descripcion: 'Costos', naturaleza: 'Deudora', clasificacion: 'Costos' },
	{ numero: '501', descripcion: 'Costo de ventas', naturaleza: 'Deudora', clasificacion: 'Costos' },
	{ numero: '600', descripcion: 'Gastos', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601', descripcion: 'Gastos generales', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-01', descripcion: 'Sueldos y salarios', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-02', descripcion: 'Papelería y artículos de oficina', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-03', descripcion: 'Mantenimiento y conservación', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-04', descripcion: 'Combustibles y lubricantes', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-05', descripcion: 'Consumos internos', alias: 'CONSUMO', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-06', descripcion: 'Fletes y acarreos', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '601-07', descripcion: 'Energía eléctrica', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '602', descripcion: 'Gastos de venta', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '602-01', descripcion: 'Publicidad y propaganda', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '603', descripcion: 'Gastos de administración', naturaleza: 'Deudora', clasificacion: 'Gastos' },
	{ numero: '603-01', descripcion: 'Honorarios', naturaleza: 'Deudora', clasificacion: 'Gastos' },
];

/** Id a fixed ledger account gets: its position in the chart, from 1. */
export function cuentaContableId(numero: string): number {
	return CATALOGO_CUENTAS.findIndex((c) => c.numero === numero) + 1;
}

interface LineaFija {
	id: number;
	nombre: string;
	/** Prefix of the product codes of the line. */
	prefijo: string;
	claveProdServ: string;
	marcas: readonly string[];
	costo: readonly [number, number];
	sublineas: readonly { nombre: string; subsublineas: readonly string[]; plantillas: readonly string[]; unidad: UnidadMedidaNombre }[];
}

/** A hardware-store catalog. `{...}` in templates are filled from PLACEHOLDERS. */
export const LINEAS: readonly LineaFija[] = [
	{
		id: 1, nombre: 'Herramientas', prefijo: 'HER', claveProdServ: '27111600', marcas: ['Truper', 'Pretul', 'Urrea', 'Surtek'], costo: [45, 900],
		sublineas: [
			{ nombre: 'Martillos', subsublineas: ['Uña', 'Bola'], unidad: 'PZA', plantillas: ['Martillo de uña {oz} oz mango de fibra de vidrio', 'Martillo de bola {oz} oz mango de madera', 'Marro octagonal {lb} lb'] },
			{ nombre: 'Desarmadores', subsublineas: ['Planos', 'Cruz'], unidad: 'PZA', plantillas: ['Desarmador plano {med} x {long} pulg', 'Desarmador de cruz {ph} x {long} pulg', 'Juego de desarmadores de precisión {n} piezas'] },
			{ nombre: 'Pinzas', subsublineas: ['Electricista', 'Presión'], unidad: 'PZA', plantillas: ['Pinza de electricista {pulg} pulg', 'Pinza de presión {pulg} pulg', 'Pinza de punta larga {pulg} pulg'] },
			{ nombre: 'Llaves', subsublineas: ['Combinadas', 'Ajustables'], unidad: 'PZA', plantillas: ['Llave combinada {mm} mm', 'Llave perica {pulg} pulg', 'Juego de llaves Allen {n} piezas'] },
		],
	},
	{
		id: 2, nombre: 'Eléctrico', prefijo: 'ELE', claveProdServ: '39121700', marcas: ['Volteck', 'Condumex', 'Philips', 'Tecnolite'], costo: [8, 650],
		sublineas: [
			{ nombre: 'Cables', subsublineas: ['THW', 'Dúplex'], unidad: 'MT', plantillas: ['Cable THW calibre {cal} {color}', 'Cable dúplex calibre {cal}'] },
			{ nombre: 'Apagadores y contactos', subsublineas: ['Apagadores', 'Contactos'], unidad: 'PZA', plantillas: ['Apagador sencillo {color}', 'Contacto dúplex polarizado {color}', 'Placa de 3 ventanas {color}'] },
			{ nombre: 'Iluminación', subsublineas: ['Focos', 'Luminarias'], unidad: 'PZA', plantillas: ['Foco LED {w} W luz {luz}', 'Lámpara de techo LED {w} W', 'Reflector LED {w} W para exterior'] },
		],
	},
	{
		id: 3, nombre: 'Plomería', prefijo: 'PLO', claveProdServ: '40141700', marcas: ['Foset', 'Coflex', 'Rugo', 'Nacobre'], costo: [12, 1200],
		sublineas: [
			{ nombre: 'Tubería', subsublineas: ['PVC', 'Cobre'], unidad: 'PZA', plantillas: ['Tubo PVC hidráulico {medida} pulg 6 m', 'Tubo de cobre tipo M {medida} pulg 6 m'] },
			{ nombre: 'Conexiones', subsublineas: ['Codos', 'Tees'], unidad: 'PZA', plantillas: ['Codo de cobre 90° {medida} pulg', 'Tee de PVC {medida} pulg', 'Cople de cobre {medida} pulg'] },
			{ nombre: 'Llaves y válvulas', subsublineas: ['Paso', 'Lavabo'], unidad: 'PZA', plantillas: ['Llave de paso {medida} pulg bronce', 'Válvula de esfera {medida} pulg', 'Llave para lavabo cromada'] },
		],
	},
	{
		id: 4, nombre: 'Pinturas', prefijo: 'PIN', claveProdServ: '31211500', marcas: ['Comex', 'Berel', 'Truper'], costo: [25, 2400],
		sublineas: [
			{ nombre: 'Vinílicas', subsublineas: ['Interior', 'Exterior'], unidad: 'PZA', plantillas: ['Pintura vinílica {color} {litros} L'] },
			{ nombre: 'Esmaltes', subsublineas: ['Alquidálicos'], unidad: 'PZA', plantillas: ['Esmalte alquidálico {color} {litros} L'] },
			{ nombre: 'Accesorios de pintura', subsublineas: ['Brochas', 'Rodillos'], unidad: 'PZA', plantillas: ['Brocha de cerda natural {pulg} pulg', 'Rodillo de felpa {pulg} pulg', 'Cinta masking tape {mm} mm'] },
		],
	},
	{
		id: 5, nombre: 'Tornillería', prefijo: 'TOR', claveProdServ: '31161500', marcas: ['Fiero', 'Hermex', 'Truper'], costo: [15, 380],
		sublineas: [
			{ nombre: 'Tornillos', subsublineas: ['Madera', 'Tablaroca'], unidad: 'CAJA', plantillas: ['Tornillo para madera {med} caja 100 piezas', 'Tornillo para tablaroca {med} caja 100 piezas'] },
			{ nombre: 'Taquetes', subsublineas: ['Plástico'], unidad: 'PAQ', plantillas: ['Taquete de plástico {med} bolsa 100 piezas'] },
			{ nombre: 'Clavos', subsublineas: ['Estándar'], unidad: 'KG', plantillas: ['Clavo estándar {pulg} pulg'] },
		],
	},
	{
		id: 6, nombre: 'Jardinería', prefijo: 'JAR', claveProdServ: '27112000', marcas: ['Truper', 'Santul', 'Pretul'], costo: [35, 1900],
		sublineas: [
			{ nombre: 'Herramienta de jardín', subsublineas: ['Palas', 'Tijeras'], unidad: 'PZA', plantillas: ['Pala cuadrada mango de madera', 'Rastrillo de {n} dientes', 'Tijera para podar {pulg} pulg'] },
			{ nombre: 'Riego', subsublineas: ['Mangueras', 'Aspersores'], unidad: 'PZA', plantillas: ['Manguera reforzada {m} m', 'Aspersor de impacto', 'Pistola de riego {n} funciones'] },
		],
	},
];

export const PLACEHOLDERS: Record<string, readonly string[]> = {
	oz: ['16', '20', '24'],
	lb: ['2', '4', '6'],
	med: ['1/4', '3/16', '5/16', '#8 x 1', '#10 x 1 1/2'],
	long: ['4', '6', '8'],
	ph: ['#1', '#2', '#3'],
	n: ['6', '8', '10', '12', '24'],
	pulg: ['6', '7', '8', '10'],
	mm: ['10', '13', '17', '19', '24'],
	cal: ['10', '12', '14'],
	color: ['blanco', 'negro', 'rojo', 'verde', 'azul', 'marfil'],
	w: ['9', '12', '15', '20', '50'],
	luz: ['fría', 'cálida', 'neutra'],
	medida: ['1/2', '3/4', '1'],
	litros: ['1', '4', '19'],
	m: ['15', '20', '30'],
};

/** Ids of the line tree: as on a real tenant, each line has a "General" subline of its id, each subline such a subsubline. */
export function arbolLineas() {
	const sublineas = LINEAS.map((l) => ({ id: l.id, linea: l.id, nombre: 'General' }));
	const hijas: { sublinea: number; nombres: readonly string[] }[] = [];
	for (const linea of LINEAS) {
		for (const sub of linea.sublineas) {
			sublineas.push({ id: sublineas.length + 1, linea: linea.id, nombre: sub.nombre });
			hijas.push({ sublinea: sublineas.length, nombres: sub.subsublineas });
		}
	}
	const subsublineas = sublineas.map((s) => ({ id: s.id, sublinea: s.id, nombre: 'General' }));
	for (const { sublinea, nombres } of hijas) {
		for (const nombre of nombres) subsublineas.push({ id: subsublineas.length + 1, sublinea, nombre });
	}
	return { sublineas, subsublineas };
}
