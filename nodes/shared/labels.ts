import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from '../../tenant/json';

/** A record's field as label text ('' when missing). */
export const labelText = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** The name of a record's embedded client. */
export const clientName = (record: IDataObject) => {
	const client = record.cliente;
	return isJsonObject(client) ? labelText(client.razon_social) : '';
};
