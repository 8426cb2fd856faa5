import type { IDataObject, IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { FieldReader } from './body';
import { requiredIdProperties } from './writeFields';

/**
 * Which client a document belongs to. Each endpoint spells the fields its own way (sales notes and
 * advances: cliente / cliente_rfc; orders: id_cliente / rfc_cliente / codigo_cliente).
 */
export type ClientWay = 'id' | 'rfc' | 'code';

export type ClientFieldNames = Partial<Record<ClientWay, string>> & { rfc: string };

const WAYS: Record<ClientWay, { title: string; meaning: string; parameter: string; label: string }> = {
	id: { title: 'By ID', meaning: 'The numeric client ID in Admintotal', parameter: 'clientId', label: 'Client ID' },
	rfc: { title: 'By RFC', meaning: "The client's RFC (tax ID)", parameter: 'clientRfc', label: 'Client RFC' },
	code: { title: 'By Client Code', meaning: 'The client code in Admintotal', parameter: 'clientCode', label: 'Client Code' },
};

export function clientProperties(displayOptions: IDisplayOptions, apiNames: ClientFieldNames): INodeProperties[] {
	const show = displayOptions.show ?? {};
	const ways = (Object.keys(apiNames) as ClientWay[]).sort();
	return [
		{
			displayName: 'Client',
			name: 'clientBy',
			type: 'options',
			displayOptions,
			options: ways.map((way): INodePropertyOptions => ({ name: WAYS[way].title, value: way, description: `${WAYS[way].meaning} (${apiNames[way]})` })),
			// Every endpoint accepts an RFC, the identifier a shop checkout usually collects.
			default: 'rfc',
		},
		...requiredIdProperties({
			displayName: 'Client ID',
			name: 'clientId',
			description: `The numeric client ID in Admintotal (${apiNames.id})`,
			displayOptions: { show: { ...show, clientBy: ['id'] } },
		}),
		{
			displayName: 'Client RFC',
			name: 'clientRfc',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. XAXX010101000',
			displayOptions: { show: { ...show, clientBy: ['rfc'] } },
			description: 'Checked for the RFC format before anything is sent',
		},
		{
			displayName: 'Client Code',
			name: 'clientCode',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { ...show, clientBy: ['code'] } },
		},
	].filter((property) => property.name === 'clientBy' || ways.some((way) => WAYS[way].parameter === property.name)) as INodeProperties[];
}

export function readClient(read: FieldReader, apiNames: ClientFieldNames): IDataObject {
	const way = read.raw('clientBy', 'rfc') as ClientWay;
	const apiName = apiNames[way];
	if (!apiName) return read.fail('Client', `cannot be given ${String(way)} here`);
	const { parameter, label } = WAYS[way];
	if (way === 'id') return { [apiName]: read.wholeNumber(parameter, label, { required: true }) };
	if (way === 'rfc') return { [apiName]: read.rfc(parameter, label, { required: true }) };
	return { [apiName]: read.text(parameter, label, { required: true }) };
}
