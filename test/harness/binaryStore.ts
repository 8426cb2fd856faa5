/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
/*
 * n8n's filesystem binary store (N8N_DEFAULT_BINARY_DATA_MODE=filesystem), in a temp folder: items
 * then carry only the id of a file on disk, as after a download in a real n8n, and the node reads
 * the bytes through n8n-core's helpers when it asks for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { IBinaryData } from 'n8n-workflow';
import { BinaryDataService, FileLocation } from 'n8n-core';

// n8n-core's own copy of the container (it depends on another version of @n8n/di than the top level).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Container } = require(require.resolve('@n8n/di', { paths: [path.dirname(require.resolve('n8n-core'))] })) as typeof import('@n8n/di');

export interface FilesystemBinaryStore {
	/** Stores the bytes as an execution's file and gives the item's binary property for them. */
	store(bytes: Buffer, mimeType: string, fileName: string): Promise<IBinaryData>;
	close(): Promise<void>;
}

export async function useFilesystemBinaryStore(): Promise<FilesystemBinaryStore> {
	const folder = await mkdtemp(path.join(tmpdir(), 'admintotal-binary-'));
	const quiet = { error() {}, warn() {}, info() {}, debug() {} };
	const previous = Container.has(BinaryDataService) ? Container.get(BinaryDataService) : undefined;
	const service = new BinaryDataService({ mode: 'filesystem', localStoragePath: folder } as never, quiet as never, quiet as never);
	await service.init();
	Container.set(BinaryDataService, service);
	return {
		store: async (bytes, mimeType, fileName) =>
			await service.store(FileLocation.ofExecution('harnessWorkflow01', 'harness-execution'), bytes, { mimeType, fileName, data: '' } as IBinaryData),
		close: async () => {
			if (previous) Container.set(BinaryDataService, previous);
			await rm(folder, { recursive: true, force: true });
		},
	};
}

/** n8n's binary store on a full disk: every file it is asked to keep fails as Node's fs does (ENOSPC). */
export async function useFullBinaryStore(): Promise<FilesystemBinaryStore & { attempts: () => number }> {
	const filesystem = await useFilesystemBinaryStore();
	const service = Container.get(BinaryDataService);
	let attempts = 0;
	service.store = async () => {
		attempts++;
		throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
	};
	return { ...filesystem, attempts: () => attempts };
}
