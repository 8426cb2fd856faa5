import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkedWithAllItems } from '../shared/itemWave';
import { BLACKLIST_TYPE, catalogLabel } from '../shared/catalogs';
import type { Converter } from '../shared/filters';
import { normalizeRfc, rfcProblem } from '../shared/validation';

/** The one item Check RFC outputs per input item, listed or not, so a workflow can branch on `listed`. */
export interface BlacklistVerdict extends IDataObject {
	rfc: string;
	listed: boolean;
	tipo: number | null;
	tipoLabel: string | null;
	nombre: string | null;
}

/** When an RFC shows up more than once, the gravest entry speaks: Definitivo, then Presunto, then Desvirtuado. */
const GRAVITY = [1, 3, 2];

/** Pre-send step: a malformed RFC is refused here, so nothing reaches Admintotal. */
export function requireValidRfc(parameter: string, label: string) {
	return checkedWithAllItems(async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const raw = this.getNodeParameter(parameter, '');
		const problem = rfcProblem(raw);
		if (problem !== undefined) {
			const itemIndex = this.getItemIndex();
			throw new NodeOperationError(this.getNode(), `'${label}' is not a valid RFC [item ${itemIndex}]`, {
				itemIndex,
				description: `The RFC ${problem}. Nothing was sent to Admintotal. Spaces, dashes and lower case are accepted.`,
			});
		}
		return { ...requestOptions, qs: { ...(requestOptions.qs ?? {}), rfc: normalizeRfc(raw) } };
	});
}

export function blacklistVerdict(rfc: string, entries: IDataObject[]): BlacklistVerdict {
	const matches = entries
		.filter((entry) => normalizeRfc(entry.rfc) === rfc)
		.sort((a, b) => gravityOf(a.tipo) - gravityOf(b.tipo));
	const entry = matches[0];
	if (!entry) return { rfc, listed: false, tipo: null, tipoLabel: null, nombre: null };
	const tipo = Number(entry.tipo);
	return {
		rfc,
		listed: true,
		tipo: Number.isInteger(tipo) ? tipo : null,
		tipoLabel: catalogLabel(BLACKLIST_TYPE, entry.tipo) ?? null,
		nombre: typeof entry.nombre === 'string' ? entry.nombre : null,
	};
}

function gravityOf(tipo: unknown): number {
	const rank = GRAVITY.indexOf(Number(tipo));
	return rank === -1 ? GRAVITY.length : rank;
}

/**
 * Post-receive step: the entries the API found for `?rfc=` become one verdict item. Only an exact
 * RFC match counts as listed, whatever else the API returns for the query.
 */
export function toBlacklistVerdict(parameter: string) {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
		const rfc = normalizeRfc(this.getNodeParameter(parameter, ''));
		return [{ json: blacklistVerdict(rfc, items.map((item) => item.json)) }];
	};
}

/** Get Many's RFC filter: written the way the SAT writes RFCs, whole or in part. */
export const asRfcText: Converter = (raw) => {
	const rfc = normalizeRfc(raw);
	return { value: rfc === '' ? undefined : rfc };
};
