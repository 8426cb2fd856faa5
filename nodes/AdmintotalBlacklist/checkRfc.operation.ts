import { route, showFor } from '../shared/descriptions';
import { lookUpUnlessGeneric, requireValidRfc, toBlacklistVerdict } from './rfcCheck';

const displayOptions = showFor('blacklistEntry', ['checkRfc']);

export const checkRfc = {
	option: {
		name: 'Check RFC',
		value: 'checkRfc',
		action: 'Check whether an RFC is on the SAT 69-B blacklist',
		description:
			"Look up one RFC per input item and output one item with 'listed', its type (tipo), 'blocking' and what the type means, ready for an IF node",
		routing: {
			...route('GET', '/listanegra/'),
			operations: { pagination: lookUpUnlessGeneric },
			output: { postReceive: [toBlacklistVerdict('rfc')] },
		},
	},
	properties: [
		{
			displayName: 'RFC',
			name: 'rfc',
			type: 'string' as const,
			required: true,
			default: '',
			placeholder: 'e.g. ABC680524P76',
			displayOptions,
			description:
				"The taxpayer's RFC: 12 characters for a company, 13 for a person. Spaces, dashes and lower case are accepted; a malformed RFC stops the item before any request.",
			hint: "Outputs listed, tipo, tipoLabel, nombre, blocking (Definitivo, Presunto or an unknown type), meaning, checkDigitValid and generic. Branch with an IF node on 'blocking' is true. A wrong check digit is reported, not refused; the generic RFCs XAXX010101000 and XEXX010101000 are never looked up.",
			routing: { send: { preSend: [requireValidRfc('rfc', 'RFC')] } },
		},
	],
};
