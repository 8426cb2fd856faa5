/** The Spanish (`es`) messages of Django REST Framework, SimpleJWT and django-filter, as a Spanish tenant answers. */
export const M = {
	required: 'Este campo es requerido.',
	null: 'Este campo no puede ser nulo.',
	blank: 'Este campo no puede estar en blanco.',
	integer: 'Introduzca un número entero válido.',
	number: 'Se requiere un número válido.',
	string: 'No es una cadena válida.',
	boolean: 'Debe ser un valor booleano válido.',
	email: 'Introduzca una dirección de correo electrónico válida.',
	emptyList: 'Esta lista no puede estar vacía.',
	date: 'Fecha con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DD.',
	dateTime:
		'Fecha/hora con formato erróneo. Use uno de los siguientes formatos en su lugar: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
	image: 'Cargue una imagen válida. El archivo que cargó no era una imagen o era una imagen corrupta.',
	choice: (input: unknown) => `"${String(input)}" no es una elección válida.`,
	list: (type: string) => `Se esperaba una lista de elementos pero se obtuvo el tipo "${type}".`,
	dict: (type: string) => `Datos inválidos. Se esperaba un diccionario pero se recibió ${type}.`,
	pkNotFound: (pk: unknown) => `Clave primaria "${String(pk)}" inválida - objeto no existe.`,
	minValue: (min: number | string) => `Asegúrese de que este valor es mayor o igual a ${min}.`,
	maxValue: (max: number | string) => `Asegúrese de que este valor es menor o igual a ${max}.`,
	greaterThanZero: 'Asegúrese de que este valor es mayor que 0.',
	maxLength: (max: number) => `Asegúrese de que este campo no tenga más de ${max} caracteres.`,
	unique: (model: string, field: string) => `Ya existe ${model} con este ${field}.`,

	notFound: 'No encontrado.',
	methodNotAllowed: (method: string) => `Método "${method}" no permitido.`,
	unsupportedMediaType: (type: string) => `Tipo de medio "${type}" no soportado en la solicitud.`,
	jsonParse: (detail: string) => `JSON parse error - ${detail}`,
	throttled: (seconds: number) =>
		`Solicitud fue regulada. Se espera que esté disponible en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
	serverError: 'Error del servidor.',

	notAuthenticated: 'Las credenciales de autenticación no se proveyeron.',
	badApiKey: 'Api-key inválida.',
	tokenNotValidForAnyType: 'El token dado no es válido para ningún tipo de token',
	tokenInvalidOrExpired: 'El token es inválido o ha expirado',
	tokenWrongType: 'El token tiene un tipo incorrecto',
	tokenBlacklisted: 'El token está en lista negra',
	badAuthorizationHeader: "El encabezado 'Authorization' debe contener dos valores delimitados por espacios",
	noActiveAccount: 'No se encontró una cuenta de usuario activa para las credenciales dadas',
	loginFailed: 'Usuario o contraseña incorrectos.',

	// django-filter reports bad query values with Django form messages.
	filterInteger: 'Introduzca un número entero.',
	filterNumber: 'Introduzca un número.',
	filterDate: 'Introduzca una fecha válida.',
	filterChoice: (value: string) => `Escoja una opción válida. ${value} no es una de las opciones disponibles.`,
	filterModelChoice: 'Escoja una opción válida. Esa opción no está entre las disponibles.',
} as const;

/** Python's name for the type of a JSON value, as DRF puts it in its messages. */
export function pythonTypeName(value: unknown): string {
	if (value === null) return 'NoneType';
	if (Array.isArray(value)) return 'list';
	switch (typeof value) {
		case 'string':
			return 'str';
		case 'boolean':
			return 'bool';
		case 'number':
			return Number.isInteger(value) ? 'int' : 'float';
		case 'object':
			return 'dict';
		default:
			return typeof value;
	}
}
