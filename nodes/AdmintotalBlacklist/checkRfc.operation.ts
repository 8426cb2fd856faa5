import { route, showFor } from '../shared/descriptions';
import { requireValidRfc, toBlacklistVerdict } from './rfcCheck';

const displayOptions = showFor('blacklistEntry', ['checkRfc']);

export const checkRfc = {
	option: {
		name: 'Check RFC',
		value: 'checkRfc',
		action: 'Check whether an RFC is blacklisted',
		description:
			"Look up one RFC per input item and output one item with 'listed' true or false, its type (tipo) and name, ready for an IF node",
		routing: {
			...route('GET', '/listanegra/'),
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
			hint: "Outputs rfc, listed, tipo, tipoLabel and nombre. Branch with an IF node on 'listed' is true; tipo 2 (Desvirtuado) means the taxpayer disproved the presumption.",
			routing: { send: { preSend: [requireValidRfc('rfc', 'RFC')] } },
		},
	],
};
