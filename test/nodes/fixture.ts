/*
 * One sandbox per test file, and the few words every node test uses: run a node with the demo
 * API key, read what the sandbox received, pick records By ID or From List.
 */

import { sleep } from 'n8n-workflow';

import { credentialFor, runNode, searchList, type NodeRun, type RunOptions } from '../harness/engine';
import { forgetPaces } from '../harness/package';
import { perFile } from '../harness/perFile';
import { DEMO, startSandbox, type Sandbox } from '../sandbox';
import type { RecordedRequest, SandboxOptions } from '../sandbox/types';

export const API = '/api/v2';

export interface SandboxFixture {
	readonly sandbox: Sandbox;
	run(node: string, parameters: Record<string, unknown>, extra?: Omit<RunOptions, 'node' | 'parameters' | 'credential'>): Promise<NodeRun>;
	search(node: string, method: string, filter?: string, paginationToken?: string): ReturnType<typeof searchList>;
	/** Requests the sandbox received on `path` (relative to /api/v2, e.g. `/prospectos/`). */
	requestsTo(path: string): RecordedRequest[];
}

/** Starts a sandbox before the file's tests and closes it after; requests, faults and what the process learned of its pace reset per test. */
export function sandboxPerFile(options: SandboxOptions = {}): SandboxFixture {
	const sandbox = perFile(
		() => startSandbox(options),
		(started) => {
			started.clearRequests();
			started.faults.clear();
			forgetPaces();
		},
	);
	const credential = () => credentialFor({ baseUrl: sandbox().url, authMethod: 'apiKey', apiKey: DEMO.apiKey });
	return {
		get sandbox() {
			return sandbox();
		},
		run: (node, parameters, extra = {}) => runNode({ node, parameters, credential: credential(), ...extra }),
		search: (node, method, filter, paginationToken) => searchList(node, method, credential(), filter, paginationToken),
		requestsTo: (path) => sandbox().requests.filter((request) => request.path === `${API}${path}`),
	};
}

export const byId = (id: string | number) => ({ __rl: true, mode: 'id', value: String(id) });
export const fromList = (id: string | number) => ({ __rl: true, mode: 'list', value: String(id) });

export const idsOf = (records: ReadonlyArray<{ id?: unknown }>) => records.map((record) => record.id);

/** A plain JSON copy, so store records compare equal to what came through HTTP. */
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function pagesFor(records: number, pageSize: number): number {
	return Math.max(1, Math.ceil(records / pageSize));
}

/** Resolves once `condition` holds, checking every 5 ms; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000) {
	const started = Date.now();
	while (!condition()) {
		if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
		await sleep(5);
	}
}
