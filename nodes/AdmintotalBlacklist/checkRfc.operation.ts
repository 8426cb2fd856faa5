import { rfcField } from '../shared/fields/field';
import { defineOperation } from '../shared/operation/define';
import { isGenericRfc } from '../shared/blacklist/rfcCheckDigit';
import { blacklistVerdict, entryRfc } from '../shared/blacklist/verdict';

export const checkRfc = defineOperation({
	value: 'checkRfc',
	name: 'Check RFC',
	action: 'Check whether an RFC is on the SAT 69-B blacklist',
	description:
		"Look up one RFC per input item and output one item with 'listed', its type (tipo), 'blocking' and what the type means, ready for an IF node",
	kind: 'lookup',
	fields: [
		rfcField({
			displayName: 'RFC',
			name: 'rfc',
			apiName: 'rfc',
			required: true,
			placeholder: 'e.g. ABC680524P76',
			description:
				"The taxpayer's RFC: 12 characters for a company, 13 for a person. Spaces, dashes and lower case are accepted; a malformed RFC stops the item before any request.",
			hint: "Outputs listed, tipo, tipoLabel, nombre, blocking (Definitivo, Presunto or an unknown type), meaning, checkDigitValid and generic. Branch with an IF node on 'blocking' is true. A wrong check digit is reported, not refused; the generic RFCs XAXX010101000 and XEXX010101000 are never looked up.",
		}),
	],
	// A generic RFC stands for unnamed counterparties and is never listed: sales to the public in general cost no request.
	answeredWithoutAsking: (values) => isGenericRfc(String(values.rfc)),
	// Many items are answered together: one lookup per distinct RFC, or one read of the whole list when that takes fewer round trips.
	lookup: { parameter: 'rfc', keyOf: entryRfc },
	output: (entries, values) => [blacklistVerdict(String(values.rfc), entries)],
});
