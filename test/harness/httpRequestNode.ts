/*
 * A stand-in for n8n's HTTP Request node (v4) using "Predefined Credential Type → Admintotal API":
 * it passes the address as `uri` and follows redirects unless told not to, then calls the
 * credential through `requestWithAuthentication`, as that node does (n8n-nodes-base HttpRequestV3).
 * The real node is exercised in the end-to-end suite; this one runs in the engine harness.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import type { StoredCredential } from './credentials-helper';
import { runNodeType } from './engine';

export interface HttpRequestNodeCall {
	uri: string;
	qs?: IDataObject;
}

const httpRequestLike: INodeType = {
	description: {
		displayName: 'HTTP Request (stand-in)',
		name: 'httpRequestStandIn',
		group: ['output'],
		version: 1,
		description: '',
		defaults: {},
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'admintotalApi', required: true }],
		properties: [
			{ displayName: 'URI', name: 'uri', type: 'string', default: '' },
			{ displayName: 'Query', name: 'qs', type: 'json', default: '' },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const qs = this.getNodeParameter('qs', 0) as string;
		// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions -- the HTTP Request node still calls this one
		const response = (await this.helpers.requestWithAuthentication.call(
			this,
			'admintotalApi',
			{
				headers: {},
				method: 'GET',
				uri: this.getNodeParameter('uri', 0) as string,
				qs: qs === '' ? undefined : (JSON.parse(qs) as IDataObject),
				json: true,
				gzip: true,
				rejectUnauthorized: true,
				resolveWithFullResponse: true,
				// The node's defaults in version 4: follow every redirect, up to 21.
				followRedirect: true,
				followAllRedirects: true,
				maxRedirects: 21,
			},
			undefined,
			0,
		)) as { statusCode: number; body: IDataObject };
		return [[{ json: { statusCode: response.statusCode, body: response.body } }]];
	},
};

export async function runHttpRequestNode(credential: StoredCredential, call: HttpRequestNodeCall) {
	return await runNodeType(httpRequestLike, { uri: call.uri, qs: call.qs ? JSON.stringify(call.qs) : '' }, credential);
}
