import { labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchBankAccounts = searchList({
	path: '/cuentas_bancarias/',
	label: (account) => [text(account.descripcion) || `Account ${text(account.id)}`, text(account.banco), text(account.moneda)].filter(Boolean).join(' · '),
});
