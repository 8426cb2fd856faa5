/*
 * A credentials helper that does what n8n's own (packages/cli credentials-helper) does for our
 * credential types: function `authenticate`, and `preAuthentication` when the hidden expirable field
 * is empty or a request got 401, persisting what it returns. It holds one stored credential per type
 * (the trigger uses two: the API credential and the delivery secret).
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
import { ICredentialsHelper, sleep } from 'n8n-workflow';

export class StoredCredential {
	/** Milliseconds each read waits, as n8n's reads from its database do (varying per read). */
	readLatencyMs?: () => number;

	constructor(
		readonly type: string,
		public data: ICredentialDataDecryptedObject,
		readonly id = 'cred-1',
		readonly name = 'Admintotal sandbox',
	) {}
}

export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly byType = new Map<string, StoredCredential>();

	constructor(
		private readonly credentialType: (name: string) => ICredentialType,
		stored: StoredCredential | readonly StoredCredential[],
	) {
		super();
		for (const credential of Array.isArray(stored) ? stored : [stored]) {
			if (this.byType.has(credential.type)) throw new Error(`Two stored credentials of type ${credential.type}`);
			this.byType.set(credential.type, credential);
		}
	}

	/** The `credentials` block of a node using every stored credential. */
	nodeCredentials(): INodeCredentials {
		return Object.fromEntries([...this.byType.values()].map((credential) => [credential.type, { id: credential.id, name: credential.name }]));
	}

	private stored(type: string): StoredCredential {
		const credential = this.byType.get(type);
		if (!credential) throw new Error(`No stored credential of type ${type} in this test`);
		return credential;
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
		if (type.authenticate === undefined) return requestOptions as IHttpRequestOptions;
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
		const stored = this.stored(typeName);
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		await this.updateCredentials({ id: stored.id, name: stored.name }, typeName, { ...stored.data, ...output } as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output);
	}

	// n8n calls these two for OAuth2 credentials only.
	async runPreAuthentication(): Promise<undefined> {
		throw new Error('not used by the harness');
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(_additionalData: IWorkflowExecuteAdditionalData, _details: INodeCredentialsDetails, type: string): Promise<ICredentialDataDecryptedObject> {
		// n8n decrypts a fresh copy per request; a shared object would hide missing persistence.
		const stored = this.stored(type);
		const read = { ...stored.data };
		// What was read is handed over later, as a database answer is: by then another item may have stored a session.
		const latency = stored.readLatencyMs?.() ?? 0;
		if (latency > 0) await sleep(latency);
		return read;
	}

	async updateCredentials(_details: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		this.stored(type).data = { ...data };
	}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialType(type).properties;
	}
}
