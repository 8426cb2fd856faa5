import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { boolean, countUpTo, isBlank } from '../fields/grammars';
import type { ValueReader } from '../fields/reader';
import { DEFAULT_CEILING, MAX_CEILING } from '../tenant/pace/run';

/** The Request Options n8n gives a declarative node, under the same names so saved workflows keep them; applied here, as our nodes run their items themselves. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batching',
			name: 'batching',
			placeholder: 'Add Batching',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			default: { batch: {} },
			options: [
				{
					displayName: 'Batching',
					name: 'batch',
					values: [
						{ displayName: 'Items per Batch', name: 'batchSize', type: 'number', typeOptions: { minValue: -1 }, default: 50, description: 'How many items are sent together before the pause. 0 or -1 count as 1.' },
						{ displayName: 'Batch Interval', name: 'batchInterval', type: 'number', typeOptions: { minValue: 0 }, default: 1000, description: 'Pause before each next batch, in milliseconds (ms). 0 turns batching off.' },
					],
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
			hint: "Applies to every request of this node, the login of a Username and Password credential included. The credential's Test button and n8n's HTTP Request node log in without it.",
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description:
				"The HTTP proxy every request of this node goes through, the login of a Username and Password credential included (the credential's Test button and n8n's HTTP Request node log in without it), with its user and password in the address if it needs them (http://user:password@myproxy:3128)",
		},
		{ displayName: 'Timeout', name: 'timeout', type: 'number', typeOptions: { minValue: 1 }, default: 10000, description: 'Time in ms to wait for the whole answer of each request (a login included) before aborting it' },
	],
};

/** Items sent together, and the pause before the next batch; undefined: every item at once. */
export interface Batching {
	size: number;
	intervalMs: number;
}

/** Batching as n8n reads it: on when the interval is above 0; a size below 1 counts as 1. */
export function batchingOf(reader: ValueReader): Batching | undefined {
	const batch = reader.raw('requestOptions.batching.batch', {}) as IDataObject | undefined;
	const intervalMs = Number(batch?.batchInterval);
	if (!(intervalMs > 0)) return undefined;
	const size = Math.floor(Number(batch?.batchSize));
	return { size: size > 0 ? size : 1, intervalMs };
}

/** The item's request with its Timeout, Proxy and Ignore SSL Issues, as the node's settings give them. */
export function withRequestSettings(request: IHttpRequestOptions, reader: ValueReader): IHttpRequestOptions {
	const settings = reader.within('requestOptions', 'Request Options');
	const timeout = settings.raw('timeout', '');
	const proxy = settings.raw('proxy', '');
	return {
		...request,
		...(typeof timeout === 'number' && timeout > 0 ? { timeout } : {}),
		...(isBlank(proxy) ? {} : { proxy: proxyOf(settings, String(proxy)) }),
		...(settings.read('allowUnauthorizedCerts', 'Ignore SSL Issues', boolean) === true ? { skipSslCertificateValidation: true } : {}),
	};
}

function proxyOf(settings: ValueReader, written: string): IHttpRequestOptions['proxy'] {
	const url = URL.canParse(written) ? new URL(written) : undefined;
	if (!url?.hostname || !url.port) return settings.fail('Proxy', 'is not a proxy address with a host and a port', 'Write it like http://myproxy:3128.');
	const auth = url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : undefined;
	return { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(/:$/, ''), ...(auth ? { auth } : {}) };
}

/** Parallel Requests, where workflows have always saved it (`options.parallelRequests`): the run's budget, a poll's pages and lookups. */
export function parallelRequestsProperty(description: string): INodeProperties {
	return {
		displayName: 'Parallel Requests',
		name: 'parallelRequests',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CEILING, numberPrecision: 0 },
		default: DEFAULT_CEILING,
		description,
	};
}

export function parallelRequestsOf(reader: ValueReader): number {
	return reader.read('options.parallelRequests', 'Parallel Requests', countUpTo(MAX_CEILING)) ?? DEFAULT_CEILING;
}
