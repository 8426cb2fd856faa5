import { labelText } from './records';
import type { RecordList } from './resource';

/** Bank accounts and the chart of accounts: their own nodes read them and other operations' account fields pick from them. */
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
