import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Every fixed list of codes the API uses, once. SAT catalogs keep their official Spanish labels
 * (what accountants recognise on a CFDI); the English meaning goes in the option description.
 */
export interface CatalogEntry<Code extends string | number = string> {
	code: Code;
	label: string;
	english: string;
}

export type Catalog<Code extends string | number = string> = readonly CatalogEntry<Code>[];

/** SAT c_UsoCFDI, the 25 codes the API accepts for `uso_cfdi`. */
export const USO_CFDI: Catalog = [
	{ code: 'G01', label: 'Adquisición de mercancías', english: 'Purchase of goods' },
	{ code: 'G02', label: 'Devoluciones, descuentos o bonificaciones', english: 'Returns, discounts or rebates' },
	{ code: 'G03', label: 'Gastos en general', english: 'General expenses' },
	{ code: 'I01', label: 'Construcciones', english: 'Construction' },
	{ code: 'I02', label: 'Mobiliario y equipo de oficina por inversiones', english: 'Office furniture and equipment (investment)' },
	{ code: 'I03', label: 'Equipo de transporte', english: 'Transport equipment' },
	{ code: 'I04', label: 'Equipo de cómputo y accesorios', english: 'Computer equipment and accessories' },
	{ code: 'I05', label: 'Dados, troqueles, moldes, matrices y herramental', english: 'Dies, moulds and tooling' },
	{ code: 'I06', label: 'Comunicaciones telefónicas', english: 'Telephone communications' },
	{ code: 'I07', label: 'Comunicaciones satelitales', english: 'Satellite communications' },
	{ code: 'I08', label: 'Otra maquinaria y equipo', english: 'Other machinery and equipment' },
	{ code: 'D01', label: 'Honorarios médicos, dentales y gastos hospitalarios', english: 'Medical, dental and hospital fees' },
	{ code: 'D02', label: 'Gastos médicos por incapacidad o discapacidad', english: 'Medical expenses for disability' },
	{ code: 'D03', label: 'Gastos funerales', english: 'Funeral expenses' },
	{ code: 'D04', label: 'Donativos', english: 'Donations' },
	{ code: 'D05', label: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', english: 'Mortgage interest (home)' },
	{ code: 'D06', label: 'Aportaciones voluntarias al SAR', english: 'Voluntary retirement savings contributions' },
	{ code: 'D07', label: 'Primas por seguros de gastos médicos', english: 'Medical insurance premiums' },
	{ code: 'D08', label: 'Gastos de transportación escolar obligatoria', english: 'Mandatory school transport' },
	{ code: 'D09', label: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', english: 'Savings deposits and pension plan premiums' },
	{ code: 'D10', label: 'Pagos por servicios educativos (colegiaturas)', english: 'School tuition' },
	{ code: 'P01', label: 'Por definir', english: 'To be defined' },
	{ code: 'CP01', label: 'Pagos', english: 'Payments' },
	{ code: 'CN01', label: 'Nómina', english: 'Payroll' },
	{ code: 'S01', label: 'Sin efectos fiscales', english: 'No tax effects' },
];

/** SAT c_FormaPago, the 22 codes the API accepts for `forma_pago`. */
export const FORMA_PAGO: Catalog = [
	{ code: '01', label: 'Efectivo', english: 'Cash' },
	{ code: '02', label: 'Cheque nominativo', english: 'Nominative cheque' },
	{ code: '03', label: 'Transferencia electrónica de fondos', english: 'Electronic funds transfer' },
	{ code: '04', label: 'Tarjeta de crédito', english: 'Credit card' },
	{ code: '05', label: 'Monedero electrónico', english: 'Electronic purse' },
	{ code: '06', label: 'Dinero electrónico', english: 'Electronic money' },
	{ code: '08', label: 'Vales de despensa', english: 'Grocery vouchers' },
	{ code: '12', label: 'Dación en pago', english: 'Payment in kind' },
	{ code: '13', label: 'Pago por subrogación', english: 'Payment by subrogation' },
	{ code: '14', label: 'Pago por consignación', english: 'Payment by consignment' },
	{ code: '15', label: 'Condonación', english: 'Debt forgiveness' },
	{ code: '17', label: 'Compensación', english: 'Set-off' },
	{ code: '23', label: 'Novación', english: 'Novation' },
	{ code: '24', label: 'Confusión', english: 'Merger of debtor and creditor' },
	{ code: '25', label: 'Remisión de deuda', english: 'Debt remission' },
	{ code: '26', label: 'Prescripción o caducidad', english: 'Prescription or expiry' },
	{ code: '27', label: 'A satisfacción del acreedor', english: "To the creditor's satisfaction" },
	{ code: '28', label: 'Tarjeta de débito', english: 'Debit card' },
	{ code: '29', label: 'Tarjeta de servicios', english: 'Service card' },
	{ code: '30', label: 'Aplicación de anticipos', english: 'Application of advances' },
	{ code: '31', label: 'Intermediario pagos', english: 'Payment intermediary' },
	{ code: '99', label: 'Por definir', english: 'To be defined' },
];

export const WORK_ORDER_STATUS: Catalog<number> = [
	{ code: 1, label: 'Abierta', english: 'Open' },
	{ code: 2, label: 'Proceso', english: 'In progress' },
	{ code: 3, label: 'Terminada', english: 'Finished' },
	{ code: 4, label: 'Cancelada', english: 'Cancelled' },
	{ code: 5, label: 'Confirmada', english: 'Confirmed' },
];

export const WORK_ORDER_PRIORITY: Catalog<number> = [
	{ code: 1, label: 'Alta', english: 'High' },
	{ code: 2, label: 'Media', english: 'Medium' },
	{ code: 3, label: 'Baja', english: 'Low' },
];

export const BLACKLIST_TYPE: Catalog<number> = [
	{ code: 1, label: 'Definitivo', english: 'Definitive: confirmed simulated operations' },
	{ code: 2, label: 'Desvirtuado', english: 'Cleared: the taxpayer disproved the presumption' },
	{ code: 3, label: 'Presunto', english: 'Presumed: under review' },
];

export const DISTRIBUTION_MEDIUM: Catalog<number> = [
	{ code: 1, label: 'Tienda', english: 'Store' },
	{ code: 2, label: 'Web', english: 'Web' },
	{ code: 3, label: 'Ambos', english: 'Both' },
];

export const CARD_TYPE: Catalog<number> = [
	{ code: 1, label: 'Crédito', english: 'Credit card' },
	{ code: 2, label: 'Débito', english: 'Debit card' },
];

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
