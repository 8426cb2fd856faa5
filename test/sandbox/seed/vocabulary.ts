/** Words for realistic Mexican data: names, places, companies. */

export const NOMBRES = [
	'José', 'María', 'Juan', 'Guadalupe', 'Francisco', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge',
	'Alejandra', 'Miguel', 'Verónica', 'Roberto', 'Gabriela', 'Fernando', 'Adriana', 'Ricardo', 'Leticia',
	'Arturo', 'Sofía', 'Eduardo', 'Claudia', 'Héctor', 'Mónica', 'Raúl', 'Daniela', 'Sergio', 'Lucía', 'Javier',
] as const;

export const APELLIDOS = [
	'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez',
	'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez',
	'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera',
] as const;

export const EMPRESA_GIRO = [
	'Ferretería', 'Materiales', 'Constructora', 'Distribuidora', 'Comercializadora', 'Grupo', 'Servicios',
	'Proveedora', 'Instalaciones', 'Acabados', 'Plomería', 'Eléctrica', 'Maderería', 'Herrajes',
] as const;

export const EMPRESA_NOMBRE = [
	'El Martillo', 'del Norte', 'Sierra Madre', 'del Bajío', 'La Esperanza', 'San Miguel', 'Tapatía',
	'del Pacífico', 'Azteca', 'Las Palmas', 'Santa Fe', 'Río Bravo', 'del Valle', 'Regiomontana', 'Hidalgo',
	'La Fortaleza', 'Occidente', 'Los Altos', 'El Roble', 'Anáhuac', 'Cuauhtémoc', 'Del Sol', 'Chapala',
] as const;

export const REGIMEN_SOCIETARIO = ['S.A. de C.V.', 'S. de R.L. de C.V.', 'S.A.P.I. de C.V.', 'S.C.'] as const;

/** `cp`: the first digits of the city's postal codes; `lada`: its phone area code. */
export const CIUDADES = [
	{ municipio: 'Guadalajara', estado: 'Jalisco', cp: '44', lada: '33', latitud: 20.6597, longitud: -103.3496 },
	{ municipio: 'Zapopan', estado: 'Jalisco', cp: '45', lada: '33', latitud: 20.7236, longitud: -103.3848 },
	{ municipio: 'Tlaquepaque', estado: 'Jalisco', cp: '45', lada: '33', latitud: 20.6409, longitud: -103.2934 },
	{ municipio: 'Monterrey', estado: 'Nuevo León', cp: '64', lada: '81', latitud: 25.6866, longitud: -100.3161 },
	{ municipio: 'San Pedro Garza García', estado: 'Nuevo León', cp: '66', lada: '81', latitud: 25.6573, longitud: -100.4023 },
	{ municipio: 'Benito Juárez', estado: 'Ciudad de México', cp: '03', lada: '55', latitud: 19.3727, longitud: -99.1565 },
	{ municipio: 'Coyoacán', estado: 'Ciudad de México', cp: '04', lada: '55', latitud: 19.3467, longitud: -99.1617 },
	{ municipio: 'Puebla', estado: 'Puebla', cp: '72', lada: '222', latitud: 19.0414, longitud: -98.2063 },
	{ municipio: 'Querétaro', estado: 'Querétaro', cp: '76', lada: '442', latitud: 20.5888, longitud: -100.3899 },
	{ municipio: 'León', estado: 'Guanajuato', cp: '37', lada: '477', latitud: 21.1221, longitud: -101.6824 },
	{ municipio: 'Mérida', estado: 'Yucatán', cp: '97', lada: '999', latitud: 20.9674, longitud: -89.5926 },
	{ municipio: 'Tijuana', estado: 'Baja California', cp: '22', lada: '664', latitud: 32.5149, longitud: -117.0382 },
	{ municipio: 'Hermosillo', estado: 'Sonora', cp: '83', lada: '662', latitud: 29.0729, longitud: -110.9559 },
	{ municipio: 'Culiacán', estado: 'Sinaloa', cp: '80', lada: '667', latitud: 24.8091, longitud: -107.394 },
	{ municipio: 'Aguascalientes', estado: 'Aguascalientes', cp: '20', lada: '449', latitud: 21.8853, longitud: -102.2916 },
	{ municipio: 'Morelia', estado: 'Michoacán', cp: '58', lada: '443', latitud: 19.706, longitud: -101.195 },
];

export const COLONIAS = [
	'Centro', 'Del Valle', 'Providencia', 'Chapultepec', 'Americana', 'Zona Industrial', 'Jardines del Bosque',
	'Las Águilas', 'Lomas Verdes', 'San Rafael', 'Obrera', 'Moderna', 'Reforma', 'Santa Teresita', 'Country Club',
] as const;

export const CALLES = [
	'Av. Juárez', 'Av. Hidalgo', 'Morelos', 'Av. Vallarta', '5 de Mayo', 'Av. Revolución', 'Allende',
	'Av. Insurgentes', 'Independencia', 'Av. Constitución', 'Zaragoza', 'Av. Universidad', 'Guerrero',
	'Av. López Mateos', 'Aldama', 'Av. Patria', 'Libertad', 'Pino Suárez',
] as const;

export const REFERENCIAS = [
	'Frente al parque', 'Entre farmacia y tienda de abarrotes', 'Portón negro', 'A un costado de la iglesia',
	'Bodega al fondo del estacionamiento', 'Casa de dos pisos color blanco',
] as const;

export const DOMINIOS_CORREO = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.mx', 'prodigy.net.mx'] as const;

/** Lower-case ASCII version of a name, for e-mails, usernames and web sites. */
export function slug(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '');
}

/** Upper case without accents (Ñ kept), as SAT and RFCs write names. */
export function satUpper(text: string): string {
	return text
		.toUpperCase()
		.split('Ñ')
		.map((part) => part.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))
		.join('Ñ');
}
