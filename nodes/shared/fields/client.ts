import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Field } from './field';
import { oneOf, rfc, text, wholeNumber } from './grammars';
import { requiredIdField } from './field';

/** Which client a document belongs to, in each endpoint's spelling (cliente / cliente_rfc; id_cliente / rfc_cliente / codigo_cliente). */
export type ClientApiNames = { id: string; rfc: string; code?: string };

const WAYS = {
	code: { title: 'By Client Code', meaning: 'The client code in Admintotal', parameter: 'clientCode', label: 'Client Code', grammar: text },
	id: { title: 'By ID', meaning: 'The numeric client ID in Admintotal', parameter: 'clientId', label: 'Client ID', grammar: wholeNumber },
	rfc: { title: 'By RFC', meaning: "The client's RFC (tax ID)", parameter: 'clientRfc', label: 'Client RFC', grammar: rfc },
} as const;

type Way = keyof typeof WAYS;

export function clientField(apiNames: ClientApiNames): Field {
	const ways = (Object.keys(WAYS) as Way[]).filter((way) => apiNames[way] !== undefined);
	const shownFor = (way: Way) => ({ show: { clientBy: [way] } });
	const properties: INodeProperties[] = [
		{
			displayName: 'Client',
			name: 'clientBy',
			type: 'options',
			options: ways.map((way): INodePropertyOptions => ({ name: WAYS[way].title, value: way, description: `${WAYS[way].meaning} (${apiNames[way]})` })),
			// Every endpoint accepts an RFC, the identifier a shop checkout usually collects.
			default: 'rfc',
		},
		...requiredIdField({ displayName: 'Client ID', name: 'clientId', apiName: apiNames.id, description: `The numeric client ID in Admintotal (${apiNames.id})`, displayOptions: shownFor('id') }).properties,
		{ displayName: 'Client RFC', name: 'clientRfc', type: 'string', default: '', required: true, placeholder: 'e.g. XAXX010101000', displayOptions: shownFor('rfc'), description: 'Checked for the RFC format before anything is sent' },
	];
	if (apiNames.code) properties.push({ displayName: 'Client Code', name: 'clientCode', type: 'string', default: '', required: true, displayOptions: shownFor('code') });
	return {
		properties,
		apiValues: (reader) => {
			const chosen = reader.read('clientBy', 'Client', oneOf(ways), { required: true }) as Way;
			const { parameter, label, grammar } = WAYS[chosen];
			return { [apiNames[chosen] as string]: reader.read<string | number>(parameter, label, grammar, { required: true }) };
		},
	};
}
