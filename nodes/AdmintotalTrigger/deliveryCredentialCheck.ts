import type { ICredentialTestFunctions, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { unusableSecret } from './deliveryAuthentication';

/**
 * The "Test" button of the Admintotal Webhook Delivery credential. The secret is never sent
 * anywhere (Admintotal sends it to n8n), so there is no request to try; the test checks that
 * what was typed can arrive intact in a delivery: something to compare, and text that survives
 * an HTTP header or Basic authentication.
 */
export async function testDeliveryCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const hasToken = typeof data.token === 'string' && data.token !== '';
	const hasUsername = typeof data.username === 'string' && data.username !== '';
	const hasPassword = typeof data.password === 'string' && data.password !== '';
	if (!hasToken && !hasUsername && !hasPassword) {
		return { status: 'Error', message: 'Enter a Token (Header Token) or a Username and Password (Basic Auth)' };
	}
	if (hasUsername !== hasPassword) {
		return { status: 'Error', message: 'Basic Auth needs both a Username and a Password' };
	}
	const problem =
		unusableSecret('The Token', data.token) ??
		unusableSecret('The Username', data.username, { isUsername: true }) ??
		unusableSecret('The Password', data.password);
	if (problem !== undefined) return { status: 'Error', message: problem };
	return { status: 'OK', message: 'The credential can be compared with deliveries' };
}
