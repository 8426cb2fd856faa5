import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * A fixed list of codes the API uses. SAT catalogs keep their official Spanish labels (what
 * accountants recognise on a CFDI); the English meaning goes in the option description. Each
 * catalog lives with the resource that uses it.
 */
export interface CatalogEntry<Code extends string | number = string> {
	code: Code;
	label: string;
	english: string;
}

export type Catalog<Code extends string | number = string> = readonly CatalogEntry<Code>[];

/** Dropdown options: "G01 - Adquisición de mercancías", with the English meaning as description. */
export function catalogOptions<Code extends string | number>(catalog: Catalog<Code>, { showCode = true } = {}): INodePropertyOptions[] {
	return catalog.map((entry) => ({
		name: showCode ? `${entry.code} - ${entry.label}` : `${entry.label} (${entry.english})`,
		value: entry.code,
		description: entry.english,
	}));
}

export function catalogEntry<Code extends string | number>(catalog: Catalog<Code>, code: unknown): CatalogEntry<Code> | undefined {
	return catalog.find((entry) => String(entry.code) === String(code).trim());
}

export function catalogLabel<Code extends string | number>(catalog: Catalog<Code>, code: unknown): string | undefined {
	return catalogEntry(catalog, code)?.label;
}
