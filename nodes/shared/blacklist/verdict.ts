import type { IDataObject } from 'n8n-workflow';

import { holdsMaskedSecret } from '../tenant/errors';
import { normalizeRfc } from '../fields/grammars';
import { gravityOf, readBlacklistType } from './blacklistType';
import { GENERIC_RFCS, checkDigitValid, isGenericRfc } from './rfcCheckDigit';

/** SAT's 69-B list as Admintotal serves it: the Blacklist node and the Polling Trigger both read it. */
export const BLACKLIST_PATH = '/listanegra/';

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

/** The RFC an entry names, normalized; one holding a masked secret (a password such as 680524) stops the check rather than read as not listed. */
export function entryRfc(entry: IDataObject): string {
	const rfc = typeof entry.rfc === 'string' ? entry.rfc : '';
	if (holdsMaskedSecret(rfc)) throw new Error(`Admintotal answered a blacklist entry whose RFC holds a secret of the credential (${rfc.slice(0, 40)}), so it cannot be matched to an RFC`);
	return normalizeRfc(entry.rfc);
}

/** Only an exact RFC match among the entries counts as listed, whatever else the API returns for the query. */
export function blacklistVerdict(rfc: string, entries: IDataObject[]): BlacklistVerdict {
	const checks = { checkDigitValid: checkDigitValid(rfc), generic: isGenericRfc(rfc) };
	const entry = entries.filter((candidate) => entryRfc(candidate) === rfc).sort((a, b) => gravityOf(a.tipo) - gravityOf(b.tipo))[0];
	if (!entry) {
		const meaning = checks.generic ? `Generic RFC for ${GENERIC_RFCS[rfc]}: SAT's 69-B list never names it, so it was not looked up.` : "Not on SAT's 69-B list as kept by Admintotal.";
		return { rfc, listed: false, tipo: null, tipoLabel: null, nombre: null, blocking: false, meaning, ...checks };
	}
	const { tipo, tipoLabel, blocking, meaning } = readBlacklistType(entry.tipo);
	const nombre = typeof entry.nombre === 'string' ? entry.nombre : null;
	return { rfc, listed: true, tipo, tipoLabel, nombre, blocking, meaning, ...checks };
}
