import type { Catalog, CatalogEntry } from '../records';
import { catalogEntry } from '../records';

/** SAT 69-B situations the API spec lists for `tipo`. */
export const BLACKLIST_TYPE: Catalog<number> = [
	{ code: 1, label: 'Definitivo', english: 'Definitive', description: 'SAT confirmed simulated operations' },
	{ code: 2, label: 'Desvirtuado', english: 'Cleared', description: 'The taxpayer disproved the presumption' },
	{ code: 3, label: 'Presunto', english: 'Presumed', description: 'Under review by SAT' },
];

/** What a 69-B situation means for business: `blocking`, the conservative reading to branch on, and `meaning`, why, in words a user or a model can act on. */
export interface BlacklistTypeReading {
	tipo: number | string | null;
	tipoLabel: string | null;
	blocking: boolean;
	meaning: string;
}

/** SAT's fourth situation, should Admintotal send it (the spec lists 1-3): BLACKLIST_TYPE's once the API confirms the code. */
const SENTENCIA_FAVORABLE: CatalogEntry<number> = { code: 4, label: 'Sentencia Favorable', english: 'Favourable ruling', description: 'A court ruled for the taxpayer' };

const KNOWN_TYPES = [...BLACKLIST_TYPE, SENTENCIA_FAVORABLE];

const READINGS: Record<string, { blocking: boolean; meaning: string }> = {
	Definitivo: { blocking: true, meaning: 'Definitivo: SAT confirmed that this taxpayer invoices simulated operations; its invoices have no tax effect. Do not do business with it or accept its invoices.' },
	Presunto: { blocking: true, meaning: 'Presunto: SAT presumes simulated operations and the taxpayer can still disprove them. Hold new business and deductions until SAT resolves the case.' },
	Desvirtuado: { blocking: false, meaning: "Desvirtuado: the taxpayer disproved SAT's presumption; its invoices keep their tax effect." },
	'Sentencia Favorable': { blocking: false, meaning: "Sentencia Favorable: a court ruled in the taxpayer's favour; its invoices keep their tax effect." },
};

/** Graver first: when an RFC has several entries, the first of these speaks. */
const GRAVITY = ['Definitivo', 'Presunto', undefined, 'Desvirtuado', 'Sentencia Favorable'];

/** The type as the API sent it: its code (a number, or a label written out), whatever it is. */
function knownType(tipo: unknown): CatalogEntry<number> | undefined {
	const byCode = catalogEntry(KNOWN_TYPES, tipo);
	if (byCode) return byCode;
	const text = typeof tipo === 'string' ? tipo.trim().toLowerCase() : '';
	return KNOWN_TYPES.find((entry) => entry.label.toLowerCase() === text);
}

export function readBlacklistType(tipo: unknown): BlacklistTypeReading {
	const known = knownType(tipo);
	if (known) return { tipo: known.code, tipoLabel: known.label, ...READINGS[known.label] };
	const shown = typeof tipo === 'number' || typeof tipo === 'string' ? tipo : tipo === undefined || tipo === null ? null : JSON.stringify(tipo);
	return {
		tipo: shown,
		tipoLabel: null,
		// Unknown is treated like the graver types until someone has looked.
		blocking: true,
		meaning: `Listed with a blacklist type this node does not know (${shown === null ? 'none' : JSON.stringify(shown)}): treat it as blocking until you have checked the taxpayer on SAT's 69-B list.`,
	};
}

export function gravityOf(tipo: unknown): number {
	return GRAVITY.indexOf(knownType(tipo)?.label);
}
