import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkedWithAllItems } from '../shared/itemWave';
import type { Converter } from '../shared/filters';
import { routeToAdmintotal } from '../shared/transport';
import { normalizeRfc, rfcProblem } from '../shared/validation';
import { gravityOf, readBlacklistType } from './blacklistType';
import { GENERIC_RFCS, checkDigitValid, isGenericRfc } from './rfcCheckDigit';

/** The one item Check RFC outputs per input item, listed or not, so a workflow can branch on `listed` or `blocking`. */
export interface BlacklistVerdict extends IDataObject {
	rfc: string;
	listed: boolean;
	tipo: number | string | null;
	tipoLabel: string | null;
	nombre: string | null;
	blocking: boolean;
	meaning: string;
	checkDigitValid: boolean | null;
	generic: boolean;
}

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
	const checks = { checkDigitValid: checkDigitValid(rfc), generic: isGenericRfc(rfc) };
	const entry = entries
		.filter((candidate) => normalizeRfc(candidate.rfc) === rfc)
		.sort((a, b) => gravityOf(a.tipo) - gravityOf(b.tipo))[0];
	if (!entry) {
		const meaning = checks.generic
			? `Generic RFC for ${GENERIC_RFCS[rfc]}: SAT's 69-B list never names it, so it was not looked up.`
			: "Not on SAT's 69-B list as kept by Admintotal.";
		return { rfc, listed: false, tipo: null, tipoLabel: null, nombre: null, blocking: false, meaning, ...checks };
	}
	const { tipo, tipoLabel, blocking, meaning } = readBlacklistType(entry.tipo);
	const nombre = typeof entry.nombre === 'string' ? entry.nombre : null;
	return { rfc, listed: true, tipo, tipoLabel, nombre, blocking, meaning, ...checks };
}

/**
 * Check RFC's request step: a generic RFC stands for unnamed counterparties and is never listed,
 * so its verdict is given without a request; customer lists full of sales to the public in general
 * then cost no requests for them.
 */
export async function lookUpUnlessGeneric(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const rfc = normalizeRfc(this.getNodeParameter('rfc', ''));
	if (isGenericRfc(rfc)) return [{ json: blacklistVerdict(rfc, []) }];
	return await routeToAdmintotal.call(this, requestData);
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
