/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in Node.js, not inside n8n */
import { createServer } from 'net';

/** Ports handed out by this process, so two calls never return the same port before it is bound. */
const handedOut = new Set<number>();

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 20; attempt++) {
		const port = await new Promise<number>((resolve, reject) => {
			const server = createServer();
			server.unref();
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const address = server.address();
				const chosen = typeof address === 'object' && address ? address.port : 0;
				server.close(() => resolve(chosen));
			});
		});
		if (port > 0 && !handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('no free port found on 127.0.0.1');
}
