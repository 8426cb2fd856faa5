import type { ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/** The secret Admintotal sends with each delivery, only compared with what arrives; none is required: the trigger's Delivery Authentication says which it needs. */
export class AdmintotalWebhookApi implements ICredentialType {
	name = 'admintotalWebhookApi';

	displayName = 'Admintotal Webhook Delivery API';

	icon: Icon = { light: 'file:../icons/admintotal.svg', dark: 'file:../icons/admintotal.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-admintotal/n8n-nodes-admintotal/blob/main/docs/trigger.md#set-it-up';

	properties: INodeProperties[] = [
		{
			displayName:
				'Use the same values you enter in Admintotal (Configuración → Webhooks) for this webhook: the token for "Header Token", or the username and password for "Basic Auth"',
			name: 'notice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Token',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'For Header Token: the value Admintotal sends in the Api-key header of each delivery',
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			description: 'For Basic Auth: the user name Admintotal sends with each delivery',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'For Basic Auth: the password Admintotal sends with each delivery',
		},
	];
}
