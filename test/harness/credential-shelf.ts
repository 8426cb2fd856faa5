/*
 * Several stored credentials at once, one per credential type, as n8n has when a node uses more
 * than one (the Admintotal Trigger: the API credential for activation, the delivery secret for
 * deliveries). Each type is served by its own HarnessCredentialsHelper, so authentication,
 * preAuthentication and persistence behave exactly as in the single-credential harness.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentials,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { HarnessCredentialsHelper, StoredCredential } from './credentials-helper';

export class CredentialShelf extends ICredentialsHelper {
	private readonly byType = new Map<string, HarnessCredentialsHelper>();

	constructor(
		private readonly credentialType: (name: string) => ICredentialType,
		readonly stored: readonly StoredCredential[],
	) {
		super();
		for (const credential of stored) {
			if (this.byType.has(credential.type)) throw new Error(`Two stored credentials of type ${credential.type}`);
			this.byType.set(credential.type, new HarnessCredentialsHelper(credentialType, credential));
		}
	}

	/** The `credentials` block of a node using every stored credential. */
	nodeCredentials(): INodeCredentials {
		return Object.fromEntries(this.stored.map((credential) => [credential.type, { id: credential.id, name: credential.name }]));
	}

	private helperFor(type: string): HarnessCredentialsHelper {
		const helper = this.byType.get(type);
		if (!helper) throw new Error(`No stored credential of type ${type} in this test`);
		return helper;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		return await this.helperFor(typeName).authenticate(credentials, typeName, requestOptions);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return await this.helperFor(typeName).preAuthentication(helpers, credentials, typeName, node, credentialsExpired);
	}

	async runPreAuthentication(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject, typeName: string) {
		return await this.helperFor(typeName).runPreAuthentication(helpers, credentials, typeName);
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(_additionalData: IWorkflowExecuteAdditionalData, _details: INodeCredentialsDetails, type: string): Promise<ICredentialDataDecryptedObject> {
		return await this.helperFor(type).getDecrypted();
	}

	async updateCredentials(details: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		await this.helperFor(type).updateCredentials(details, type, data);
	}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialType(type).properties;
	}
}

export { StoredCredential };
