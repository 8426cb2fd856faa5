import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { labelText as text } from '../shared/labels';
import { defineResource } from '../shared/resource';

export const bankAccounts = defineResource({
	noun: 'Bank Account',
	record: 'bank account',
	records: 'bank accounts',
	description: 'Read the bank accounts of an Admintotal tenant',
	path: '/cuentas_bancarias/',
	label: (account) => [text(account.descripcion) || `Account ${text(account.id)}`, text(account.banco), text(account.moneda)].filter(Boolean).join(' · '),
});

export class AdmintotalBankAccount implements INodeType {
	description: INodeTypeDescription = {
		...bankAccounts.description,
		// n8n's lint reads these in the class itself.
		icon: { light: 'file:../../icons/admintotal.svg', dark: 'file:../../icons/admintotal.dark.svg' },
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		usableAsTool: true,
	};

	methods = bankAccounts.methods;

	execute = bankAccounts.execute;
}
