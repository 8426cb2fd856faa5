import { labelText as text } from '../shared/labels';
import { searchList } from '../shared/transport/search';

export const searchLedgerAccounts = searchList({
	path: '/cuentas/',
	label: (account) => [text(account.numero_cuenta), text(account.descripcion)].filter(Boolean).join(' '),
});
