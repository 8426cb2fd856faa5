/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- test code runs in Node.js, not inside n8n */
/*
 * Memory is bounded by what is in flight: Attach Image for 40 images of 8 MB kept in n8n's
 * filesystem binary store checks every image before sending any, but holds none of them meanwhile:
 * an image is read and encoded when its request is about to go. Measured as the memory the process
 * still holds (after a full garbage collection) when the tenant receives the first upload.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { credentialFor, runNode } from '../harness/engine';
import type { FilesystemBinaryStore } from '../harness/binaryStore';
import { useFilesystemBinaryStore } from '../harness/binaryStore';
import { UPLOAD_LANES } from '../../nodes/shared/fields/image';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const IMAGES = 40;
const MB = 1024 * 1024;
const IMAGE_BYTES = 8 * MB;
/** An image on its way is held a few times over: its bytes, its base64, the JSON body and the socket's copy (measured: 18 to 33 MB for 8 MB, and once 49 in a full run, as the collector had not yet freed every copy); 40 images held would be over 320 MB. */
const IN_FLIGHT_COST = 8 * IMAGE_BYTES;

/** What the process holds: the JS heap and the buffers outside it. */
function held(): number {
	collectGarbage();
	const { heapUsed, external } = process.memoryUsage();
	return heapUsed + external;
}

/** A work order tenant that notes what the process holds when the first upload arrives, and reads (then drops) every body. */
async function startUploadTenant() {
	const seen = { uploads: 0, bytes: 0, heldAtFirstUpload: 0, inFlight: 0, maxInFlight: 0 };
	const server = http.createServer((request, response) => {
		seen.inFlight++;
		seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
		if (request.method === 'POST' && seen.uploads++ === 0) seen.heldAtFirstUpload = held();
		request.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
		request.on('end', () => {
			seen.inFlight--;
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ id: seen.uploads, titulo: 'Evidencia', url: 'https://storage.example/imagen.png' }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		seen,
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('Attach Image: 40 images of 8 MB from the filesystem binary store', () => {
	let binaries: FilesystemBinaryStore;
	let tenant: Awaited<ReturnType<typeof startUploadTenant>>;
	const input: Array<{ json: object; binary: object }> = [];

	beforeAll(async () => {
		binaries = await useFilesystemBinaryStore();
		tenant = await startUploadTenant();
		for (let index = 0; index < IMAGES; index++) {
			const png = Buffer.alloc(IMAGE_BYTES, index);
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
			input.push({ json: { index }, binary: { photo: await binaries.store(png, 'image/png', `photo-${index}.png`) } });
		}
	}, 60_000);

	afterAll(async () => {
		await tenant?.close();
		await binaries?.close();
	});

	beforeEach(() => Object.assign(tenant.seen, { uploads: 0, bytes: 0, heldAtFirstUpload: 0, maxInFlight: 0 }));

	const attach = async (requestOptions: object) => {
		const before = held();
		const run = await runNode({
			node: 'admintotalWorkOrder',
			parameters: { resource: 'workOrder', operation: 'attachImage', workOrderId: '={{ 7 }}', title: 'Evidencia', imageSource: 'binary', binaryPropertyName: 'photo', requestOptions },
			credential: credentialFor({ baseUrl: tenant.url, authMethod: 'apiKey', apiKey: 'key' }),
			input: input as never,
		});
		expect(run.error).toBeUndefined();
		expect(tenant.seen.uploads).toBe(IMAGES);
		// Every image went whole, as base64 in JSON (4/3 of its bytes).
		expect(tenant.seen.bytes).toBeGreaterThan((IMAGES * IMAGE_BYTES * 4) / 3);
		const grown = tenant.seen.heldAtFirstUpload - before;
		console.log(`held at the first upload: +${(grown / MB).toFixed(1)} MB (${JSON.stringify(requestOptions)})`);
		return grown;
	};

	it('with Batching 1 item per batch, what the process holds when the first upload starts grows with the one image on its way, not 40', async () => {
		const grown = await attach({ batching: { batch: { batchSize: 1, batchInterval: 1 } } });
		expect(tenant.seen.maxInFlight).toBe(1);
		expect(grown).toBeLessThan(IN_FLIGHT_COST);
	}, 120_000);

	it(`without Batching, it grows with the ${UPLOAD_LANES} images a run uploads at once, not with all 40, however the budget could grow`, async () => {
		const grown = await attach({});
		// At most: on a busy machine reading and encoding the images may keep fewer on the way.
		expect(tenant.seen.maxInFlight).toBeLessThanOrEqual(UPLOAD_LANES);
		expect(grown).toBeLessThan(UPLOAD_LANES * IN_FLIGHT_COST);
	}, 120_000);
});
