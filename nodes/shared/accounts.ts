import { labelText } from './records';
import type { RecordList } from './resource';

/**
 * The tenant's bank accounts and chart of accounts as lists. Their own nodes read them, and the
 * account fields of other operations pick from them (a Customer Advance's bank account, an Internal
 * Consumption's expense account), so they are declared here, once, for both.
 */
export const BANK_ACCOUNTS: RecordList = {
	records: 'bank accounts',
	path: '/cuentas_bancarias/',
	label: (account) => [labelText(account.descripcion) || `Account ${labelText(account.id)}`, labelText(account.banco), labelText(account.moneda)].filter(Boolean).join(' · '),
};

export const LEDGER_ACCOUNTS: RecordList = {
	records: 'ledger accounts',
	path: '/cuentas/',
	label: (account) => [labelText(account.numero_cuenta), labelText(account.descripcion)].filter(Boolean).join(' '),
};
