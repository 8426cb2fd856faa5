/*
 * The compiled Polling Trigger's `poll` run in-process for the model-based test's many histories: a
 * poll context with what the node uses of IPollFunctions (parameters, node, timezone, static data,
 * logger, credentials, and an HTTP helper answered by the served list without a socket), and n8n's
 * saving of static data as test/harness/poll.ts keeps it (after the first good poll of an activation,
 * and after every poll that emits). One property of histories.test.ts runs through n8n-core's real
 * PollContext over HTTP instead, so this stand-in is checked against the real path.
 */
import type { IDataObject, IHttpRequestOptions, INode, IPollFunctions } from 'n8n-workflow';

import { loadPackage } from '../../harness/package';
import type { TriggerDriver } from './histories';
import type { NoteList } from './servedNotes';
import { answerPage } from './servedNotes';

const TENANT = 'http://127.0.0.1:9/api/v2';

function valueAt(parameters: IDataObject, path: string): unknown {
	let value: unknown = parameters;
	for (const name of path.split('.')) value = typeof value === 'object' && value !== null ? (value as IDataObject)[name] : undefined;
	return value;
}

export function inProcessDriver(list: NoteList, parameters: IDataObject): TriggerDriver {
	let current: IDataObject = { ...parameters };
	let timezone = 'UTC';
	let saved: IDataObject = {};
	let staticData: IDataObject = {};
	let activated = false;
	const node = (): INode => ({
		id: '00000000-0000-4000-8000-0000000000b1',
		name: 'Admintotal Polling Trigger',
		type: 'n8n-nodes-admintotal.admintotalPollingTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: current as INode['parameters'],
		credentials: { admintotalApi: { id: 'cred-1', name: 'in-process' } },
	});
	const context = {
		getNodeParameter: (name: string, fallback?: unknown) => valueAt(current, name) ?? fallback,
		getNode: node,
		getWorkflow: () => ({ id: 'inProcessWf01', name: 'in-process', active: true }),
		getMode: () => 'trigger',
		getActivationMode: () => (activated ? 'update' : 'activate'),
		getTimezone: () => timezone,
		getWorkflowStaticData: () => staticData,
		logger: { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined },
		getCredentials: async () => ({ baseUrl: 'http://127.0.0.1:9', authMethod: 'apiKey', apiKey: 'in-process-key' }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				const url = new URL(/^https?:/.test(options.url) ? options.url : `${TENANT}${options.url}`);
				for (const [name, value] of Object.entries(options.qs ?? {})) url.searchParams.set(name, String(value));
				const answer = answerPage(list, url);
				return { statusCode: answer.status, headers: { 'content-type': answer.html === undefined ? 'application/json' : 'text/html' }, body: answer.html ?? answer.body };
			},
		},
	} as unknown as IPollFunctions;
	const reload = () => {
		staticData = structuredClone(saved);
		activated = false;
	};
	return {
		list,
		async poll() {
			const nodeType = (await loadPackage()).node('admintotalPollingTrigger');
			let output;
			try {
				output = await nodeType.poll!.call(context);
			} catch (error) {
				return { ids: [], error: error as Error, saved: false };
			}
			const ids = (output?.[0] ?? []).map((item) => Number(item.json.id));
			const save = !activated || ids.length > 0;
			if (save) saved = structuredClone(staticData);
			activated = true;
			return { ids, saved: save };
		},
		restart: reload,
		edit(parameters) {
			current = { ...current, ...(parameters as IDataObject) };
			reload();
		},
		setTimezone(zone) {
			timezone = zone;
			reload();
		},
		setNow: (ms) => jest.setSystemTime(ms),
		damage(memory) {
			saved = { [String(current.event)]: memory as IDataObject };
			reload();
		},
		memoryBytes: () => Buffer.byteLength(JSON.stringify(staticData)),
	};
}
