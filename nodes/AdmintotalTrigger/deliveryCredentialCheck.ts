import type { ICredentialTestFunctions, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { unusableSecret } from './deliveryAuthentication';

/** The Webhook Delivery credential's Test: nothing to send (Admintotal sends the secret), so it checks what was typed can arrive intact. */
export async function testDeliveryCredential(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const hasToken = typeof data.token === 'string' && data.token !== '';
	const hasUsername = typeof data.username === 'string' && data.username !== '';
	const hasPassword = typeof data.password === 'string' && data.password !== '';
	if (!hasToken && !hasUsername && !hasPassword) return { status: 'Error', message: 'Enter a Token (Header Token) or a Username and Password (Basic Auth)' };
	if (hasUsername !== hasPassword) return { status: 'Error', message: 'Basic Auth needs both a Username and a Password' };
	const problem = unusableSecret('The Token', data.token) ?? unusableSecret('The Username', data.username, { isUsername: true }) ?? unusableSecret('The Password', data.password);
	if (problem !== undefined) return { status: 'Error', message: problem };
	return { status: 'OK', message: 'The credential can be compared with deliveries' };
}
