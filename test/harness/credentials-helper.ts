/*
 * A credentials helper that does what n8n's own (packages/cli credentials-helper) does for our
 * credential type: function `authenticate`, and `preAuthentication` when the hidden expirable field
 * is empty or a request got 401, persisting what it returns. Every call is recorded for tests.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

export class StoredCredential {
	readonly preAuthentications: Array<{ expired: boolean }> = [];
	readonly updates: ICredentialDataDecryptedObject[] = [];

	constructor(
		readonly type: string,
		public data: ICredentialDataDecryptedObject,
		readonly id = 'cred-1',
		readonly name = 'Admintotal sandbox',
	) {}
}

export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialType: (name: string) => ICredentialType,
		private readonly stored: StoredCredential,
	) {
		super();
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
		const type = this.credentialType(typeName);
		if (typeof type.authenticate !== 'function') throw new Error(`${typeName}: the harness only supports function authenticate`);
		return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialType(typeName);
		const expirable = type.properties.find((property) => property.type === 'hidden' && property.typeOptions?.expirable === true);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const isCredentialTest = node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isCredentialTest) return undefined;
		this.stored.preAuthentications.push({ expired: credentialsExpired });
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		await this.updateCredentials({ id: this.stored.id, name: this.stored.name }, typeName, { ...this.stored.data, ...output } as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject, typeName: string) {
		const type = this.credentialType(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		// n8n decrypts a fresh copy per request; a shared object would hide missing persistence.
		return { ...this.stored.data };
	}

	async updateCredentials(_details: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject) {
		this.stored.updates.push({ ...data });
		this.stored.data = { ...data };
	}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialType(type).properties;
	}
}
